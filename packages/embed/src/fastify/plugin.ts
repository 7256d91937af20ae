/**
 * `await app.register(wirebench, { prefix: '/workbench' })`: the workbench inside a Fastify host. Registered through
 * fastify-plugin's skip-override, so its `onRoute` hook sits on the host's own context and sees the routes registered
 * after it; the workbench itself stays encapsulated under the prefix.
 */
import { createSessionToken, workbench } from '@wirebench/server'
import type { EmbeddedHost } from '@wirebench/server'
import { fastifyEndpoints } from './endpoints.js'
import fastifyPlugin from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { announceUrl } from '../announce.js'
import { createHostListener } from '../host-listener.js'
import { createHostOrigin } from '../host-origin.js'
import { hostName } from '../host-name.js'
import { configDirOf, normalizePrefix } from '../options.js'
import type { FastifyEmbedOptions } from '../options.js'
import { componentsOf, operationKey, operationsOf } from '../routes/host-openapi.js'
import { toOpenApiDocument } from '../routes/openapi-document.js'
import { SharedSchemas } from '../routes/shared-schemas.js'
import { createInjectSend } from './inject-send.js'
import { printedRoutes } from './printed-routes.js'
import { createFastifyRouteTable } from './route-table.js'

function listeningPorts(app: FastifyInstance): number[] {
  const address = app.server.address()
  return typeof address === 'object' && address !== null ? [address.port] : []
}

async function wirebenchPlugin(app: FastifyInstance, options: FastifyEmbedOptions): Promise<void> {
  const {
    prefix: givenPrefix,
    name: givenName,
    configDir: _configDir,
    graphql: _graphql,
    openapi: _openapi,
    ...rest
  } = options
  const ownPrefix = `${app.prefix}${normalizePrefix(givenPrefix)}`
  const table = createFastifyRouteTable(() => ownPrefix)
  const name = hostName(givenName, 'Fastify')
  // Routes registered before the workbench never pass its hook: they are listed by verb and path only.
  const earlier = printedRoutes(app)
  let notice: string | undefined
  if (earlier.length > 0) {
    notice = `The workbench was registered after ${earlier.length} route(s) of ${name}: those are listed without their schemas. Register it before your routes to see their parameters and bodies.`
    app.log.warn(notice)
  }
  app.addHook('onRoute', (route) => table.onRoute(route))
  let described: Record<string, unknown> | undefined
  const endpoints = fastifyEndpoints(app, table, options.graphql ?? [])
  let isReady = false
  const owns = createHostOrigin({
    ports: () => listeningPorts(app),
    names: () => options.allowedHosts ?? [],
  })
  const host: EmbeddedHost = {
    owns,
    // GraphQL and WebSocket endpoints (REST goes through inject()).
    listener: createHostListener(() => [app.server]),
    document() {
      // The table is final once the host is ready: read on first use then (not at start-up), afresh before.
      if (described) return described
      const shared = new SharedSchemas(app.getSchemas())
      const declared = operationsOf(options.openapi)
      const routes = table.routes(shared, endpoints.graphqlPathFilter()).map((route) => {
        const operation = declared.get(operationKey(route.method, route.path))?.operation
        return operation ? { ...route, operation } : route
      })
      const given = componentsOf(options.openapi)
      const document = toOpenApiDocument({
        title: name,
        routes,
        components: { ...given.schemas, ...shared.components },
        otherComponents: given.other,
      })
      if (isReady) described = document
      return document
    },
    endpoints: endpoints.list,
    send: createInjectSend(app),
    info: () => ({
      framework: 'Fastify',
      name,
      // REST operations, and each GraphQL or WebSocket endpoint once.
      routeCount: table.count(endpoints.graphqlPathFilter()) + endpoints.list().length,
      ...(notice ? { notice } : {}),
    }),
  }
  // On the root instance and first, the hook sees every route (plugins load in order, children inherit the hook): the
  // fallback's printRoutes() (a third of a 2,000-route host's ready time) is skipped. Child contexts inherit from
  // their parent (Object.create), the root from no Fastify instance.
  const isRoot = typeof (Object.getPrototypeOf(app) as { printRoutes?: unknown } | null)?.printRoutes !== 'function'
  app.addHook('onReady', (done) => {
    if (isRoot && earlier.length === 0) {
      isReady = true
      done()
      return
    }
    // Whatever the hook missed is still in the router, without its schema.
    let missed = 0
    for (const route of printedRoutes(app)) {
      if (table.has(route.method, route.url)) continue
      table.addBare(route.method, route.url)
      missed++
    }
    // Registered inside an encapsulated plugin, the hook sees only that plugin's routes: said as loudly as lateness.
    if (missed > 0 && notice === undefined) {
      notice = `The workbench did not see ${missed} route(s) of ${name} being registered (it is registered inside an encapsulated plugin): those are listed without their schemas. Register it on the root instance, before your routes, to see their parameters and bodies.`
      app.log.warn(notice)
    }
    isReady = true
    done()
  })
  const token = rest.token === undefined ? createSessionToken() : rest.token
  await app.register(workbench, {
    ...rest,
    token,
    prefix: normalizePrefix(givenPrefix),
    configDir: configDirOf(options),
    mode: 'embedded',
    embeddedHost: host,
  })
  app.addHook('onListen', (done) => {
    const port = listeningPorts(app)[0]
    if (port !== undefined) announceUrl(`http://127.0.0.1:${port}${ownPrefix}/`, token, options)
    done()
  })
}

export const wirebench = fastifyPlugin(wirebenchPlugin, { fastify: '5.x', name: '@wirebench/embed' })
