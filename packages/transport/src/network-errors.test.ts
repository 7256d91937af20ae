import { describe, expect, it } from 'vitest'
import { toNetworkError } from './network-errors.js'

function socketError(code: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) })
}

describe('network errors', () => {
  it('names the host and the cause of a refused connection and says what to do', () => {
    const error = toNetworkError(socketError('ECONNREFUSED'), { url: 'http://127.0.0.1:9/openapi.json' })
    expect(error).toMatchObject({
      code: 'upstream_unreachable',
      message: 'Cannot reach 127.0.0.1:9: connection refused (ECONNREFUSED).',
      hint: expect.stringContaining('Nothing is listening there'),
      details: { code: 'ECONNREFUSED' },
    })
  })

  it('hints at DNS for an unknown host and at TLS for a certificate failure', () => {
    expect(toNetworkError(socketError('ENOTFOUND'), { url: 'https://nope.invalid/' }).hint).toMatch(/host name/)
    expect(toNetworkError(socketError('DEPTH_ZERO_SELF_SIGNED_CERT'), { url: 'https://h/' })).toMatchObject({
      message: 'TLS handshake with h failed (DEPTH_ZERO_SELF_SIGNED_CERT).',
      hint: expect.stringContaining('CA certificate'),
    })
  })

  it('reports the deadline as a timeout with the budget', () => {
    const error = toNetworkError(new Error('aborted'), { url: 'http://h/slow', timedOut: true, budgetMs: 250 })
    expect(error).toMatchObject({ code: 'timeout', message: 'http://h/slow did not answer in time after 250 ms.' })
  })

  it('gives an unknown failure no made-up hint', () => {
    expect(toNetworkError(new Error('odd'), { url: 'http://h/' })).toMatchObject({ message: 'Cannot reach h: odd.' })
    expect(toNetworkError(new Error('odd'), { url: 'http://h/' }).hint).toBeUndefined()
  })
})
