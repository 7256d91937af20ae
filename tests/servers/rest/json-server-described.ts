/**
 * json-server 0.17 (a third-party REST server over an in-memory database) on loopback, with every request it receives
 * recorded before its router sees it, and an OpenAPI document describing it served at `/openapi.json`.
 */
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

export async function startJsonServer(db: object, document: (origin: string) => unknown): Promise<JsonServer> {
  const app = jsonServer.create()
  const received: ReceivedRequest[] = []
  let origin = ''
  app.get('/openapi.json', (_request, response) => {
    response.json(document(origin))
  })
  app.use(jsonServer.bodyParser)
  app.use((request, _response, next) => {
    received.push({
      method: request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      // A copy: the router adds the new id to the body it stores.
      body: structuredClone(request.body) as unknown,
    })
    next()
  })
  // A deep copy: the router writes into the object it is given.
  app.use(jsonServer.router(structuredClone<object>(db)))
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
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
