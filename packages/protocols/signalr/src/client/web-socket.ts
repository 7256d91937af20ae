/**
 * The WebSocket class the official client constructs for its WebSockets transport: `ws` with the call's TLS
 * settings, the guarded lookup, a payload bound, no redirects, and the bearer token also as `access_token` in the
 * query (what ASP.NET Core reads on WebSockets, since browsers cannot send headers there). It stops reading while
 * the consumer is behind, so TCP pushes back on the hub.
 */
import WebSocket from 'ws'
import type { ClientOptions } from 'ws'
import { toNetworkError } from '@wirebench/transport'
import { checkHeaders, checkTarget, headersFor } from './hub-wire.js'
import type { HubWire } from './hub-wire.js'

const bearerPrefix = 'bearer '

function tokenOf(headers: Record<string, string>): string | undefined {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authorization')
  const value = entry?.[1]
  return value !== undefined && value.toLowerCase().startsWith(bearerPrefix)
    ? value.slice(bearerPrefix.length)
    : undefined
}

export type WireWebSocketClass = new (
  url: string,
  protocols?: string | string[],
  options?: { headers?: Record<string, string> },
) => WebSocket

export function webSocketClass(wire: HubWire): WireWebSocketClass {
  return class WireWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[], options?: { headers?: Record<string, string> }) {
      const { sameOrigin } = checkTarget(wire, url)
      const headers = headersFor(wire, sameOrigin, options?.headers ?? {})
      // The upgrade's headers as sent (the environment's and the client's own), in the check every transport's entry
      // point makes: a line break is an error naming the header (and whose it is), and nothing is sent.
      checkHeaders(wire, headers)
      const address = new URL(url)
      const token = tokenOf(headers)
      if (token !== undefined && !address.searchParams.has('access_token')) {
        address.searchParams.set('access_token', token)
      }
      const tls = sameOrigin ? wire.hubTls : wire.foreignTls
      const onHost = sameOrigin ? wire.hostSocket?.(address.href) : undefined
      const clientOptions: ClientOptions & { lookup?: HubWire['lookup'] } = {
        headers,
        ...(onHost ?? { lookup: wire.lookup }),
        maxPayload: wire.maxMessageBytes,
        followRedirects: false,
        handshakeTimeout: wire.handshakeTimeoutMs,
        perMessageDeflate: false,
        ...(address.protocol === 'wss:' && tls && !onHost ? tls : {}),
      }
      super(address.href, protocols ?? [], clientOptions)
      this.once('open', () => wire.onTransport('WebSockets'))
      this.on('error', (error) =>
        wire.onError?.(
          toNetworkError(error, { url: wire.displayUrl, clientCertificate: sameOrigin && wire.clientCertificate }),
        ),
      )
      const stop = wire.gate.onChange((open) => (open ? this.resume() : this.pause()))
      if (!wire.gate.isOpen) this.pause()
      this.once('close', stop)
    }
  }
}
