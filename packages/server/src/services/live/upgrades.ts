/**
 * Routes WebSocket upgrades for one path through the Fastify router, so the workbench's onRequest gates (Host,
 * Origin, fetch metadata, session token) and the route's own hooks run before any handshake: a refused upgrade gets
 * an ordinary HTTP problem answer and its connection is closed. Upgrades for other paths are left to whoever else
 * listens on the server (a host application's own WebSocket endpoints); with no one else, the router answers them as
 * the plain requests they would have been without this listener (Node hands any request carrying `Upgrade:`, an h2c
 * attempt or a handshake on a plain route, to the `upgrade` event once the server has a listener for it).
 */
import { ServerResponse } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

export interface PendingUpgrade {
  socket: Duplex
  head: Buffer
}

export interface UpgradeRouterOptions {
  server: Server
  /** The exact path (without query) handled here, e.g. `/workbench/api/ws`. */
  path: string
  /** Fastify's router (`app.routing`): runs hooks and the matching handler for a raw request/response pair. */
  routing: (request: IncomingMessage, response: ServerResponse) => void
}

export interface UpgradeRouter {
  /** Whether `request` is an upgrade routed here and not yet taken. */
  isUpgrade(request: IncomingMessage): boolean
  /** The upgrade behind `request`, once; undefined for a plain HTTP request. */
  take(request: IncomingMessage): PendingUpgrade | undefined
  /** Stops listening for upgrades. */
  close(): void
}

function pathOf(url: string | undefined): string {
  const raw = url ?? ''
  const query = raw.indexOf('?')
  return query === -1 ? raw : raw.slice(0, query)
}

function destroyOnError(this: Duplex): void {
  this.destroy()
}

export function createUpgradeRouter(options: UpgradeRouterOptions): UpgradeRouter {
  const pending = new WeakMap<IncomingMessage, PendingUpgrade>()

  /** Runs the router on the upgrade's socket; `isPlain`: a request for another path, never taken for a handshake. */
  const route = (request: IncomingMessage, socket: Duplex, isPlain: boolean): void => {
    const response = new ServerResponse(request)
    response.shouldKeepAlive = false
    response.assignSocket(socket as ServerResponse['socket'] & Duplex)
    // An answer instead of a handshake (a refusal, no route, a plain request): the connection ends with it.
    response.once('finish', () => {
      if (pending.delete(request) || isPlain) socket.end()
    })
    try {
      options.routing(request, response)
    } catch {
      pending.delete(request)
      socket.destroy()
    }
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (pathOf(request.url) !== options.path) {
      if (options.server.listenerCount('upgrade') === 1) {
        socket.on('error', destroyOnError)
        route(request, socket, true)
      }
      return
    }
    // Node removed its own error listener before emitting 'upgrade'; keep the socket guarded while hooks run.
    socket.on('error', destroyOnError)
    pending.set(request, { socket, head })
    route(request, socket, false)
  }
  options.server.on('upgrade', onUpgrade)

  return {
    isUpgrade: (request) => pending.has(request),
    take(request) {
      const upgrade = pending.get(request)
      if (!upgrade) return undefined
      pending.delete(request)
      // The WebSocket library installs its own error handling from here on.
      upgrade.socket.removeListener('error', destroyOnError)
      return upgrade
    },
    close() {
      options.server.removeListener('upgrade', onUpgrade)
    },
  }
}
