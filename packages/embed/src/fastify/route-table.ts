/**
 * The Fastify host's route table, collected by an `onRoute` hook on the host's root context (so it sees every route
 * registered after the workbench) and mapped per SPEC.md's embedded column.
 */
import type { RouteOptions } from 'fastify'
import { fastifyPathToOpenApi } from '../routes/fastify-path.js'
import { defaultServiceName, groupName } from '../routes/host-route.js'
import type { HostRoute } from '../routes/host-route.js'
import { isObject } from '../routes/shared-schemas.js'
import type { SharedSchemas } from '../routes/shared-schemas.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's name in the workbench when its schema has no `operationId`. */
    name?: string
    /** Leave the route out of the workbench. */
    hide?: boolean
  }
}

/** The route as `onRoute` hands it over: with the prefix of the plugin that declared it (and plugins' own options). */
export type DeclaredRoute = RouteOptions & { prefix?: string; sse?: unknown; websocket?: unknown }

/** What the hook keeps of a route: only what the mapping reads. */
export interface SeenRoute {
  methods: string[]
  url: string
  prefix: string
  schema?: Record<string, unknown>
  config?: Record<string, unknown>
  /** `@fastify/sse`'s `sse: true`: the route answers text/event-stream. */
  isEventStream?: boolean
  /** `@fastify/websocket`'s `websocket: true`: an upgrade, not a REST call (left out of the REST listing). */
  isWebSocket?: boolean
  /** Takes GraphQL requests (`query`, `operationName`, `variables`), as mercurius' routes declare. */
  isGraphql?: boolean
}

export interface FastifyRouteTable {
  onRoute(route: DeclaredRoute): void
  /** Adds a route known only by verb and path (registered before the workbench: its schema is out of reach). */
  addBare(method: string, url: string): void
  has(method: string, url: string): boolean
  /** REST routes, without the paths `isOther` claims for another protocol. */
  routes(shared: SharedSchemas, isOther?: (path: string) => boolean): HostRoute[]
  /** REST operations listed (as `routes()` counts them, without the paths `isOther` claims). */
  count(isOther?: (path: string) => boolean): number
  /** OpenAPI-style paths of `websocket: true` routes. */
  webSocketPaths(): string[]
  /** OpenAPI-style paths of routes whose schema takes GraphQL requests. */
  graphqlPaths(): string[]
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

function isOwnRoute(url: string, ownPrefix: string): boolean {
  return ownPrefix !== '' && (url === ownPrefix || url.startsWith(`${ownPrefix}/`))
}

/** `@fastify/swagger` and its UIs mark their own routes `hide`; so may the host (SPEC.md: hidden endpoints). */
function isHidden(seen: SeenRoute): boolean {
  return seen.schema?.['hide'] === true || seen.config?.['hide'] === true || seen.isWebSocket === true
}

function unique(paths: string[]): string[] {
  return [...new Set(paths.map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)))]
}

/** A GET querystring or POST body (or its batched `anyOf` form) with `query`, `operationName` and `variables`. */
function takesGraphql(schema: Record<string, unknown> | undefined): boolean {
  const isRequest = (value: unknown): boolean => {
    if (!isObject(value)) return false
    if (Array.isArray(value['anyOf'])) return value['anyOf'].some(isRequest)
    const properties = value['properties']
    return isObject(properties) && ['query', 'operationName', 'variables'].every((name) => name in properties)
  }
  return schema !== undefined && (isRequest(schema['querystring']) || isRequest(schema['body']))
}

export function createFastifyRouteTable(ownPrefix: () => string): FastifyRouteTable {
  const seen: SeenRoute[] = []
  const keys = new Set<string>()
  // A `/` route under a prefix is registered as `/authors` and `/authors/` (prefixTrailingSlash 'both'): one route.
  const keyOf = (method: string, url: string): string => `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`

  const add = (route: SeenRoute): void => {
    if (isOwnRoute(route.url, ownPrefix())) return
    route.methods = route.methods.filter((method) => !keys.has(keyOf(method, route.url)))
    if (route.methods.length === 0) return
    for (const method of route.methods) keys.add(keyOf(method, route.url))
    seen.push(route)
  }

  const mapped = (shared: SharedSchemas, isOther: (path: string) => boolean = () => false): HostRoute[] => {
    const out: HostRoute[] = []
    for (const route of seen) {
      if (isHidden(route)) continue
      const schema = route.schema ?? {}
      const tags = schema['tags']
      const tag = Array.isArray(tags) ? stringOf(tags[0]) : undefined
      const { path } = fastifyPathToOpenApi(route.url)
      if (isOther(path)) continue
      for (const method of route.methods) {
        // HEAD twins Fastify adds for every GET (exposeHeadRoutes) are not routes the host wrote.
        if (method === 'HEAD' && keys.has(keyOf('GET', route.url))) continue
        const host: HostRoute = {
          method,
          path,
          service: tag ?? groupName(route.prefix) ?? defaultServiceName,
        }
        const name = stringOf(schema['operationId']) ?? stringOf(route.config?.['name'])
        if (name !== undefined) host.name = name
        const summary = stringOf(schema['summary'])
        if (summary !== undefined) host.summary = summary
        const description = stringOf(schema['description'])
        if (description !== undefined) host.description = description
        if (schema['deprecated'] === true) host.deprecated = true
        for (const part of ['params', 'querystring', 'headers', 'body'] as const) {
          const value = shared.route(schema[part])
          if (value !== undefined) host[part] = value
        }
        if (Array.isArray(schema['consumes'])) host.consumes = schema['consumes'].filter((t) => typeof t === 'string')
        if (route.isEventStream === true) host.produces = ['text/event-stream']
        else if (Array.isArray(schema['produces']))
          host.produces = schema['produces'].filter((t) => typeof t === 'string')
        if (isObject(schema['response'])) {
          const responses: Record<string, Record<string, unknown>> = {}
          for (const [status, response] of Object.entries(schema['response'])) {
            const value = shared.route(response)
            if (value !== undefined) responses[status] = value
          }
          host.responses = responses
        }
        out.push(host)
      }
    }
    return out
  }

  return {
    onRoute(route) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase())
      const entry: SeenRoute = { methods, url: route.url, prefix: route.prefix ?? '' }
      if (isObject(route.schema)) entry.schema = route.schema
      if (isObject(route.config)) entry.config = route.config
      if (route.sse !== undefined && route.sse !== false) entry.isEventStream = true
      if (route.websocket === true) entry.isWebSocket = true
      if (takesGraphql(entry.schema)) entry.isGraphql = true
      add(entry)
    },
    addBare(method, url) {
      add({ methods: [method], url, prefix: '' })
    },
    has: (method, url) => keys.has(keyOf(method, url)),
    webSocketPaths: () =>
      unique(seen.filter((r) => r.isWebSocket === true).map((r) => fastifyPathToOpenApi(r.url).path)),
    graphqlPaths: () => unique(seen.filter((r) => r.isGraphql === true).map((r) => fastifyPathToOpenApi(r.url).path)),
    routes: mapped,
    count: (isOther = () => false) =>
      seen.reduce((n, route) => {
        if (isHidden(route) || isOther(fastifyPathToOpenApi(route.url).path)) return n
        return n + route.methods.filter((m) => m !== 'HEAD' || !keys.has(keyOf('GET', route.url))).length
      }, 0),
  }
}
