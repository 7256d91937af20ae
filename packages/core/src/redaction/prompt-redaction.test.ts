import { describe, expect, it } from 'vitest'
import { PROMPT_MASK, redactForPrompt } from './prompt-redaction.js'

const keep = (text: string) => text

describe('redaction for a prompt', () => {
  it('masks each value of a list under a credential name, as it masks a single one', () => {
    const response = {
      headers: { 'set-cookie': ['sid=cookie-canary-1; Path=/', 'csrf=cookie-canary-2'], 'content-type': 'text/plain' },
      body: { tokens: ['tok-canary-3', 7], items: ['kept'], token: 'tok-canary-4' },
    }
    expect(redactForPrompt(response, keep)).toEqual({
      headers: { 'set-cookie': [PROMPT_MASK, PROMPT_MASK], 'content-type': 'text/plain' },
      body: { tokens: [PROMPT_MASK, PROMPT_MASK], items: ['kept'], token: PROMPT_MASK },
    })
  })

  it('still walks an object under a credential name, so a field’s description survives', () => {
    const field = { token: { type: 'string', description: 'The session token' } }
    expect(redactForPrompt(field, keep)).toEqual(field)
  })
})
