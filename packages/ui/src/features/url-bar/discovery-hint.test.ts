import { describe, expect, it } from 'vitest'
import { discoveryHint } from './discovery-hint.js'

describe('discoveryHint', () => {
  it('shows the hints the server gave for the failed attempts', () => {
    const hint = discoveryHint({
      kind: 'error',
      reasons: ['rest: Cannot reach 127.0.0.1:1: connection refused (ECONNREFUSED).'],
      hints: ['Nothing is listening there: start the service, or check the host and port.'],
    })
    expect(hint).toBe('Nothing is listening there: start the service, or check the host and port.')
  })

  it('gives no hint for a URL that is fine or a failure the server gave none for', () => {
    expect(discoveryHint({ kind: 'ok', summary: 'rest: 1 service' })).toBeUndefined()
    expect(discoveryHint({ kind: 'error', reasons: ['rest: something odd'] })).toBeUndefined()
  })
})
