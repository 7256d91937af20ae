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
  const owns = createHostOrigin({
    ports: () => listeningPorts(app),
    names: () => options.allowedHosts ?? [],
  })
  const host: EmbeddedHost = {
    owns,
    document() {
      // The table is final once the host is ready; before, it is read afresh.
      if (described) return described
      const shared = new SharedSchemas(app.getSchemas())
      const declared = operationsOf(options.openapi)
      const routes = table.routes(shared, endpoints.isGraphqlPath).map((route) => {
        const operation = declared.get(operationKey(route.method, route.path))
        return operation ? { ...route, operation } : route
      })
      const given = componentsOf(options.openapi)
      return toOpenApiDocument({
        title: name,
        routes,
        components: { ...given.schemas, ...shared.components },
        otherComponents: given.other,
      })
    },
    endpoints: endpoints.list,
    send: createInjectSend(app),
    info: () => ({
      framework: 'Fastify',
      name,
      // REST operations, and each GraphQL or WebSocket endpoint once.
      routeCount: table.count(endpoints.isGraphqlPath) + endpoints.list().length,
      ...(notice ? { notice } : {}),
    }),
  }
  app.addHook('onReady', (done) => {
    // Whatever the hook missed is still in the router, without its schema.
    for (const route of printedRoutes(app)) {
      if (!table.has(route.method, route.url)) table.addBare(route.method, route.url)
    }
    described = host.document()
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
