/**
 * `app.use('/workbench', await expressWorkbench(app, { prefix: '/workbench' }))`: the workbench inside an Express 4
 * or 5 host. The workbench's own Fastify instance owns no socket (a server factory hands it the host's requests);
 * the host's routes come from its router stack, and calls to them go over HTTP to the host's own listener (the
 * address its server reports), whatever name the call's address carries.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSessionToken, workbench } from '@wirebench/server'
import type { EmbeddedHost } from '@wirebench/server'
import Fastify from 'fastify'
import { announceUrl } from '../announce.js'
import { createHostListener } from '../host-listener.js'
import { createHostOrigin } from '../host-origin.js'
import { hostName } from '../host-name.js'
import { configDirOf, normalizePrefix } from '../options.js'
import type { EmbedOptions } from '../options.js'
import { toOpenApiDocument } from '../routes/openapi-document.js'
import { componentsOf } from '../routes/host-openapi.js'
import { createConsumedBodyAnswer, isBodyConsumed } from './consumed-body.js'
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
   * The host's http(s) server, whose WebSocket upgrades under the prefix (the live calls) go to the workbench, and
   * whose closing closes the workbench. Without it, the server is learnt from the first request that reaches the
   * workbench (the page load, before any upgrade).
   */
  server?: UpgradeSource
}

export interface ExpressWorkbench {
  (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: (error?: unknown) => void): void
  /**
   * Closes the workbench (its plugins, live calls, workspace watchers); the host's server is the host's to close.
   * Done by itself when the host's servers it knows of have all closed.
   */
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
    // The host's own `trust proxy` setting, read on each request (it may be set after the workbench is mounted):
    // forwarded headers count exactly when the host trusts its proxy (SECURITY.md).
    trustProxy: (address: string, hop: number) => {
      const trust = app.settings?.['trust proxy fn']
      return typeof trust === 'function' ? (trust as (address: string, hop: number) => boolean)(address, hop) : false
    },
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
  // The host's servers it knows of (given, or learnt from the requests that reached the workbench).
  const hostServers = new Set<UpgradeSource>()
  // Which of them a Host header arrived on: a proxy's public origin is reached on the server it forwards to.
  const serversByHost = new Map<string, UpgradeSource>()
  const host: EmbeddedHost = {
    owns: createHostOrigin({ ports: () => [...ports], names: () => options.allowedHosts ?? [] }),
    listener: createHostListener(
      () => hostServers,
      (name) => serversByHost.get(name),
    ),
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
  // The workbench holds handles of its own (workspace watchers, plugins): left open, they would keep the process alive
  // after the host closed its server, and Express has no close hook to hear it from.
  let closing: Promise<void> | undefined
  const close = (): Promise<void> => {
    closing ??= (async () => {
      upgrades.close()
      for (const open of hostServers) open.removeListener('close', onHostClose)
      hostServers.clear()
      serversByHost.clear()
      await server.close()
    })()
    return closing
  }
  function onHostClose(this: UpgradeSource): void {
    hostServers.delete(this)
    for (const [name, open] of serversByHost) if (open === this) serversByHost.delete(name)
    if (hostServers.size > 0) return
    close().catch((error: unknown) => server.log.error({ err: error }, 'closing the workbench with its host failed'))
  }
  function follow(hostServer: UpgradeSource): void {
    if (closing !== undefined || hostServers.has(hostServer)) return
    hostServers.add(hostServer)
    hostServer.on('close', onHostClose)
    upgrades.attach(hostServer)
  }
  if (options.server) follow(options.server)
  // Express does not say where it will listen: the path is announced, on the host's own origin.
  announceUrl(`${prefix}/`, token, options)

  function learnPort(req: IncomingMessage): void {
    const port = req.socket.localPort
    if (port !== undefined) ports.add(port)
  }

  const answerConsumedBody = createConsumedBodyAnswer()
  function middleware(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): void {
    learnPort(req)
    const hostServer = serverOf(req)
    if (hostServer) {
      follow(hostServer)
      const hostHeader = req.headers.host?.toLowerCase()
      if (hostHeader !== undefined && hostServers.has(hostServer)) serversByHost.set(hostHeader, hostServer)
    }
    if (isBodyConsumed(req)) {
      answerConsumedBody(res)
      return
    }
    // Express strips the mount path; the workbench routes (and its gates) are written with it.
    if (req.originalUrl !== undefined) req.url = req.originalUrl
    handle?.(req, res)
  }
  return Object.assign(middleware, { close })
}
