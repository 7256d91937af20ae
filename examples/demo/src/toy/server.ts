/**
 * The toy lab server: a small protocol of its own so the example sidecars have something to speak to. One TCP
 * connection per call; each side writes one JSON object per line. The client opens with `describe` or `call`
 * (`{op, service, method, headers, body}`); the server answers `{ok, body}` / `{ok: false, status, message}` (unary) or
 * `{data}` lines and one `{end, status}` (streams). Client streams and duplex calls are answered `{ready}` first; the
 * client then writes `{op: "send", body}` lines and `{op: "close"}` when it is done.
 */
import { createServer } from 'node:net'
import type { Server, Socket } from 'node:net'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { toyCatalog } from './catalog.js'
import type { ToyService } from './catalog.js'

export interface ToyServerOptions extends StartServiceOptions {
  /** What `describe` answers (tests put hostile descriptions here); default: the lab. */
  catalog?: ToyService[]
}

export interface ToyServer extends DemoServiceHandle {
  /** Calls and describes seen, with the headers each carried (tests read them). */
  readonly calls: { method: string; headers: Record<string, string>; body: unknown }[]
  /** Open client connections. */
  openConnections(): number
  /** Stream and channel messages written so far (the benchmark compares it with what the page received). */
  messagesSent(): number
}

interface Call {
  op: 'describe' | 'call'
  service?: string
  method?: string
  headers?: Record<string, string>
  body?: Record<string, unknown>
}

const MAX_LINE = 1024 * 1024

function lines(socket: Socket, onLine: (value: Record<string, unknown>) => void): void {
  let buffer = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffer += chunk
    if (buffer.length > MAX_LINE) socket.destroy()
    for (let at = buffer.indexOf('\n'); at !== -1; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at).trim()
      buffer = buffer.slice(at + 1)
      if (line === '') continue
      try {
        onLine(JSON.parse(line) as Record<string, unknown>)
      } catch {
        socket.destroy()
        return
      }
    }
  })
}

const int = (value: unknown, fallback: number, max: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(Math.trunc(value), max)) : fallback

function serve(
  socket: Socket,
  first: Call,
  record: (call: Call) => void,
  catalog: ToyService[],
  counters: { sent: number },
): (next: Record<string, unknown>) => void {
  const send = (value: unknown): boolean => {
    if (socket.destroyed) return false
    if ((value as { data?: unknown }).data !== undefined) counters.sent++
    return socket.write(`${JSON.stringify(value)}\n`)
  }
  const finish = (value: unknown) => {
    send(value)
    socket.end()
  }
  record(first)
  if (first.op === 'describe') {
    finish({ ok: true, server: 'toy-lab', services: catalog })
    return () => undefined
  }
  const body = first.body ?? {}
  const known = catalog.some((s) => s.name === first.service && s.methods.some((m) => m.name === first.method))
  if (!known) {
    finish({
      ok: false,
      status: 'Unimplemented',
      message: `No method ${String(first.service)}/${String(first.method)}.`,
    })
    return () => undefined
  }
  switch (first.method ?? '') {
    case 'Hello':
      finish({
        ok: true,
        body: { greeting: `Hello, ${typeof body.name === 'string' && body.name ? body.name : 'stranger'}!` },
      })
      break
    case 'Echo':
      finish({ ok: true, body: { text: body.text ?? '', headers: first.headers ?? {} } })
      break
    case 'Sleep': {
      const ms = int(body.ms, 1000, 60_000)
      const timer = setTimeout(() => finish({ ok: true, body: { slept: ms } }), ms)
      socket.once('close', () => clearTimeout(timer))
      break
    }
    case 'Fail':
      finish({
        ok: false,
        status: typeof body.status === 'string' ? body.status : 'Unknown',
        message: typeof body.message === 'string' ? body.message : 'Failed as asked.',
      })
      break
    case 'Count': {
      const to = int(body.to, 5, 10_000_000)
      const intervalMs = int(body.intervalMs, 0, 60_000)
      const perSecond = int(body.perSecond, 0, 1_000_000)
      const started = performance.now()
      let n = 0
      // Either one number every intervalMs, or perSecond numbers a second (the benchmark's pace), or flat out; a full
      // socket buffer waits for drain.
      const tick = () => {
        if (socket.destroyed) return
        const due =
          intervalMs > 0
            ? n + 1
            : perSecond > 0
              ? Math.min(to, Math.floor(((performance.now() - started) * perSecond) / 1000))
              : to
        while (n < Math.min(due, to) && !socket.destroyed) {
          n++
          if (!send({ data: { n } })) {
            socket.once('drain', tick)
            return
          }
          if (intervalMs > 0) break
        }
        if (n >= to) return finish({ end: true, status: 'OK' })
        timer = setTimeout(tick, intervalMs > 0 ? intervalMs : perSecond > 0 ? 2 : 0)
      }
      let timer = setTimeout(tick, 0)
      socket.once('close', () => clearTimeout(timer))
      break
    }
    case 'Sum': {
      // Client streams and duplex calls are acknowledged at once: the client then sends its messages.
      send({ ready: true })
      let sum = 0
      let count = 0
      return (next) => {
        if (next.op === 'send') {
          sum += int((next.body as Record<string, unknown> | undefined)?.value, 0, Number.MAX_SAFE_INTEGER)
          count++
        } else if (next.op === 'close') {
          send({ data: { sum, count } })
          finish({ end: true, status: 'OK' })
        }
      }
    }
    case 'Shout':
      send({ ready: true })
      return (next) => {
        if (next.op === 'send') {
          const text = (next.body as Record<string, unknown> | undefined)?.text
          send({ data: { reply: (typeof text === 'string' ? text : JSON.stringify(text ?? '')).toUpperCase() } })
        } else if (next.op === 'close') finish({ end: true, status: 'OK' })
      }
    default:
      finish({ ok: false, status: 'Unimplemented', message: 'Not implemented.' })
  }
  return () => undefined
}

export async function startToyServer(options: ToyServerOptions): Promise<ToyServer> {
  const sockets = new Set<Socket>()
  const calls: ToyServer['calls'] = []
  const catalog = options.catalog ?? toyCatalog
  const counters = { sent: 0 }
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    let onNext: ((next: Record<string, unknown>) => void) | undefined
    lines(socket, (value) => {
      if (onNext) return onNext(value)
      const first = value as unknown as Call
      onNext = serve(
        socket,
        first,
        (call) =>
          calls.push({
            method: `${call.service ?? ''}/${call.method ?? call.op}`,
            headers: call.headers ?? {},
            body: call.body,
          }),
        catalog,
        counters,
      )
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const host = options.host.includes(':') ? `[${options.host}]` : options.host
  return {
    service: { protocol: 'toy', name: 'Toy lab', url: `toy://${host}:${port}` },
    calls,
    openConnections: () => sockets.size,
    messagesSent: () => counters.sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
