/**
 * Express 4 and 5 hosts for the embedded-mode tests, built from one route table (the test's independent record of
 * what the host declares): nested routers with mount paths, an `app.route()` chain, path parameters; handlers echo.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressEmbedOptions, ExpressWorkbench } from '@wirebench/embed'

/** `[verb, mount path of its router ('' at the root), path inside the router]`. */
export type DeclaredExpressRoute = [string, string, string]

export const expressRoutes: DeclaredExpressRoute[] = [
  ['get', '', '/health'],
  ['get', '', '/books'],
  ['post', '', '/books'],
  ['get', '/api', '/users/:id'],
  ['patch', '/api', '/users/:id'],
  ['get', '/api/admin', '/audit/:year/:month'],
]

export interface ExpressHost {
  origin: string
  workbench: ExpressWorkbench
  hits: Array<{
    method: string
    url: string
    params: unknown
    query: unknown
    body: unknown
    headers: Record<string, unknown>
  }>
  close(): Promise<void>
}

/** The parts of `express` 4 and 5 the fixture uses (their type packages differ). */
export interface ExpressModule {
  (): ExpressApp
  Router(options?: { mergeParams?: boolean }): ExpressRouter
  json(): unknown
}
export interface ExpressRouter {
  use(...args: unknown[]): unknown
  route(path: string): Record<string, (handler: unknown) => unknown>
  [verb: string]: unknown
}
export type ExpressApp = ExpressRouter & ((req: unknown, res: unknown) => void)

export async function startExpressHost(
  express: ExpressModule,
  options: ExpressEmbedOptions & {
    configDir: string
    listenOn?: string
    /** Routes a test adds beside the shared table (version-specific syntax), with the fixture's echo handler. */
    extend?: (app: ExpressApp, express: ExpressModule, echo: unknown) => void
    /** The mistake a host can make: a body parser mounted before the workbench. */
    bodyParserFirst?: boolean
  },
): Promise<ExpressHost> {
  const { listenOn = '127.0.0.1', extend, bodyParserFirst = false, ...embed } = options
  const app = express()
  if (bodyParserFirst) app.use(express.json())
  const hits: ExpressHost['hits'] = []
  const workbench = await expressWorkbench(app as never, {
    prefix: '/workbench',
    uiDir: null,
    announce: false,
    ...embed,
  })
  app.use('/workbench', workbench)
  if (!bodyParserFirst) app.use(express.json())
  const echo = (
    req: {
      method: string
      originalUrl: string
      params: unknown
      query: unknown
      body: unknown
      headers: Record<string, unknown>
    },
    res: { json(v: unknown): void },
  ) => {
    const hit = {
      method: req.method,
      url: req.originalUrl,
      params: req.params,
      query: req.query,
      body: req.body ?? null,
      headers: req.headers,
    }
    hits.push(hit)
    res.json(hit)
  }
  const routers = new Map<string, ExpressRouter>()
  const routerOf = (mount: string): ExpressRouter => {
    if (mount === '') return app
    let router = routers.get(mount)
    if (!router) {
      router = express.Router()
      routers.set(mount, router)
    }
    return router
  }
  for (const [verb, mount, path] of expressRoutes) {
    if (mount === '' && path === '/books') continue
    ;(routerOf(mount)[verb] as (path: string, handler: unknown) => void).call(routerOf(mount), path, echo)
  }
  // `app.route()` chain for /books.
  const books = app.route('/books') as Record<
    string,
    (handler: unknown) => Record<string, (handler: unknown) => unknown>
  >
  books['get']?.(echo)['post']?.(echo)
  // /api/admin is nested inside /api.
  routerOf('/api').use('/admin', routerOf('/api/admin'))
  app.use('/api', routerOf('/api'))
  extend?.(app, express, echo)
  const server: Server = createServer(app as never)
  await new Promise<void>((resolve) => server.listen(0, listenOn, resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    workbench,
    hits,
    async close() {
      await workbench.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
