/** Starts the GraphQL demo: the Bookshop over HTTP, graphql-sse and graphql-ws, all at `/graphql`. */
import { createServer } from 'node:http'
import { WebSocketServer } from 'ws'
import { crossSiteMessage, isCrossSite } from '../cross-site.js'
import { badTargetMessage, closeServer, listenOn, requestUrl } from '../node-http.js'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { createBookshop, graphqlLimits } from './bookshop.js'
import { serveGraphqlWs } from './graphql-ws.js'
import { createBookshopYoga, graphqlPath } from './yoga.js'

export async function startGraphqlDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const yoga = createBookshopYoga(createBookshop())
  const server = createServer((req, res) => {
    if (isCrossSite(req)) {
      const body = { errors: [{ message: crossSiteMessage }] }
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      return
    }
    const length = Number(req.headers['content-length'] ?? 0)
    if (length > graphqlLimits.maxBodyBytes) {
      const body = { errors: [{ message: `Request bodies are at most ${graphqlLimits.maxBodyBytes} bytes.` }] }
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' }).end(JSON.stringify(body))
      return
    }
    if (req.method === 'POST' && req.headers['content-length'] === undefined) {
      // A chunked body has no announced size; refusing it keeps the bound above honest.
      res
        .writeHead(411, { 'content-type': 'application/json' })
        .end('{"errors":[{"message":"Send a Content-Length."}]}')
      return
    }
    const url = requestUrl(req)
    if (url === undefined) {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ errors: [{ message: badTargetMessage }] }))
      return
    }
    if (req.method === 'GET' && !url.searchParams.has('query')) {
      // yoga would answer an event stream holding the error when asked for one, which reads as an SSE feed to
      // discovery; a plain 400 says what this endpoint wants.
      const body = { errors: [{ message: 'Send a query: GET /graphql?query=…, or POST {"query": …}.' }] }
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      return
    }
    // yoga answers its own errors; anything it still throws must not become an unhandled rejection in the workbench.
    Promise.resolve()
      .then(() => yoga(req, res))
      .catch(() => res.destroy())
  })
  server.maxConnections = graphqlLimits.maxConnections
  const wss = new WebSocketServer({
    server,
    path: graphqlPath,
    maxPayload: graphqlLimits.maxBodyBytes,
    verifyClient: ({ req }, done) => (isCrossSite(req) ? done(false, 403, crossSiteMessage) : done(true)),
  })
  const graphqlWs = serveGraphqlWs(yoga, wss)
  const address = await listenOn(server, options)
  let closing: Promise<void> | undefined
  const close = async (): Promise<void> => {
    // graphql-ws closes its sockets with 1001, completes their subscriptions and resolves once every socket is gone;
    // a client that never answers the close frame would hold that for ws's 30 s, so it is cut after a short grace.
    const disposed = graphqlWs.dispose()
    const cut = setTimeout(() => {
      for (const client of wss.clients) client.terminate()
    }, graphqlLimits.closeGraceMs)
    try {
      await disposed
    } finally {
      clearTimeout(cut)
    }
    // The HTTP side cuts SSE streams.
    await closeServer(server)
  }
  return {
    service: { protocol: 'graphql', name: 'Bookshop (GraphQL)', url: `http://${address}${graphqlPath}` },
    close: () => (closing ??= close()),
  }
}
