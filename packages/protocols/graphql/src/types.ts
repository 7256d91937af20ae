/** Types of the GraphQL plugin: options, the call message, and what it keeps per discovered target. */
import type { GraphQLField, GraphQLSchema } from 'graphql'
import type { MethodInfo, OutboundPolicy, ServiceInfo } from '@wirebench/core'
import type { CookieJars, HostListenerOf } from '@wirebench/transport'

/** What an embedding host hands the plugin: its own addresses and the schema objects it serves. */
export interface GraphqlHost {
  /** True for an address on the host's own origin: reachable whatever the outbound policy says. */
  owns(url: string): boolean
  /** The host's own listener for an address it owns: calls connect there whatever the name (no DNS). */
  listener: HostListenerOf
  /** The schema object served at `url`, when the host hands it over (anything else is ignored). */
  schemaAt(url: string): unknown
}

export interface GraphqlPluginOptions {
  /** Outbound target policy (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** The server's per-environment cookie jars; with them a `cookieEnv` marker is honoured on HTTP requests. */
  cookieJars?: CookieJars
  /** Discovered endpoints kept (least recently used go first). Default 32. */
  maxCachedTargets?: number
  /** Nesting depth of input objects in argument forms before they are cut (`truncated`). Default 4. */
  maxInputDepth?: number
  /** Events a subscription may hold unread before its source is paused. Default: the call's queue limit. */
  maxQueuedEvents?: number
  /** Bytes of unread events a subscription may hold before its source is paused. Default 16 MiB. */
  maxQueuedBytes?: number
  /** Embedded mode: the host's own endpoints, reachable whatever `outbound` says, their schemas read in process. */
  host?: GraphqlHost
}

export type RootKind = 'query' | 'mutation' | 'subscription'

export type SubscriptionTransport = 'auto' | 'graphql-ws' | 'graphql-sse'

/** The call message: `{ query?, variables?, operationName?, subscriptionTransport?, subscriptionUrl? }`. */
export interface GraphqlMessage {
  query?: string
  variables?: Record<string, unknown>
  operationName?: string
  subscriptionTransport?: SubscriptionTransport
  /** Where the server serves subscriptions when not at the endpoint (Apollo's `/subscriptions` set-up). */
  subscriptionUrl?: string
}

export interface CachedOperation {
  kind: RootKind
  service: ServiceInfo
  method: MethodInfo
  field: GraphQLField<unknown, unknown>
  /** The ready-to-send operation for this root field (also the `query` field's default value). */
  defaultQuery: string
  defaultOperationName: string
}

/** What discovery leaves for calls and for the schema route. */
export interface CachedTarget {
  url: string
  schema: GraphQLSchema
  services: ServiceInfo[]
  operations: Map<string, CachedOperation>
  /** The introspection result `{ "__schema": … }` as JSON text, serialized on first request. */
  introspection(): string
  /** SHA-256 of the introspection answer: the same answer again reuses this target instead of rebuilding it. */
  digest: string
}

export function operationKey(service: string, method: string): string {
  return `${service}\u0000${method}`
}
