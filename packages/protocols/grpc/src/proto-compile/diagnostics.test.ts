import { describe, expect, it } from 'vitest'
import { parseBufDiagnostics } from './diagnostics.js'

const files = [
  { name: 'common.proto', path: 'acme/common.proto', content: new TextEncoder().encode('a\nimport "x/y.proto";\n') },
]

describe('parseBufDiagnostics', () => {
  it('maps the compiled path back to the uploaded name and keeps the range', () => {
    const stderr =
      '{"path":"acme/common.proto","start_line":1,"start_column":2,"end_line":1,"end_column":4,"type":"COMPILE","message":"boom"}\n'
    expect(parseBufDiagnostics({ stderr, files, workDir: '/tmp/w' })).toEqual([
      { file: 'common.proto', line: 1, column: 2, endLine: 1, endColumn: 4, message: 'boom' },
    ])
  })

  it('names the missing file of an import the compiler could not find', () => {
    const stderr =
      '{"path":"acme/common.proto","start_line":2,"start_column":1,"message":"imported file does not exist"}'
    expect(parseBufDiagnostics({ stderr, files, workDir: '/tmp/w' })[0]).toMatchObject({
      message: 'imports "x/y.proto", which is not among the uploaded files',
      missingImport: 'x/y.proto',
      hint: 'Upload y.proto together with common.proto.',
    })
  })

  it('reads text-mode positions and failures outside any file, without the private directory', () => {
    const stderr = 'acme/common.proto:3:7:syntax error\nFailure: could not read /tmp/w/acme: denied\n'
    expect(parseBufDiagnostics({ stderr, files, workDir: '/tmp/w' })).toEqual([
      { file: 'common.proto', line: 3, column: 7, message: 'syntax error' },
      { message: 'could not read acme: denied' },
    ])
  })

  it('ignores malformed JSON fields instead of passing them on', () => {
    const stderr = '{"path":42,"start_line":-1,"start_column":"x","message":{"no":1}}'
    expect(parseBufDiagnostics({ stderr, files, workDir: '/tmp/w' })).toEqual([
      { message: 'The compiler reported a problem.' },
    ])
  })
})
