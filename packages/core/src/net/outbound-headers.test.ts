import { describe, expect, it } from 'vitest'
import type { WorkbenchError } from '../errors/workbench-error.js'
import { checkOutboundHeaders } from './outbound-headers.js'

function refusal(headers: Record<string, string>): WorkbenchError | undefined {
  try {
    checkOutboundHeaders(headers)
    return undefined
  } catch (error) {
    return error as WorkbenchError
  }
}

describe('outbound header check', () => {
  it('lets through what every transport sends: tokens as names, tab, visible ASCII and Latin-1 in values', () => {
    expect(
      refusal({ 'X-Api-Key': 'k', accept: 'a/b; q=0.9', 'x-tab': 'a\tb', 'x-latin': 'café', 'grpc-timeout': '1S' }),
    ).toBeUndefined()
  })

  it('names the header and never echoes the value', () => {
    const error = refusal({ ok: 'fine', authorization: 'Bearer s3cret\r\nX-Evil: 1' })
    expect(error?.code).toBe('invalid_request')
    expect(error?.message).toBe(
      'The value of the header authorization contains a line break (CR or LF), which cannot be sent.',
    )
    expect(JSON.stringify(error)).not.toContain('s3cret')
    expect(refusal({ 'x-nul': 'a\u0000b' })?.message).toContain('a control character (U+0000)')
    expect(refusal({ 'x-emoji': '🙂' })?.message).toContain('U+1F642, outside Latin-1')
  })

  it('refuses names that are not tokens, showing their control characters as a symbol', () => {
    expect(refusal({ 'x bad': 'v' })?.message).toBe('The header name "x bad" is not valid.')
    expect(refusal({ 'x\r\nInjected': 'v' })?.message).toBe('The header name "x␤␤Injected" is not valid.')
    expect(refusal({ '': 'v' })?.code).toBe('invalid_request')
  })
})
