/** Options of the embedded workbench, shared by the Fastify plugin and the Express glue. */
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { WorkbenchOptions } from '@wirebench/server'
import type { AnnounceOptions } from './announce.js'

export interface EmbedOptions
  extends Omit<WorkbenchOptions, 'mode' | 'embeddedHost' | 'configDir' | 'launchTickets'>, AnnounceOptions {
  /** Where the workbench keeps its files (environments, uploads); default `~/.wirebench`. */
  configDir?: string
  /** The host's name in the UI; default the `name` of the package.json where the process runs. */
  name?: string
  /**
   * GraphQL endpoints the host serves with their schema objects (graphql-yoga, Apollo…): listed as GraphQL services,
   * read in process, and left out of the REST listing. Mercurius on a Fastify host is found without this.
   */
  graphql?: GraphqlEndpointOption[]
  /**
   * The host's OpenAPI document, built in process (swagger-jsdoc, zod-to-openapi, tsoa, @nestjs/swagger): each route
   * found in the framework takes the document's operation for the same verb and path. Never fetched over HTTP.
   */
  openapi?: Record<string, unknown>
}

export interface GraphqlEndpointOption {
  /** Path on the host (`/graphql`). */
  path: string
  /** The `GraphQLSchema` served there. */
  schema: unknown
}

export interface FastifyEmbedOptions extends EmbedOptions {
  /** Mount path of the workbench; default `/workbench`. */
  prefix?: string
}

export function configDirOf(options: EmbedOptions): string {
  return options.configDir ?? join(homedir(), '.wirebench')
}

/** `/workbench/` → `/workbench`; the root is refused (the workbench would shadow the host's own routes). */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = `/${(prefix ?? '/workbench').replace(/^\/+|\/+$/g, '')}`
  if (trimmed === '/') {
    throw new Error('The workbench needs a prefix of its own (e.g. /workbench), not the root of the host.')
  }
  return trimmed
}
