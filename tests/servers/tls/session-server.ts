/**
 * A small loopback API for transport tests, over plain HTTP or over HTTPS with client certificates: it documents
 * itself at /openapi.json, reports the client certificate it saw (/whoami), and keeps a cookie session
 * (/login sets `session`, /me answers 401 without it).
 */
import { randomBytes } from 'node:crypto'
import { createServer as createHttpServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'

export interface SessionServerTls {
  key: string
  cert: string
  /** CA(s) that client certificates must chain to. */
  ca?: string
  /** Ask for a client certificate (default true). */
  requestCert?: boolean
  /** Refuse the handshake without a valid client certificate (default true). */
  rejectUnauthorized?: boolean
}

export interface SessionServerOptions {
  tls?: SessionServerTls
  /** Loopback address to bind (127.0.0.2 gives a second host name on Linux). */
  host?: string
}

/** What /whoami and /me answer: what the server saw of the caller. */
export interface Seen {
  path: string
  authorized: boolean
  clientCommonName: string | null
  cookie: string | null
  /** The Authorization header the caller sent (these are test credentials, reported back to prove what arrived). */
  authorization: string | null
  user?: string
}

export interface SessionServer {
  origin: string
  docUrl: string
  /** Sessions handed out by /login, by session id. */
  sessions: Map<string, string>
  /** Every request's path and Cookie header, in order. */
  requests: Array<{ path: string; cookie: string | null }>
  /** TCP connections accepted so far (each TLS connection is one handshake). */
  connectionCount(): number
  close(): Promise<void>
}

export async function startSessionServer(options: SessionServerOptions = {}): Promise<SessionServer> {
  const host = options.host ?? '127.0.0.1'
  const sessions = new Map<string, string>()
  const requests: SessionServer['requests'] = []
  let origin = ''
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      const cookie = request.headers.cookie ?? null
      requests.push({ path, cookie })
      const seen = seenBy(request, path)
      const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
      }
      if (path === '/openapi.json') return json(200, document(origin))
      if (path === '/whoami') return json(200, seen)
      if (path === '/login' && request.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { user?: string }
        const id = randomBytes(16).toString('hex')
        sessions.set(id, body.user ?? 'anonymous')
        return json(200, { ok: true }, { 'set-cookie': `session=${id}; Path=/; HttpOnly; SameSite=Lax` })
      }
      if (path === '/me') {
        const id = /(?:^|;\s*)session=([^;]+)/.exec(cookie ?? '')?.[1]
        const user = id === undefined ? undefined : sessions.get(id)
        if (user === undefined) return json(401, { error: 'no session', ...seen })
        return json(200, { ...seen, user })
      }
      return json(404, { error: 'not found' })
    })
  }
  const server: Server = options.tls
    ? createHttpsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          requestCert: options.tls.requestCert ?? true,
          rejectUnauthorized: options.tls.rejectUnauthorized ?? true,
        },
        handler,
      )
    : createHttpServer(handler)
  let connections = 0
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  origin = `${options.tls ? 'https' : 'http'}://${host}:${(server.address() as AddressInfo).port}`
  return {
    origin,
    docUrl: `${origin}/openapi.json`,
    sessions,
    requests,
    connectionCount: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function seenBy(request: IncomingMessage, path: string): Seen {
  const socket = request.socket as Partial<TLSSocket>
  const peer = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate() : undefined
  const commonName = peer?.subject?.CN
  return {
    path,
    authorized: socket.authorized === true,
    clientCommonName: typeof commonName === 'string' ? commonName : null,
    cookie: request.headers.cookie ?? null,
    authorization: request.headers.authorization ?? null,
  }
}

function document(origin: string): unknown {
  const seen = { type: 'object', properties: { path: { type: 'string' } } }
  return {
    openapi: '3.0.3',
    info: { title: 'Session test API', version: '1' },
    servers: [{ url: origin }],
    paths: {
      '/whoami': {
        get: {
          tags: ['identity'],
          operationId: 'whoami',
          responses: { '200': { description: 'seen', content: { 'application/json': { schema: seen } } } },
        },
      },
      '/login': {
        post: {
          tags: ['session'],
          operationId: 'login',
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { user: { type: 'string' } } } } },
          },
          responses: { '200': { description: 'logged in' } },
        },
      },
      '/me': {
        get: {
          tags: ['session'],
          operationId: 'me',
          responses: { '200': { description: 'the session user' }, '401': { description: 'no session' } },
        },
      },
    },
  }
}
