/**
 * `app.use('/workbench', await expressWorkbench(app, { prefix: '/workbench' }))`: the workbench inside an Express 4
 * or 5 host. The workbench's own Fastify instance owns no socket (a server factory hands it the host's requests);
 * the host's routes come from its router stack, and calls to them go over loopback HTTP to the host's listener.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSessionToken, workbench } from '@wirebench/server'
import type { EmbeddedHost } from '@wirebench/server'
import Fastify from 'fastify'
import { announceUrl } from '../announce.js'
import { createHostOrigin } from '../host-origin.js'
import { hostName } from '../host-name.js'
import { configDirOf, normalizePrefix } from '../options.js'
import type { EmbedOptions } from '../options.js'
import { toOpenApiDocument } from '../routes/openapi-document.js'
import { componentsOf } from '../routes/host-openapi.js'
import { expressHostRoutes } from './express-document.js'
import { expressEndpoints } from './express-endpoints.js'
import type { ExpressEndpoints } from './express-endpoints.js'
import { walkExpressApp } from './route-walk.js'
import type { ExpressAppLike } from './route-walk.js'
import { createUpgradeForwarder, serverOf } from './upgrades.js'
import type { UpgradeSource } from './upgrades.js'

export interface ExpressEmbedOptions extends EmbedOptions {
  /** The path the middleware is mounted at (`app.use(prefix, …)`); default `/workbench`. */
  prefix?: string
  /**
   * The host's http(s) server, whose WebSocket upgrades under the prefix (the live calls) go to the workbench. Without
   * it, the server is learnt from the first request that reaches the workbench (the page load, before any upgrade).
   */
  server?: UpgradeSource
}

export interface ExpressWorkbench {
  (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: (error?: unknown) => void): void
  /** Closes the workbench (its plugins, live calls); the host's server is the host's to close. */
  close(): Promise<void>
}

export async function expressWorkbench(
  app: ExpressAppLike,
  options: ExpressEmbedOptions = {},
): Promise<ExpressWorkbench> {
  const prefix = normalizePrefix(options.prefix)
  const name = hostName(options.name, 'Express')
  // The host's ports are learnt from the requests that reach the workbench through them.
  const ports = new Set<number>()
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined
  const server = Fastify({
    serverFactory: (handler) => {
      handle = handler
      return createServer()
    },
  })
  let routeCount = 0
  const isOwnHandle = (candidate: unknown): boolean => candidate === middleware
  // Read afresh on each question: an Express app may add routes at any time.
  const hostRoutes = (): ExpressEndpoints =>
    expressEndpoints(
      walkExpressApp(app, isOwnHandle).filter((r) => r.path !== prefix && !r.path.startsWith(`${prefix}/`)),
      options.graphql ?? [],
    )
  const host: EmbeddedHost = {
    owns: createHostOrigin({ ports: () => [...ports], names: () => options.allowedHosts ?? [] }),
    document() {
      const routes = expressHostRoutes(hostRoutes().restRoutes, options.openapi)
      routeCount = routes.length
      const components = componentsOf(options.openapi)
      return toOpenApiDocument({
        title: name,
        routes,
        components: components.schemas,
        otherComponents: components.other,
      })
    },
    endpoints: () => hostRoutes().endpoints,
    info: () => {
      host.document()
      return { framework: 'Express', name, routeCount }
    },
  }
  const {
    prefix: _prefix,
    name: _name,
    openapi: _openapi,
    configDir: _configDir,
    server: _server,
    graphql: _graphql,
    ...rest
  } = options
  const token = rest.token === undefined ? createSessionToken() : rest.token
  await server.register(workbench, {
    ...rest,
    token,
    prefix,
    configDir: configDirOf(options),
    mode: 'embedded',
    embeddedHost: host,
  })
  await server.ready()
  // The live route listens for upgrades on the workbench's own (socket-less) server; the host's are re-emitted there.
  const upgrades = createUpgradeForwarder({
    prefix,
    target: server.server,
    onUpgrade: (req) => learnPort(req),
  })
  if (options.server) upgrades.attach(options.server)
  // Express does not say where it will listen: the path is announced, on the host's own origin.
  announceUrl(`${prefix}/`, token, options)

  function learnPort(req: IncomingMessage): void {
    const port = req.socket.localPort
    if (port !== undefined) ports.add(port)
  }

  function middleware(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
    learnPort(req)
    const hostServer = serverOf(req)
    if (hostServer) upgrades.attach(hostServer)
    // Express strips the mount path; the workbench routes (and its gates) are written with it.
    if (req.originalUrl !== undefined) req.url = req.originalUrl
    handle?.(req, res)
  }
  return Object.assign(middleware, {
    close: () => {
      upgrades.close()
      return server.close()
    },
  })
}
