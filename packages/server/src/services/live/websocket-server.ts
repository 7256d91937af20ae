/**
 * The live route's WebSocket server, created (and `ws` imported) on the first upgrade: a session that never opens a
 * live call does not pay for it at start-up.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ServerOptions, WebSocket, WebSocketServer } from 'ws'

export interface LazyWebSocketServer {
  /** `WebSocketServer.handleUpgrade`; the socket is destroyed when the server cannot be created or is closed. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, done: (socket: WebSocket) => void): void
  close(): void
}

export function createLazyWebSocketServer(options: ServerOptions): LazyWebSocketServer {
  let server: WebSocketServer | undefined
  let creating: Promise<WebSocketServer> | undefined
  let closed = false
  return {
    handleUpgrade(request, socket, head, done) {
      if (server) return server.handleUpgrade(request, socket, head, done)
      creating ??= import('ws').then(({ WebSocketServer }) => (server = new WebSocketServer(options)))
      creating.then(
        (created) => (closed ? socket.destroy() : created.handleUpgrade(request, socket, head, done)),
        () => {
          creating = undefined
          socket.destroy()
        },
      )
    },
    close() {
      closed = true
      server?.close()
    },
  }
}
