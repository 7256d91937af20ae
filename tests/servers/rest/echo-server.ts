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
  /** Replaces the document at `/doc` (one that names this server's own origin can only be written once it listens). */
  setDocument(doc: string): void
  close(): Promise<void>
}

export async function startEchoServer(doc: string, contentType: string): Promise<EchoServer> {
  let document = doc
  const server = createServer((request, response) => {
    if (request.url === '/doc') {
      response.writeHead(200, { 'content-type': contentType }).end(document)
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
    setDocument(next) {
      document = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
