/** Options of the SignalR plugin and the bounds it applies to every hub connection. */
import type { LookupFunction } from 'node:net'
import type { OutboundPolicy } from '@wirebench/core'
import type { HostListenerOf, HostReach } from '@wirebench/transport'

export interface SignalrPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Largest hub message (or HTTP body) accepted; default 16 MiB (and never above `limits.maxResponseBytes`). */
  maxMessageBytes?: number
  /** Longest negotiate, transport start and handshake; default 30 s (never beyond the call's `limits.timeoutMs`). */
  handshakeTimeoutMs?: number
  /** How long a shared hub connection stays open without calls; default 60 s. */
  idleConnectionMs?: number
  /** Shared hub connections kept at once (least recently used goes); default 16. */
  maxPooledConnections?: number
  /** Frames received and not yet pulled before the transport stops reading; default 1,024. */
  maxQueuedFrames?: number
  /** Resolves host names; default the system resolver behind the transport's metadata guard. */
  lookup?: LookupFunction
  /**
   * Embedded mode: the host's own origin (a hub the host serves), reachable whatever `outbound` says; its connections
   * go to the host's listener whatever name the address carries (no DNS).
   */
  host?: { owns(url: string): boolean; listener: HostListenerOf }
}

export interface ResolvedOptions {
  outbound?: OutboundPolicy
  maxMessageBytes: number
  handshakeTimeoutMs: number
  idleConnectionMs: number
  maxPooledConnections: number
  maxQueuedFrames: number
  lookup: LookupFunction
  /** Embedded mode: whether an address is the host's own, and how to reach it (on its listener). */
  host?: { owns: (url: string) => boolean; reach: HostReach }
}

export const MiB = 1024 * 1024

export const transports = ['auto', 'WebSockets', 'ServerSentEvents', 'LongPolling'] as const
export type TransportChoice = (typeof transports)[number]
export const hubProtocols = ['json', 'messagepack'] as const
export type HubProtocolChoice = (typeof hubProtocols)[number]

/** How a call connects to the hub: the options every method's message carries. */
export interface ConnectionChoice {
  transport: TransportChoice
  protocol: HubProtocolChoice
  skipNegotiation: boolean
  keepAliveIntervalMs: number
  serverTimeoutMs: number
}

/** A hub invocation: which method, with which arguments. */
export interface Invocation {
  target: string
  arguments: unknown[]
}

/** What the `connection` method shows and does beyond connecting. */
export interface SessionChoice extends ConnectionChoice {
  /** Server-to-client targets to show (case-insensitive); empty shows all. */
  subscribe: string[]
  showPings: boolean
  reconnect: boolean
}

export const defaultKeepAliveMs = 15_000
export const defaultServerTimeoutMs = 30_000
