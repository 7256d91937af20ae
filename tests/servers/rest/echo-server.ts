/** A loopback HTTP server that serves one document at `/doc` and echoes every other request back as JSON. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Echo {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  /** The body as UTF-8 text (the tests send text and small files). */
  body: string
}

export interface EchoServer {
  origin: string
  docUrl: string
  close(): Promise<void>
}

export async function startEchoServer(doc: string, contentType: string): Promise<EchoServer> {
  const server = createServer((request, response) => {
    if (request.url === '/doc') {
      response.writeHead(200, { 'content-type': contentType }).end(doc)
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const echo: Echo = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(echo))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    docUrl: `${origin}/doc`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
