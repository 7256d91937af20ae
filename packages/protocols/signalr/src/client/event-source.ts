/**
 * The EventSource class the official client constructs for its Server-Sent Events transport, over the transport's
 * event-stream reader (undici, the call's TLS settings, the guarded lookup, bounded events). It pulls the next event
 * only while the consumer keeps up, so TCP pushes back on the hub.
 */
import { openEventSource } from '@wirebench/transport'
import { checkTarget, headersFor } from './hub-wire.js'
import type { HubWire } from './hub-wire.js'

interface EventSourceInitLike {
  headers?: Record<string, string>
}

export interface WireEventSource {
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: string }) => void) | null
  onerror: ((event: unknown) => void) | null
  close(): void
}

export type WireEventSourceClass = new (url: string, init?: EventSourceInitLike) => WireEventSource

export function eventSourceClass(wire: HubWire): WireEventSourceClass {
  return class EventSourceOverUndici implements WireEventSource {
    onopen: ((event: unknown) => void) | null = null
    onmessage: ((event: { data: string }) => void) | null = null
    onerror: ((event: unknown) => void) | null = null
    private readonly abort = new AbortController()
    private closed = false

    constructor(url: string, init: EventSourceInitLike = {}) {
      const { sameOrigin } = checkTarget(wire, url)
      const headers: Record<string, string> = {
        ...headersFor(wire, sameOrigin, init.headers ?? {}),
        Accept: 'text/event-stream',
      }
      for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name]
      const stopWithConnection = (): void => this.close()
      wire.signal.addEventListener('abort', stopWithConnection, { once: true })
      void this.read(url, headers, sameOrigin).finally(() =>
        wire.signal.removeEventListener('abort', stopWithConnection),
      )
    }

    private async read(url: string, headers: Record<string, string>, sameOrigin: boolean): Promise<void> {
      try {
        for await (const item of openEventSource({
          url,
          displayUrl: wire.displayUrl,
          headers,
          dispatcher: sameOrigin ? wire.hubDispatcher : wire.foreignDispatcher,
          signal: this.abort.signal,
          clientCertificate: sameOrigin && wire.clientCertificate,
          reconnect: false,
          maxEventBytes: wire.maxMessageBytes,
        })) {
          if (this.closed) return
          if (item.type === 'open') {
            wire.onTransport('ServerSentEvents')
            this.onopen?.({})
          } else if (item.type === 'event') {
            await wire.gate.ready()
            if (this.closed) return
            this.onmessage?.({ data: item.event.data })
          } else if (item.type === 'refused' || item.type === 'end') {
            this.fail(item.type === 'refused' ? new Error(`HTTP ${item.status}`) : item.error)
            return
          }
        }
        this.fail(undefined)
      } catch (error) {
        this.fail(error)
      }
    }

    private fail(error: unknown): void {
      if (this.closed) return
      this.closed = true
      this.onerror?.(error ?? {})
    }

    close(): void {
      this.closed = true
      this.abort.abort()
    }
  }
}
