import { describe, expect, it } from 'vitest'
import { closeMessage, closeStatus } from './close-codes.js'

describe('close codes', () => {
  it('treats normal, going-away and no-code closes as OK and maps the failures', () => {
    expect([1000, 1001, 1005].map(closeStatus)).toEqual(['OK', 'OK', 'OK'])
    expect(closeStatus(1006)).toBe('Unavailable')
    expect(closeStatus(1008)).toBe('PermissionDenied')
    expect(closeStatus(1009)).toBe('ResourceExhausted')
    expect(closeStatus(1011)).toBe('Internal')
    expect(closeStatus(4001)).toBe('Unknown')
    expect(closeStatus(4999)).toBe('Unknown')
  })

  it('words the close with its code and reason', () => {
    expect(closeMessage(4001, 'bye')).toBe('Closed 4001: bye')
    expect(closeMessage(1005, '')).toBe('Closed 1005')
  })
})
