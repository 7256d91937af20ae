/**
 * Time limits on what a client sends (SECURITY.md "Limits"): the headers, the whole request, and the gaps inside a
 * body, so a client that trickles a byte now and then cannot hold a socket for ever. A reply sent before the body
 * has arrived (a refusal at the gates) closes the connection instead of reading the rest of the body.
 */
import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export interface RequestTimeouts {
  /** The request line and headers must arrive within this. */
  headersMs: number
  /** The whole request, body included, must arrive within this (uploads are bounded in size, so this bounds rate). */
  requestMs: number
  /** A body that sends nothing for this long is cut. */
  bodyIdleMs: number
}

export const defaultRequestTimeouts: RequestTimeouts = {
  headersMs: 15_000,
  requestMs: 120_000,
  bodyIdleMs: 15_000,
}

/**
 * Node checks the header and request deadlines on a timer of its own (every 30 s by default); a quarter of the
 * shorter deadline keeps the overshoot small without waking up often.
 */
export function connectionsCheckingInterval(timeouts: RequestTimeouts): number {
  const shortest = Math.min(timeouts.headersMs, timeouts.requestMs)
  return Math.max(100, Math.min(30_000, Math.floor(shortest / 4)))
}

function expectsBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** Node's own request-timeout path: the server's `clientError` handler answers 408 and destroys the socket. */
function timeoutError(ms: number): Error {
  return Object.assign(new Error(`The request body sent nothing for ${ms} ms.`), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })
}

/**
 * Arms the body idle limit while a request's body is on its way: the socket's idle timer restarts on every byte the
 * parser reads, and the request's `timeout` listener answers before Node's default (destroy without a word) runs.
 */
function watchBody(raw: IncomingMessage, reply: FastifyReply, server: Server, ms: number): void {
  const socket = raw.socket
  const onIdle = () => {
    done()
    if (raw.complete) return
    if (reply.raw.headersSent) socket.destroy()
    else server.emit('clientError', timeoutError(ms), socket)
  }
  const done = () => {
    raw.off('timeout', onIdle)
    raw.off('end', done)
    raw.off('close', done)
    // Once the reply is out, Node owns the socket's timer (keep-alive); before that, back to the server's setting.
    if (!socket.destroyed && !reply.raw.writableFinished) socket.setTimeout(server.timeout)
  }
  raw.on('timeout', onIdle)
  raw.once('end', done)
  raw.once('close', done)
  socket.setTimeout(ms)
}

/** Installs the body idle limit and the early-reply close on a standalone app (Node's limits are set at creation). */
export function installRequestTimeouts(app: FastifyInstance, timeouts: RequestTimeouts): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const raw = request.raw
    if (expectsBody(request.headers) && !raw.complete) {
      // Node announces a request when its headers are parsed, before it parses the body bytes that came in the same
      // read (and it runs microtasks in between, so a microtask is too early). Looked at once the loop's reads are done,
      // a body that arrived with its headers (nearly every API call) is complete and needs no watch, which spares such
      // requests three listeners and two socket timer updates.
      setImmediate(() => {
        if (!raw.complete && !raw.destroyed) watchBody(raw, reply, app.server, timeouts.bodyIdleMs)
      })
    }
    done()
  })
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    // Answered before the body arrived (a refusal): Node would keep reading the rest to reuse the connection.
    if (!request.raw.complete && expectsBody(request.headers)) void reply.header('connection', 'close')
    done(null, payload)
  })
}
