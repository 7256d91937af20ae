/**
 * What an embedding host (`@wirebench/embed`'s Fastify plugin or Express glue) gives the workbench: its routes for
 * the REST plugin, its origin (discovered from the route table, never over HTTP) and what the UI says about it.
 */
import type { EmbeddedHostInfo } from '@wirebench/core'
import type { RestHost } from '@wirebench/protocol-rest'

/** An endpoint of another protocol the host serves, read from its route table (or handed over by the host). */
export interface HostEndpoint {
  protocol: 'graphql' | 'websocket'
  /** Path on the host's origin (`/graphql`, `/chat`). */
  path: string
  /** GraphQL: the schema object served there, read in process instead of introspecting over HTTP. */
  schema?: unknown
}

export interface EmbeddedHost extends RestHost {
  /** Framework, host name, route count and any notice (routes it could not see), read when the page loads. */
  info(): EmbeddedHostInfo
  /** The host's GraphQL and WebSocket endpoints, listed beside its REST routes when its origin is discovered. */
  endpoints?(): HostEndpoint[]
}
