/**
 * A token endpoint of our own on 127.0.0.1 for the proxy's edge cases (an OIDC provider covers the real grants):
 * fixed bytes, an echo of what arrived, provider errors (one echoing the request), HTML, a stall, a redirect and an
 * oversized answer.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Pretty-printed on purpose: the proxy must hand these exact bytes back, not a re-serialisation. */
export const FIXED_TOKEN_BODY =
  '{\n  "token_type" : "Bearer",\n  "access_token": "fixed-access-7c1d",\n  "expires_in": 3600 }'

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

export interface TokenServer {
  origin: string
  /** Every request that reached the server, in order. */
  received: ReceivedRequest[]
  close(): Promise<void>
}

export async function startTokenServer(): Promise<TokenServer> {
  const received: ReceivedRequest[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://token').pathname
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ method: request.method ?? '', path, headers: request.headers, body })
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      switch (path) {
        case '/fixed':
          response.writeHead(200, { 'content-type': 'application/json' }).end(FIXED_TOKEN_BODY)
          return
        case '/echo':
          json(200, { access_token: 'echo-token', method: request.method, headers: request.headers, body })
          return
        case '/array':
          json(200, [{ token: 'in-array' }])
          return
        case '/echo-denied':
          // A careless provider: its error repeats what it received (the Authorization header, the URL with its
          // query, the form body), the way some echo a request for debugging.
          json(400, {
            error: 'invalid_client',
            error_description: `rejected ${request.headers.authorization ?? '-'} at ${request.url ?? ''} with ${body}`,
          })
          return
        case '/denied':
          json(400, { error: 'invalid_client', error_description: 'Client authentication failed.' })
          return
        case '/broken':
          response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance')
          return
        case '/html':
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>')
          return
        case '/empty':
          response.writeHead(200).end()
          return
        case '/redirect':
          response.writeHead(302, { location: '/fixed' }).end()
          return
        case '/huge':
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: 'x'.repeat(2 * 1024 * 1024) }))
          return
        case '/stall':
          // Accepts and never answers; the server's close() ends the socket.
          return
        default:
          json(404, { error: 'not_found' })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A loopback port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
