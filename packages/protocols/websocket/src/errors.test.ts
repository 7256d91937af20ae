import { describe, expect, it } from 'vitest'
import { toSocketError } from './errors.js'

const context = (url: string) => ({ url, signal: new AbortController().signal, clientCertificate: false })

describe('toSocketError', () => {
  it('names only the host of an address whose handshake timed out', () => {
    const error = toSocketError(
      new Error('Opening handshake has timed out'),
      context('ws://alice:hunter2@example.com:8080/feed?token=s3cr3t'),
    )
    expect(error.code).toBe('timeout')
    expect(error.message).toBe('example.com:8080 did not complete the WebSocket handshake in time.')
  })

  it('passes neither path nor query to the network error mapping', () => {
    const aborted = Object.assign(new Error('The operation was aborted'), { name: 'AbortError' })
    const error = toSocketError(aborted, context('wss://alice:hunter2@127.0.0.1:9/feed?token=s3cr3t'))
    expect(error.message).toContain('127.0.0.1:9')
    expect(error.message).not.toContain('hunter2')
    expect(error.message).not.toContain('s3cr3t')
    expect(error.message).not.toContain('/feed')
  })
})
