/**
 * What an embedding host (`@wirebench/embed`'s Fastify plugin or Express glue) gives the workbench: its routes for
 * the REST plugin, its origin (discovered from the route table, never over HTTP) and what the UI says about it.
 */
import type { EmbeddedHostInfo } from '@wirebench/core'
import type { RestHost } from '@wirebench/protocol-rest'

export interface EmbeddedHost extends RestHost {
  /** Framework, host name, route count and any notice (routes it could not see), read when the page loads. */
  info(): EmbeddedHostInfo
}
