/**
 * WebSocket upgrades under the prefix, taken from the Express host's own HTTP server and handed to the workbench's
 * socket-less Fastify instance: Express never sees upgrades (they are an event of the server, not a request), so the
 * live WebSocket (`{prefix}/api/ws`) reaches the workbench only this way. Upgrades elsewhere stay the host's own.
 *
 * An `upgrade` listener alone is not enough: every listener hears every upgrade, and a `ws` server attached to the
 * host's server without a path (express-ws creates one) completes the handshake of each, ours included, before or
 * after us. So the server's `emit` is wrapped: an upgrade under the prefix goes to the workbench only, whichever
 * listeners the host added before or adds later; everything else is emitted as before.
 */
import { ServerResponse } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'

/** The part of an http(s) server the forwarder uses. */
export type UpgradeSource = Pick<Server, 'on' | 'removeListener' | 'listeners' | 'emit'>

type Emit = UpgradeSource['emit']
type UpgradeListener = (request: IncomingMessage, socket: Duplex) => void

/** The `upgrade` listeners of every forwarder (several workbenches may share one host server). */
const forwarderListeners = new WeakSet<object>()

/**
 * An upgrade the host has no listener for, answered as the plain request it would have been without ours: Node
 * hands every request carrying `Upgrade:` (an h2c attempt, a WebSocket handshake on a plain route) to the `upgrade`
 * event as soon as the server has one listener, detached from the HTTP parser. The host's `request` handler answers
 * it on a fresh response, and the connection closes after it. A body that came with it stays unread (it is in
 * `head`, past the parser), as Node ends the request stream of an upgrade.
 */
function answerAsRequest(server: UpgradeSource, request: IncomingMessage, socket: Duplex): void {
  const response = new ServerResponse(request)
  response.shouldKeepAlive = false
  response.assignSocket(socket as Socket)
  response.on('finish', () => {
    response.detachSocket(socket as Socket)
    socket.end()
  })
  server.emit('request', request, response)
}

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
  const attached = new Map<
    UpgradeSource,
    { listener: UpgradeListener; emit: Emit; hadOwnEmit: boolean; routed: Emit }
  >()
  const isOurs = (path: string): boolean => path === options.prefix || path.startsWith(`${options.prefix}/`)
  return {
    attach(server) {
      if (attached.has(server)) return
      const emit = server.emit
      const routed = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
        const [request, socket, head] = args as [IncomingMessage, Duplex, Buffer]
        if (event !== 'upgrade' || !attached.has(server) || !isOurs(pathOf(request.url))) {
          return Reflect.apply(emit, this, [event, ...args]) as boolean
        }
        options.onUpgrade?.(request)
        options.target.emit('upgrade', request, socket, head)
        return true
      } as Emit
      // Node treats an upgrade as a plain request unless the server has an `upgrade` listener: this one keeps ours
      // upgrades, and gives the host the others as plain requests when it listens for none itself (the first
      // forwarder's listener does it, once).
      const listener: UpgradeListener = (request, socket) => {
        if (isOurs(pathOf(request.url)) || socket.destroyed) return
        const listeners = server.listeners('upgrade')
        if (listeners.some((other) => !forwarderListeners.has(other))) return
        if (listeners.find((other) => forwarderListeners.has(other)) !== listener) return
        answerAsRequest(server, request, socket)
      }
      forwarderListeners.add(listener)
      attached.set(server, { listener, emit, hadOwnEmit: Object.hasOwn(server, 'emit'), routed })
      server.emit = routed
      server.on('upgrade', listener)
    },
    close() {
      for (const [server, { listener, emit, hadOwnEmit, routed }] of attached) {
        server.removeListener('upgrade', listener)
        // Wrapped again since (by another library): ours then passes everything through, as nothing is attached.
        if (server.emit !== routed) continue
        if (hadOwnEmit) server.emit = emit
        else delete (server as Partial<UpgradeSource>).emit
      }
      attached.clear()
    },
  }
}

/** The http(s) server a request came through (Node sets `socket.server` on every accepted connection). */
export function serverOf(request: IncomingMessage): UpgradeSource | undefined {
  const server = (request.socket as { server?: unknown } | null)?.server
  if (typeof server !== 'object' || server === null) return undefined
  const candidate = server as Partial<UpgradeSource>
  return typeof candidate.on === 'function' &&
    typeof candidate.listeners === 'function' &&
    typeof candidate.emit === 'function'
    ? (server as UpgradeSource)
    : undefined
}
