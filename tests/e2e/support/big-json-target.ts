/** A small real HTTP service that documents itself and answers one operation with a multi-megabyte JSON body. */
import { createServer, type Server } from 'node:http'

export interface BigJsonTarget {
  documentUrl: string
  /** Items in the `/big` answer's `items` array. */
  itemCount: number
  bodyBytes: number
  close: () => Promise<void>
}

export async function startBigJsonTarget(itemCount = 40_000): Promise<BigJsonTarget> {
  const items = Array.from({ length: itemCount }, (_, i) => ({
    id: i,
    name: `item-${i}`,
    tags: ['alpha', 'beta'],
    price: { amount: i / 100, currency: 'EUR' },
    active: i % 3 === 0,
  }))
  const body = JSON.stringify({ total: itemCount, items })
  let port = 0
  const server: Server = createServer((request, response) => {
    if (request.url === '/openapi.json') {
      response.setHeader('content-type', 'application/json')
      response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Big JSON', version: '1' },
          servers: [{ url: `http://127.0.0.1:${port}` }],
          paths: {
            '/big': {
              get: {
                tags: ['bulk'],
                operationId: 'getBig',
                summary: 'A multi-megabyte JSON document',
                responses: { 200: { description: 'ok' } },
              },
            },
          },
        }),
      )
      return
    }
    response.setHeader('content-type', 'application/json')
    response.end(body)
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  return {
    documentUrl: `http://127.0.0.1:${port}/openapi.json`,
    itemCount,
    bodyBytes: Buffer.byteLength(body),
    close: () => new Promise((done) => server.close(() => done())),
  }
}
