/** Real HTTP targets on 127.0.0.1 for the runner's tests: fixed delay, a one-off whole-server stall, periodic failures. */
import { Agent, createServer, request } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CallFunction } from './types.js'

export interface Targets {
  origin: string
  /** Holds every response of /stall from `fromMs` to `fromMs + lengthMs` (performance.now() times). */
  armStall(fromMs: number, lengthMs: number): void
  close(): Promise<void>
}

export async function startTargets(): Promise<Targets> {
  let stall = { from: Infinity, to: Infinity }
  let counted = 0
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const arrived = performance.now()
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const reply = (status: number): void => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok')
    }
    if (path === '/fixed-10ms') return void replyAt(arrived + 10, () => reply(200))
    // The same request answered at once: what the transport itself costs, which a 10 ms answer adds 10 ms to.
    if (path === '/instant') return reply(200)
    if (path === '/slow-50ms') return void setTimeout(() => reply(200), 50)
    if (path === '/stall') {
      // A stall of the whole server (a GC pause, a blocked loop): whatever arrives during it is answered at its end.
      if (arrived >= stall.from && arrived < stall.to) return void setTimeout(() => reply(200), stall.to - arrived)
      return reply(200)
    }
    if (path === '/every-10th-fails') {
      counted += 1
      // Failures are slow on purpose, so that the tests can tell their latency from the successes'.
      if (counted % 10 === 0) return void replyAt(arrived + 20, () => reply(500))
      return reply(200)
    }
    return reply(404)
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    armStall(fromMs, lengthMs) {
      stall = { from: fromMs, to: fromMs + lengthMs }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** Answers at `deadline` within a fraction of a millisecond: a timer gets close, a short spin of setImmediate finishes. */
function replyAt(deadline: number, reply: () => void): void {
  const spin = (): void => {
    if (performance.now() >= deadline) reply()
    else setImmediate(spin)
  }
  setTimeout(spin, Math.max(0, deadline - performance.now() - 2))
}

/**
 * A GET of `url` as the runner's call function (2xx is a success, the HTTP status is the status), on node:http with
 * kept-alive sockets: a light client, so that the figures are the target's and the runner's, not a heavy client's.
 */
export function httpCall(url: string): CallFunction {
  const agent = new Agent({ keepAlive: true, maxSockets: 1000 })
  return (signal) =>
    new Promise((resolve, reject) => {
      const outgoing = request(url, { agent, signal }, (response) => {
        response.resume()
        response.once('end', () => {
          const status = response.statusCode ?? 0
          resolve({ ok: status >= 200 && status < 300, status })
        })
        response.once('error', reject)
      })
      outgoing.once('error', reject)
      outgoing.end()
    })
}
