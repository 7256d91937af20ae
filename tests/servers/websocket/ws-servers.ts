/**
 * Real `ws` servers on one loopback port (plain or TLS), one behaviour per path, for the WebSocket plugin's tests:
 * - `/echo`: echoes text as text and binary as binary; `@upgrade` answers `{ url, headers, protocol, peer }` of the
 *   upgrade request, `@close <code> <reason>` closes with that code, `@ping <payload>` sends a ping.
 * - `/chat`: subprotocol-only: refuses (HTTP 400) an upgrade that does not offer `chat.v2`, selects it, echoes.
 * - `/binary-bye`: sends binary frames [0 1 2] and [255 254], then closes with 4001 "bye".
 * - `/pinger`: pings with "are you there?" on connect, then echoes.
 * - `/slow`: accepts, then neither reads nor answers.
 * - `/flood?count=&size=`: sends `count` numbered text messages of about `size` bytes as fast as the socket takes them.
 * - `/forbidden`: refuses every upgrade with 403.
 */
import { createServer as createHttpServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { WebSocketServer } from 'ws'
import type WebSocket from 'ws'

export interface WsTlsOptions {
  cert: string
  key: string
  /** CA that issues accepted client certificates. */
  ca?: string
  /** Ask for (and require) a client certificate. */
  requestCert?: boolean
}

export interface FloodReport {
  /** Messages handed to the socket when the server's send buffer passed the bound (the client stopped reading). */
  sentWhenBlocked: number
}

export interface WsServers {
  /** `ws://127.0.0.1:<port>` or `wss://…`. */
  origin: string
  url(path: string): string
  /** WebSocket connections open right now. */
  openConnections(): number
  /** Resolves the first time a flood finds its send buffer above 4 MiB (or, never blocked, when it sent everything). */
  whenFloodBlocked(): Promise<FloodReport>
  /** Resolves with the close code the server received on the next connection to close. */
  nextClientClose(): Promise<{ code: number; reason: string }>
  close(): Promise<void>
}

/** The flood's send buffer bound: far above what a reading client lets pile up, below what a paused one does. */
const floodBlockedBytes = 4 * 1024 * 1024

export async function startWsServers(tls?: WsTlsOptions): Promise<WsServers> {
  const server: Server = tls
    ? createHttpsServer({
        cert: tls.cert,
        key: tls.key,
        ...(tls.ca ? { ca: tls.ca } : {}),
        requestCert: tls.requestCert === true,
        rejectUnauthorized: tls.requestCert === true,
      })
    : createHttpServer()
  server.on('request', (_request, response) => response.writeHead(404).end('not a websocket path'))
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('chat.v2') ? 'chat.v2' : false),
  })
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  const blockedWaiters: ((report: FloodReport) => void)[] = []
  const closeWaiters: ((close: { code: number; reason: string }) => void)[] = []
  let open = 0

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const offered = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim())
    if (path === '/forbidden' || (path === '/chat' && !offered.includes('chat.v2'))) {
      const status = path === '/forbidden' ? '403 Forbidden' : '400 Bad Request'
      const body = path === '/forbidden' ? '{"error":"forbidden"}' : 'chat.v2 subprotocol required'
      socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`)
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      open++
      ws.once('close', (code, reason) => {
        open--
        for (const waiter of closeWaiters.splice(0)) waiter({ code, reason: reason.toString() })
      })
      behave(path, ws, request)
    })
  })

  function behave(path: string, ws: WebSocket, request: IncomingMessage): void {
    switch (path) {
      case '/binary-bye':
        ws.send(Buffer.from([0, 1, 2]))
        ws.send(Buffer.from([255, 254]))
        ws.close(4001, 'bye')
        return
      case '/slow':
        // Never reads either: what a client sends piles up in the socket buffers.
        ws.pause()
        return
      case '/flood':
        flood(ws, new URL(request.url ?? '/', 'http://x').searchParams)
        return
      case '/pinger':
        ws.ping('are you there?')
        break
    }
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const text = isBinary ? '' : data.toString('utf8')
      if (text === '@upgrade') {
        const peer = (request.socket as Partial<TLSSocket>).getPeerCertificate?.()
        ws.send(
          JSON.stringify({
            url: request.url,
            headers: request.headers,
            protocol: ws.protocol,
            peer: peer?.subject?.CN ?? null,
          }),
        )
      } else if (text.startsWith('@close ')) {
        const [, code = '1000', ...reason] = text.split(' ')
        ws.close(Number(code), reason.join(' '))
      } else if (text.startsWith('@ping ')) {
        ws.ping(text.slice('@ping '.length))
      } else {
        ws.send(data, { binary: isBinary })
      }
    })
  }

  function flood(ws: WebSocket, params: URLSearchParams): void {
    const count = Number(params.get('count') ?? 1000)
    const size = Number(params.get('size') ?? 1024)
    const padding = 'x'.repeat(Math.max(0, size - 20))
    let sent = 0
    let reported = false
    const next = (): void => {
      // A batch, then a turn of the event loop, so a client in this process gets to read between batches.
      let waitForWrite = false
      const batchWritten = (): void => {
        if (waitForWrite) setImmediate(next)
      }
      for (let i = 0; i < 64 && sent < count; i++) {
        const last = i === 63 || sent === count - 1
        const text = `${sent++} ${padding}`
        if (last) ws.send(text, batchWritten)
        else ws.send(text)
      }
      if (!reported && ws.bufferedAmount > floodBlockedBytes) {
        reported = true
        for (const waiter of blockedWaiters.splice(0)) waiter({ sentWhenBlocked: sent })
      }
      if (sent >= count && !reported) {
        // Everything went out without the client ever falling behind: report it, so a test waiting sees it.
        reported = true
        for (const waiter of blockedWaiters.splice(0)) waiter({ sentWhenBlocked: sent })
      }
      if (sent >= count || ws.readyState !== ws.OPEN) return
      // Past the bound, the next batch waits until this one reached the kernel (the client reads again).
      if (ws.bufferedAmount > floodBlockedBytes) waitForWrite = true
      else setImmediate(next)
    }
    next()
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `${tls ? 'wss' : 'ws'}://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    url: (path) => `${origin}${path}`,
    openConnections: () => open,
    whenFloodBlocked: () => new Promise((resolve) => blockedWaiters.push(resolve)),
    nextClientClose: () => new Promise((resolve) => closeWaiters.push(resolve)),
    async close() {
      for (const client of wss.clients) client.terminate()
      for (const socket of sockets) socket.destroy()
      wss.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
