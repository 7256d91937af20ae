import type { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isCrossSite } from './cross-site.js'

/** A request as node:http hands it over: headers, and the socket's local address (what the client connected to). */
function request(headers: Record<string, string>, localAddress = '127.0.0.1', localPort = 4000): IncomingMessage {
  const socket = new Socket()
  Object.defineProperties(socket, { localAddress: { value: localAddress }, localPort: { value: localPort } })
  return { headers, socket } as unknown as IncomingMessage
}

describe('isCrossSite', () => {
  it('lets through requests without Origin or Sec-Fetch-Site, as the workbench sends them from Node', () => {
    expect(isCrossSite(request({}))).toBe(false)
    expect(isCrossSite(request({ 'sec-fetch-site': 'none' }))).toBe(false)
  })

  it('lets through the demo service own origin, IPv6 included', () => {
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-origin' }))).toBe(false)
    expect(isCrossSite(request({ origin: 'http://[::1]:4000' }, '::1'))).toBe(false)
  })

  it('refuses another origin, another port of the same host, and Sec-Fetch-Site cross-site or same-site', () => {
    expect(isCrossSite(request({ origin: 'https://evil.example' }))).toBe(true)
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:4001' }))).toBe(true)
    expect(isCrossSite(request({ origin: 'null' }))).toBe(true)
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }))).toBe(true)
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-site' }))).toBe(true)
  })
})
