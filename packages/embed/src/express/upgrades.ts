/**
 * WebSocket upgrades under the prefix, taken from the Express host's own HTTP server and handed to the workbench's
 * socket-less Fastify instance: Express never sees upgrades (they are an event of the server, not a request), so the
 * live WebSocket (`{prefix}/api/ws`) reaches the workbench only this way. Upgrades elsewhere stay the host's own.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'

/** The part of an http(s) server the forwarder uses. */
export type UpgradeSource = Pick<Server, 'on' | 'removeListener' | 'listenerCount'>

export interface UpgradeForwarder {
  /** Starts forwarding the upgrades of `server` (once per server; later calls for the same one are no-ops). */
  attach(server: UpgradeSource): void
  /** Stops listening on every attached server. */
  close(): void
}

function pathOf(url: string | undefined): string {
  const raw = url ?? ''
  const query = raw.indexOf('?')
  return query === -1 ? raw : raw.slice(0, query)
}

export function createUpgradeForwarder(options: {
  prefix: string
  /** The workbench's own server, whose `upgrade` listener routes the request through the workbench's gates. */
  target: Pick<Server, 'emit'>
  /** Called with each forwarded upgrade before it is handed over (the host's port is learnt from it). */
  onUpgrade?: (request: IncomingMessage) => void
}): UpgradeForwarder {
  const attached = new Map<UpgradeSource, (request: IncomingMessage, socket: Duplex, head: Buffer) => void>()
  const isOurs = (path: string): boolean => path === options.prefix || path.startsWith(`${options.prefix}/`)
  return {
    attach(server) {
      if (attached.has(server)) return
      const listener = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
        if (!isOurs(pathOf(request.url))) {
          // Nobody else takes upgrades on this server: answer rather than leave the connection hanging.
          if (server.listenerCount('upgrade') === 1) {
            socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
          }
          return
        }
        options.onUpgrade?.(request)
        options.target.emit('upgrade', request, socket, head)
      }
      attached.set(server, listener)
      server.on('upgrade', listener)
    },
    close() {
      for (const [server, listener] of attached) server.removeListener('upgrade', listener)
      attached.clear()
    },
  }
}

/** The http(s) server a request came through (Node sets `socket.server` on every accepted connection). */
export function serverOf(request: IncomingMessage): UpgradeSource | undefined {
  const server = (request.socket as { server?: unknown } | null)?.server
  if (typeof server !== 'object' || server === null) return undefined
  const candidate = server as Partial<UpgradeSource>
  return typeof candidate.on === 'function' && typeof candidate.listenerCount === 'function'
    ? (server as UpgradeSource)
    : undefined
}
