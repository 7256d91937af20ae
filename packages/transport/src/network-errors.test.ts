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
      message:
        'TLS handshake with h failed: its certificate is not issued by a CA this workbench trusts (DEPTH_ZERO_SELF_SIGNED_CERT).',
      hint: expect.stringContaining('CA certificate'),
    })
  })

  it('says when the server wants a client certificate, and when it refused the one sent', () => {
    expect(
      toNetworkError(socketError('ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED'), { url: 'https://h/' }),
    ).toMatchObject({
      message: expect.stringContaining('the server requires a client certificate'),
      hint: expect.stringContaining('Configure mTLS'),
    })
    const refused = socketError('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE')
    expect(toNetworkError(refused, { url: 'https://h/' }).hint).toMatch(/may require a client certificate/)
    expect(toNetworkError(refused, { url: 'https://h/', clientCertificate: true }).message).toMatch(
      /rejected the client certificate/,
    )
    expect(toNetworkError(socketError('ERR_SSL_TLSV1_ALERT_UNKNOWN_CA'), { url: 'https://h/' }).hint).toMatch(
      /issued by a CA the server trusts/,
    )
  })

  it('points at client certificates when an https server closes the connection without answering', () => {
    const closed = socketError('UND_ERR_SOCKET')
    expect(toNetworkError(closed, { url: 'https://h/' }).hint).toMatch(/requires a client certificate/)
    expect(toNetworkError(closed, { url: 'https://h/', clientCertificate: true }).hint).toMatch(/rejected the client/)
    expect(toNetworkError(closed, { url: 'http://h/' }).hint).toMatch(/expects TLS/)
  })

  it('reports the deadline as a timeout with the budget', () => {
    const error = toNetworkError(new Error('aborted'), { url: 'http://h/slow', timedOut: true, budgetMs: 250 })
    expect(error).toMatchObject({ code: 'timeout', message: 'http://h/slow did not answer in time after 250 ms.' })
  })

  it('answers a header undici or Node refuses as the user’s invalid request, not an unreachable host', () => {
    const undici = Object.assign(new Error('invalid x-trace header'), { code: 'UND_ERR_INVALID_ARG' })
    const node = Object.assign(new TypeError('Invalid character in header content ["x-trace"]'), {
      code: 'ERR_INVALID_CHAR',
    })
    for (const cause of [undici, node]) {
      const error = toNetworkError(cause, { url: 'http://127.0.0.1:9/x' })
      expect(error.code).toBe('invalid_request')
      expect(error.message).toMatch(/^The request to 127\.0\.0\.1:9 cannot be sent: .*x-trace/)
    }
  })

  it('gives an unknown failure no made-up hint', () => {
    expect(toNetworkError(new Error('odd'), { url: 'http://h/' })).toMatchObject({ message: 'Cannot reach h: odd.' })
    expect(toNetworkError(new Error('odd'), { url: 'http://h/' }).hint).toBeUndefined()
  })
})
