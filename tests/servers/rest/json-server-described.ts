/**
 * json-server 0.17 (a third-party REST server over an in-memory database) on loopback, with every request it receives
 * recorded before its router sees it, and an OpenAPI document describing it served at `/openapi.json`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import jsonServer from 'json-server'

export interface ReceivedRequest {
  method: string
  url: string
  contentType: string | undefined
  body: unknown
}

export interface JsonServer {
  origin: string
  docUrl: string
  /** Every request json-server's router received, in order (the document's own GETs are not counted). */
  received: ReceivedRequest[]
  close(): Promise<void>
}

export async function startJsonServer(
  db: Record<string, unknown>,
  document: (origin: string) => unknown,
): Promise<JsonServer> {
  const app = jsonServer.create()
  const received: ReceivedRequest[] = []
  let origin = ''
  app.use((request, response, next) => {
    if (request.method !== 'GET' || request.url !== '/openapi.json') return next()
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document(origin)))
  })
  app.use(jsonServer.bodyParser)
  app.use((request, _response, next) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      contentType: request.headers['content-type'],
      // A copy: the router adds the new id to the body it stores.
      body: structuredClone((request as { body?: unknown }).body),
    })
    next()
  })
  // A deep copy: the router writes into the object it is given.
  app.use(jsonServer.router(structuredClone(db)))
  const server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    docUrl: `${origin}/openapi.json`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
