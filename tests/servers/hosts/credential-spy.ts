/**
 * A loopback REST API that records every request it receives (method, URL, headers, body), to prove what reached it:
 * it documents itself at /openapi.json (its operation ids start with `name`), answers a note (POST /notes) and a
 * whoami (GET /whoami, and GET /secured, which declares bearer security) with what it saw, streams one event
 * (GET /events, text/event-stream) saying the same, and echoes WebSocket frames at /chat (recorded as requests too:
 * the upgrade, then each frame as a `FRAME` entry). Bind it to 127.0.0.1, 127.0.0.2… to get several host names on
 * one machine.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'

export interface SpiedRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

export interface CredentialSpy {
  origin: string
  docUrl: string
  /** `ws://host:port/chat`, the WebSocket echo. */
  chatUrl: string
  requests: SpiedRequest[]
  /** Everything the server received, as one string (headers, URLs and bodies of every request). */
  everything(): string
  close(): Promise<void>
}

function document(name: string, origin: string): unknown {
  const seen = { type: 'object', properties: { authorization: { type: 'string' }, body: { type: 'string' } } }
  const ok = { '200': { description: 'what the server saw', content: { 'application/json': { schema: seen } } } }
  return {
    openapi: '3.0.3',
    info: { title: `Credential spy ${name}`, version: '1' },
    servers: [{ url: origin }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/secured': {
        get: { tags: [name], operationId: `${name}Secured`, security: [{ bearerAuth: [] }], responses: ok },
      },
      '/notes': {
        post: {
          tags: [name],
          operationId: `${name}Note`,
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } },
          },
          responses: ok,
        },
      },
      '/whoami': { get: { tags: [name], operationId: `${name}Whoami`, responses: ok } },
      '/events': {
        get: {
          tags: [name],
          operationId: `${name}Events`,
          responses: {
            '200': { description: 'one event', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          },
        },
      },
    },
  }
}

export async function startCredentialSpy(host: string, name: string): Promise<CredentialSpy> {
  const requests: SpiedRequest[] = []
  let origin = ''
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const spied: SpiedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(spied)
      const path = new URL(spied.url, 'http://x').pathname
      const seen = JSON.stringify({ authorization: request.headers.authorization ?? null, body: spied.body })
      if (path === '/openapi.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document(name, origin)))
      } else if (path === '/events') {
        response.writeHead(200, { 'content-type': 'text/event-stream' }).end(`data: ${seen}\n\n`)
      } else if (path === '/notes' || path === '/whoami' || path === '/secured') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(seen)
      } else {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      }
    })
  }
  const server = createServer(handler)
  const sockets = new WebSocketServer({ server, path: '/chat' })
  sockets.on('connection', (socket, request) => {
    requests.push({ method: 'UPGRADE', url: request.url ?? '', headers: request.headers, body: '' })
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8')
      requests.push({ method: 'FRAME', url: request.url ?? '', headers: {}, body: text })
      socket.send(`echo:${text}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    origin,
    docUrl: `${origin}/openapi.json`,
    chatUrl: `${origin.replace(/^http/, 'ws')}/chat`,
    requests,
    everything: () => JSON.stringify(requests),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        sockets.close()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
