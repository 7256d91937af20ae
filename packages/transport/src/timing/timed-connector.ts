/**
 * An undici connector that notes when each phase of a new connection ended (DNS lookup, TCP connect, TLS handshake),
 * so a call that opened the connection can report them. Sockets are pooled: the times belong to the socket, and a
 * call that reuses it reports a reused connection instead.
 */
import type { Socket } from 'node:net'
import { buildConnector } from 'undici'

export interface SocketPhases {
  /** When the connector was asked for the socket (performance.now() ms). */
  startAt: number
  /** The host name was resolved (absent for an IP address: nothing to look up). */
  lookupAt?: number
  /** TCP connected. */
  connectAt?: number
  /** TLS handshake done (https only). */
  secureAt?: number
}

const phasesBySocket = new WeakMap<object, SocketPhases>()

/** The phases of a socket a timed connector opened (undefined for any other socket). */
export function socketPhasesOf(socket: object): SocketPhases | undefined {
  return phasesBySocket.get(socket)
}

/** Wraps `connect` (undici's own connector by default) so every socket it opens carries its phase times. */
export function timedConnector(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    const phases: SocketPhases = { startAt: performance.now() }
    // undici's own connector returns the socket it opens (its types say void: custom connectors need not).
    const socket = connect(options, callback) as unknown as Socket | undefined
    if (socket === undefined) return
    phasesBySocket.set(socket, phases)
    // Three one-shot listeners per new connection; pooled connections are reused, so this is rare off the first call.
    socket.once('lookup', () => (phases.lookupAt = performance.now()))
    socket.once('connect', () => (phases.connectAt = performance.now()))
    if (options.protocol === 'https:') socket.once('secureConnect', () => (phases.secureAt = performance.now()))
    return socket
  }
}

/** undici's connector with these options (as an Agent's `connect` object would build it), timed. */
export function createTimedConnector(options: buildConnector.BuildOptions): buildConnector.connector {
  return timedConnector(buildConnector(options))
}
