/** Options of the SSE plugin and the call message it reads. */
import type { OutboundPolicy } from '@wirebench/core'
import type { CookieJars, DispatcherFactory, HostListenerOf } from '@wirebench/transport'

export interface SsePluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Share a dispatcher factory with other plugins; by default the plugin creates its own. */
  dispatchers?: DispatcherFactory
  /** The server's per-environment cookie jars, used when the plugin creates its own dispatcher factory. */
  cookieJars?: CookieJars
  /** Failed reconnection attempts in a row before a reconnecting stream gives up (default 10). */
  maxReconnectAttempts?: number
  /** Cap on the wait between reconnections, whatever `retry` the server sends (default 30 s). */
  maxRetryMs?: number
  /** Cap on one event (default 8 MiB): a larger one ends the stream with payload_too_large. */
  maxEventBytes?: number
  /** Embedded mode: the host's own origin, reachable whatever `outbound` says, on the host's listener. */
  host?: { owns(url: string): boolean; listener: HostListenerOf }
}

export type SseHttpMethod = 'GET' | 'POST'

/** The one message of an SSE call (shared.md): everything optional, reconnect off by default. */
export interface SseCallMessage {
  method?: SseHttpMethod
  body?: unknown
  lastEventId?: string
  reconnect?: boolean
}

/** The name of the one method every SSE service has. */
export const subscribeMethod = 'subscribe'
