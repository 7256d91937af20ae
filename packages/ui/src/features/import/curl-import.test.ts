import { describe, expect, it } from 'vitest'
import { joinContinuations } from './curl-import.js'

describe('joinContinuations', () => {
  it('joins continuations and line breaks between arguments, keeping those inside quotes', () => {
    // Firefox's "Copy as cURL" of a body typed on three lines.
    const firefox = "curl 'http://127.0.0.1:1/notes' \\\n  -X POST \\\n  --data-raw 'line one\nline two\n  indented'"
    expect(joinContinuations(firefox)).toBe(
      "curl 'http://127.0.0.1:1/notes' -X POST --data-raw 'line one\nline two\n  indented'",
    )
    // Chromium's bash format: ANSI-C quoting with an escaped quote, and a double-quoted body with one.
    const chromium = "curl 'http://h/' \\\n  --data-raw $'it\\'s\nhere' \\\n  -d \"say \\\"hi\\\"\nthere\""
    expect(joinContinuations(chromium)).toBe("curl 'http://h/' --data-raw $'it\\'s\nhere' -d \"say \\\"hi\\\"\nthere\"")
    // Windows cmd: `^` continuations.
    expect(joinContinuations('curl ^"http://h/^" ^\r\n  -H ^"a: b^"')).toBe('curl ^"http://h/^" -H ^"a: b^"')
  })
})
