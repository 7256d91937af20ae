/**
 * The Express host's GraphQL and WebSocket endpoints: GraphQL servers the host names with their schema objects
 * (graphql-yoga, Apollo's middleware — nothing in the router stack tells them from other handlers), and express-ws
 * routes, which express-ws registers as `GET <path>/.websocket`. Upgrade handlers attached to the http server itself
 * (`ws` with `{ server }`) are closures the workbench cannot read: they are not listed.
 */
import type { HostEndpoint } from '@wirebench/server'
import type { GraphqlEndpointOption } from '../options.js'
import type { ExpressRoute } from './route-walk.js'
import { expressPathToOpenApi } from './route-walk.js'

const expressWsSuffix = '/.websocket'

function trimmed(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path
}

export interface ExpressEndpoints {
  /** The routes left for the REST listing. */
  restRoutes: ExpressRoute[]
  endpoints: HostEndpoint[]
}

export function expressEndpoints(
  routes: readonly ExpressRoute[],
  given: readonly GraphqlEndpointOption[],
): ExpressEndpoints {
  const graphql = given.map((e) => ({ protocol: 'graphql' as const, path: trimmed(e.path), schema: e.schema }))
  const graphqlPaths = new Set(graphql.map((e) => e.path))
  const webSockets = new Set<string>()
  const restRoutes: ExpressRoute[] = []
  for (const route of routes) {
    const path = trimmed(expressPathToOpenApi(route.path))
    if (route.method === 'GET' && path.endsWith(expressWsSuffix)) {
      webSockets.add(path.slice(0, -expressWsSuffix.length) || '/')
      continue
    }
    if (graphqlPaths.has(path)) continue
    restRoutes.push(route)
  }
  return {
    restRoutes,
    endpoints: [...graphql, ...[...webSockets].map((path) => ({ protocol: 'websocket' as const, path }))],
  }
}
