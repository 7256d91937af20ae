/**
 * A Node http(s) server emitting sequence-numbered Server-Sent Events, for the SSE plugin's tests:
 *
 * - `GET /events?count=N&dropAfter=M&retry=R&intervalMs=I`: events `id: n` for n = 1…N (odd ones `event: tick` with
 *   JSON data `{"n":n}`, even ones plain text `plain n` without an event field), starting after `Last-Event-ID` when
 *   the request has one. `retry` is sent first when given. After M events on one connection the socket is destroyed
 *   (a drop); after N the response ends; asked again past N it answers 204 (the stream is over).
 * - `POST /echo`: one event whose data is `{ method, contentType, body }` (the body as text), then the end.
 * - `GET /headers`: one event whose data is `{ headers, url }` of the request, then the end.
 * - `GET /slow`: the headers at once, then no event for 3 s, then one event and the end.
 * - `GET /no-content`: 204. `GET /json`: a JSON answer (not an event stream). `GET /missing`: 404.
 * - `GET /big?bytes=N`: one event of N bytes of data. `/post-only`: 405 (Allow: POST) to GET, `/echo`'s stream to POST.
 * - `GET /cut-refusal`: a 500 whose body is cut by a dropped socket. `GET /empty-data?count=N&idBytes=B`: N events with
 *   a B-byte id and empty data. `GET /id-only`: event `id: 1`, then a block `id: 7` without data, then a drop; asked
 *   with a Last-Event-ID, one event `id: done` naming it, then the end (204 once asked after `done`).
 * - `GET /client`: with TLS, one event naming the client certificate's subject CN (mTLS), then the end.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { TLSSocket } from 'node:tls'
import type { AddressInfo, Socket } from 'node:net'

export interface SequenceRequest {
  method: string
  path: string
  /** Path and query as received. */
  url: string
  headers: Record<string, string | string[] | undefined>
  lastEventId?: string
}

export interface SequenceServer {
  origin: string
  url(path: string): string
  /** Every request in arrival order (reconnections show here with their Last-Event-ID). */
  requests: SequenceRequest[]
  openConnections(): Promise<number>
  close(): Promise<void>
}

export interface SequenceServerOptions {
  /** Serve https; with `ca` and `requestCert`, client certificates signed by `ca` are required (mTLS). */
  tls?: { key: string; cert: string; ca?: string; requestCert?: boolean }
}

const streamHeaders = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' }

