import { describe, expect, it } from 'vitest'
import { discoveryHint } from './discovery-hint.js'

describe('discoveryHint', () => {
  it('tells the user to start the service when the connection is refused', () => {
    const hint = discoveryHint({
      kind: 'error',
      reasons: ['rest: Cannot reach 127.0.0.1:1: connection refused (ECONNREFUSED).'],
    })
    expect(hint).toMatch(/Start the service/)
  })

  it('points to the OpenAPI document when the URL returned an HTML page', () => {
    const hint = discoveryHint({
      kind: 'error',
      reasons: ['rest: the response is an HTML page, not an OpenAPI document.'],
    })
    expect(hint).toMatch(/\/openapi\.json/)
  })

  it('prefers the hints the server gave over recognising the wording', () => {
    const hint = discoveryHint({
      kind: 'error',
      reasons: ['rest: Cannot reach 127.0.0.1:1: connection refused (ECONNREFUSED).'],
      hints: ['Nothing is listening there: start the service, or check the host and port.'],
    })
    expect(hint).toBe('Nothing is listening there: start the service, or check the host and port.')
  })

  it('gives no hint for a URL that is fine or a reason it does not know', () => {
    expect(discoveryHint({ kind: 'ok', summary: 'rest: 1 service' })).toBeUndefined()
    expect(discoveryHint({ kind: 'error', reasons: ['rest: something odd'] })).toBeUndefined()
  })
})
