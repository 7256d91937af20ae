/**
 * The Fastify host's GraphQL and WebSocket endpoints: mercurius' routes (told by the GraphQL request schema they
 * declare) with the schema object mercurius keeps on `app.graphql.schema`, endpoints the host names itself
 * (graphql-yoga mounted on a route), and `@fastify/websocket` routes (`websocket: true`).
 */
import type { HostEndpoint } from '@wirebench/server'
import type { FastifyInstance } from 'fastify'
import type { GraphqlEndpointOption } from '../options.js'
import type { FastifyRouteTable } from './route-table.js'

export interface FastifyEndpoints {
  list: () => HostEndpoint[]
  /**
   * Paths served as GraphQL, left out of the REST listing: a predicate over the endpoints as they are now (take it
   * once per listing; it is asked about every route).
   */
  graphqlPathFilter: () => (path: string) => boolean
}

function trimmed(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path
}

/** Mercurius decorates the instance it is registered on (through fastify-plugin: the host's root) with `graphql`. */
function mercuriusSchema(app: FastifyInstance): unknown {
  if (!app.hasDecorator('graphql')) return undefined
  const graphql = (app as unknown as { graphql?: { schema?: unknown } }).graphql
  return graphql?.schema
}

export function fastifyEndpoints(
  app: FastifyInstance,
  table: FastifyRouteTable,
  given: readonly GraphqlEndpointOption[],
): FastifyEndpoints {
  const graphql = (): HostEndpoint[] => {
    const named = given.map((e) => ({ protocol: 'graphql' as const, path: trimmed(e.path), schema: e.schema }))
    const taken = new Set(named.map((e) => e.path))
    // Without the schema object (mercurius registered inside an encapsulated plugin) the GraphQL plugin introspects.
    const schema = mercuriusSchema(app)
    const found = table
      .graphqlPaths()
      .filter((path) => !taken.has(path))
      .map((path) => ({ protocol: 'graphql' as const, path, ...(schema === undefined ? {} : { schema }) }))
    return [...named, ...found]
  }
  const graphqlPathFilter = (): ((path: string) => boolean) => {
    const paths = new Set(graphql().map((e) => e.path))
    return (path) => paths.has(trimmed(path))
  }
  return {
    list() {
      const graphqlEndpoints = graphql()
      const paths = new Set(graphqlEndpoints.map((e) => e.path))
      const webSockets = table
        .webSocketPaths()
        .filter((path) => !paths.has(path))
        .map((path) => ({ protocol: 'websocket' as const, path }))
      return [...graphqlEndpoints, ...webSockets]
    },
    graphqlPathFilter,
  }
}