function sendEvent(res: ServerResponse, event: { id?: number; event?: string; data: string; retry?: number }): void {
  let text = ''
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`
  if (event.id !== undefined) text += `id: ${event.id}\n`
  if (event.event !== undefined) text += `event: ${event.event}\n`
  for (const line of event.data.split('\n')) text += `data: ${line}\n`
  res.write(`${text}\n`)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function events(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const count = Number(query.get('count') ?? '5')
  const dropAfter = query.has('dropAfter') ? Number(query.get('dropAfter')) : Infinity
  const intervalMs = Number(query.get('intervalMs') ?? '0')
  const lastId = Number(req.headers['last-event-id'] ?? '0')
  if (lastId >= count) {
    res.writeHead(204).end()
    return
  }
  res.writeHead(200, streamHeaders)
  if (query.has('retry')) res.write(`retry: ${query.get('retry')}\n\n`)
  let sent = 0
  for (let n = lastId + 1; n <= count; n++) {
    if (res.destroyed) return
    if (n % 2 === 1) sendEvent(res, { id: n, event: 'tick', data: JSON.stringify({ n }) })
    else sendEvent(res, { id: n, data: `plain ${n}` })
    sent++
    if (sent >= dropAfter && n < count) {
      // Let the events reach the socket, then cut it without ending the chunked body: a real drop.
      await delay(20)
      req.socket.destroy()
      return
    }
    if (intervalMs > 0) await delay(intervalMs)
  }
  res.end()
}

async function handle(req: IncomingMessage, res: ServerResponse, requests: SequenceRequest[]): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const entry: SequenceRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    url: req.url ?? '/',
    headers: req.headers,
  }
  if (typeof req.headers['last-event-id'] === 'string') entry.lastEventId = req.headers['last-event-id']
  requests.push(entry)
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /events':
      return events(req, res, url.searchParams)
    case 'POST /echo':
    case 'POST /post-only': {
      const body = await readBody(req)
      res.writeHead(200, streamHeaders)
      sendEvent(res, {
        id: 1,
        data: JSON.stringify({ method: req.method, contentType: req.headers['content-type'], body }),
      })
      res.end()
      return
    }
    case 'GET /post-only':
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('Use POST')
      return
    case 'GET /headers':
      res.writeHead(200, streamHeaders)
      sendEvent(res, { data: JSON.stringify({ headers: req.headers, url: req.url }) })
      res.end()
      return
    case 'GET /slow':
      res.writeHead(200, streamHeaders)
      res.write(': waiting\n\n')
      await delay(3_000)
      if (res.destroyed) return
      sendEvent(res, { data: 'late' })
      res.end()
      return
    case 'GET /cut-refusal':
      // A refusal whose body never finishes: the socket drops halfway through it.
      res.writeHead(500, { 'content-type': 'text/plain' })
      res.write('partial')
      await delay(20)
      req.socket.destroy()
      return
    case 'GET /empty-data': {
      // Events with a long id and no data (`data:` with nothing after it): they cost bytes though their data is empty.
      res.writeHead(200, streamHeaders)
      const id = 'i'.repeat(Number(url.searchParams.get('idBytes') ?? '1000'))
      for (let n = 0; n < Number(url.searchParams.get('count') ?? '100'); n++) res.write(`id: ${id}\ndata:\n\n`)
      res.end()
      return
    }
    case 'GET /id-only':
      // An id in a block without data sets the last event id (EventSource) though no event is dispatched; then a drop.
      if (req.headers['last-event-id'] === 'done') {
        res.writeHead(204).end()
        return
      }
      res.writeHead(200, streamHeaders)
      if (req.headers['last-event-id'] === undefined) {
        res.write('retry: 20\n')
        sendEvent(res, { id: 1, data: 'first' })
        res.write('id: 7\n\n')
        await delay(20)
        req.socket.destroy()
      } else {
        res.write(`id: done\ndata: resumed after ${String(req.headers['last-event-id'])}\n\n`)
        res.end()
      }
      return
    case 'GET /no-content':
      res.writeHead(204).end()
      return
    case 'GET /json':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"not":"a stream"}')
      return
    case 'GET /big':
      res.writeHead(200, streamHeaders)
      sendEvent(res, { data: 'x'.repeat(Number(url.searchParams.get('bytes') ?? '1000')) })
      res.end()
      return
    case 'GET /client': {
      const certificate = (req.socket as TLSSocket).getPeerCertificate?.()
      res.writeHead(200, streamHeaders)
      sendEvent(res, { data: JSON.stringify({ clientCn: certificate?.subject?.CN ?? null }) })
      res.end()
      return
    }
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
  }
}

export async function startSequenceServer(options: SequenceServerOptions = {}): Promise<SequenceServer> {
  const requests: SequenceRequest[] = []
  const sockets = new Set<Socket>()
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res, requests).catch(() => res.destroy())
  }
  const server: Server = options.tls
    ? createTlsServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.ca ? { ca: options.tls.ca } : {}),
          requestCert: options.tls.requestCert === true,
          rejectUnauthorized: options.tls.requestCert === true,
        },
        listener,
      )
    : createServer(listener)
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    url: (path) => `${origin}${path}`,
    requests,
    openConnections: () =>
      new Promise((resolve, reject) => server.getConnections((error, n) => (error ? reject(error) : resolve(n)))),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
