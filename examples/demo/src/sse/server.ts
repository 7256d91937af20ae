/**
 * Starts the SSE demo: the station feed at `/events` (GET or POST, resumable), `/events/private` (API key), and
 * `/events/silent`, a stream that opens and never sends an event (for clients that watch for silence).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import { demoCredentialHint, hasDemoCredential } from '../demo-auth.js'
import { crossSiteMessage, isCrossSite } from '../cross-site.js'
import { badTargetMessage, closeServer, listenOn, readBody, requestUrl } from '../node-http.js'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { feedEvent, formatEvent } from './feed.js'
import type { FeedOptions } from './options.js'
import { FeedRequestError, feedOptions, sseLimits } from './options.js'

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

/** Parses a POST body: empty means no options; anything but a JSON object is refused. */
function parseBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new FeedRequestError('The body must be JSON, e.g. {"count": 5, "interval": 200}.')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FeedRequestError('The body must be a JSON object, e.g. {"stations": ["st-harbor"]}.')
  }
  return value as Record<string, unknown>
}

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
}

function stream(res: ServerResponse, options: FeedOptions): void {
  res.writeHead(200, streamHeaders)
  res.write(': Wirebench demo station feed\n\n')
  let seq = options.start
  let sent = 0
  let timer: NodeJS.Timeout | undefined
  const next = (): void => {
    const event = feedEvent(seq, options.stations)
    if (sent === 0) event.retry = options.retryMs
    const text = formatEvent(event)
    sent++
    seq++
    if (options.count !== undefined && seq > options.count) return void res.end(text)
    // Dropped once the event is on the wire: the client sees it, then a broken stream (no clean end).
    if (options.dropAfter !== undefined && sent >= options.dropAfter) return void res.write(text, () => res.destroy())
    const flushed = res.write(text)
    // A client that does not read pauses the feed instead of growing the send buffer.
    const schedule = (): void => void (timer = setTimeout(next, options.intervalMs))
    if (flushed) schedule()
    else res.once('drain', schedule)
  }
  res.once('close', () => clearTimeout(timer))
  next()
}

async function handle(req: IncomingMessage, res: ServerResponse, streams: Set<ServerResponse>): Promise<void> {
  if (isCrossSite(req)) return sendJson(res, 403, { code: 'forbidden', message: crossSiteMessage })
  const url = requestUrl(req)
  if (url === undefined) return sendJson(res, 400, { code: 'bad_request', message: badTargetMessage })
  if (url.pathname !== '/events' && url.pathname !== '/events/private' && url.pathname !== '/events/silent') {
    return sendJson(res, 404, { code: 'not_found', message: `Nothing at ${url.pathname}; the feed is /events.` })
  }
  if (req.method !== 'GET' && req.method !== 'POST') {
    return sendJson(res, 405, { code: 'method_not_allowed', message: 'Use GET or POST.' }, { allow: 'GET, POST' })
  }
  if (url.pathname === '/events/private' && !hasDemoCredential(req.headers, url)) {
    const body = { code: 'unauthorized', message: demoCredentialHint }
    return sendJson(res, 401, body, { 'www-authenticate': 'Bearer' })
  }
  if (url.pathname === '/events/silent') {
    if (streams.size >= sseLimits.maxStreams) {
      return sendJson(res, 503, { code: 'busy', message: 'Too many open feeds.' }, { 'retry-after': '5' })
    }
    streams.add(res)
    res.once('close', () => streams.delete(res))
    // A comment only: the connection is open and healthy, but no event ever comes.
    return void res.writeHead(200, streamHeaders).write(': Wirebench demo silent feed\n\n')
  }
  let options: FeedOptions
  try {
    let body: Record<string, unknown> | undefined
    if (req.method === 'POST') {
      const text = await readBody(req, sseLimits.maxBodyBytes)
      if (text === undefined) {
        return sendJson(res, 413, { code: 'too_large', message: `Bodies are at most ${sseLimits.maxBodyBytes} bytes.` })
      }
      body = parseBody(text)
    }
    const lastEventId = req.headers['last-event-id']
    options = feedOptions(url, typeof lastEventId === 'string' ? lastEventId : undefined, body)
  } catch (error) {
    if (!(error instanceof FeedRequestError)) throw error
    return sendJson(res, 400, { code: 'bad_request', message: error.message })
  }
  // 204 is how an SSE server tells a reconnecting client that the feed is over.
  if (options.count !== undefined && options.start > options.count) return void res.writeHead(204).end()
  if (streams.size >= sseLimits.maxStreams) {
    return sendJson(res, 503, { code: 'busy', message: 'Too many open feeds.' }, { 'retry-after': '5' })
  }
  streams.add(res)
  res.once('close', () => streams.delete(res))
  stream(res, options)
}

export async function startSseDemo(options: StartServiceOptions): Promise<DemoServiceHandle> {
  const streams = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    handle(req, res, streams).catch(() => res.destroy())
  })
  const address = await listenOn(server, options)
  let closing: Promise<void> | undefined
  return {
    service: { protocol: 'sse', name: 'Station feed (SSE)', url: `http://${address}/events` },
    close: () => (closing ??= closeServer(server)),
  }
}
