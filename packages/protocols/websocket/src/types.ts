/** Options of the WebSocket plugin and the bounds it applies to every connection. */
import type { LookupFunction } from 'node:net'
import type { OutboundPolicy } from '@wirebench/core'
import type { HostListenerOf, HostSocketOptions } from '@wirebench/transport'

export interface WebSocketPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Largest message accepted from a server; default 16 MiB (and never above `limits.maxResponseBytes`). */
  maxPayloadBytes?: number
  /** Frames received and not yet pulled before the socket is paused; default 1,024 (or `limits.maxQueuedFrames`). */
  maxQueuedFrames?: number
  /** Bytes received and not yet pulled before the socket is paused; default 16 MiB. */
  maxQueuedBytes?: number
  /** Bytes handed to the socket and not yet written before `send` waits for them; default 1 MiB. */
  maxBufferedSendBytes?: number
  /** How long `closeSend` (and invoke's final close) waits for the server's close frame; default 5 s. */
  closeTimeoutMs?: number
  /** Longest opening handshake (never beyond the call's `limits.timeoutMs`); default 30 s. */
  handshakeTimeoutMs?: number
  /** Resolves host names for connections; default: the system resolver behind the transport's metadata guard. */
  lookup?: LookupFunction
  /**
   * Embedded mode: the host's own WebSocket routes. An address it owns is listed from its route table (no probe
   * handshake runs the route's handler) and is reachable whatever `outbound` says: its sockets open on the host's
   * own listener, whatever name the address carries (no DNS).
   */
  host?: { owns(url: string): boolean; listener: HostListenerOf }
}

export interface ResolvedOptions {
  outbound?: OutboundPolicy
  maxPayloadBytes: number
  maxQueuedFrames: number
  maxQueuedBytes: number
  maxBufferedSendBytes: number
  closeTimeoutMs: number
  handshakeTimeoutMs: number
  lookup: LookupFunction
  isHostUrl?: (url: string) => boolean
  /** How a socket to the host's own address opens: on the host's listener. */
  hostSocket?: (url: string) => HostSocketOptions
}

export const MiB = 1024 * 1024
