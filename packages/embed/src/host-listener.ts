/**
 * Where the workbench connects to reach the host's own routes over HTTP: the host server listening on the port an
 * address names (`http://localhost:3000`), else the one whose requests carried the address's Host (a proxy's public
 * origin names the proxy's port, not the host's, and a host may also listen elsewhere, e.g. an admin server), else the
 * first one listening. A server bound to every address is reached on loopback.
 */
import type { AddressInfo } from 'node:net'
import { Server as TlsServer } from 'node:tls'

export interface HostListener {
  address: string
  port: number
  /** An https server (its calls go over TLS to it). */
  isTls?: boolean
}

/** The part of a `net.Server` read here (an Express host's server is only known as something with `address()`). */
export interface ListeningServer {
  address(): AddressInfo | string | null
}

function listenerAt(server: unknown): HostListener | undefined {
  const read = (server as Partial<ListeningServer> | null)?.address
  if (typeof read !== 'function') return undefined
  const address = read.call(server)
  // A pipe or a server that is not listening (yet, or any more).
  if (address === null || typeof address === 'string') return undefined
  const host = address.address === '::' ? '::1' : address.address === '0.0.0.0' ? '127.0.0.1' : address.address
  return { address: host, port: address.port, ...(server instanceof TlsServer ? { isTls: true } : {}) }
}

/**
 * `serverForHost` names the server that received requests with a given Host header (lower case, with its port if
 * any), when the host knows it.
 */
export function createHostListener(
  servers: () => Iterable<unknown>,
  serverForHost?: (host: string) => unknown,
): (url: string) => HostListener | undefined {
  return (url) => {
    const listening = [...servers()].flatMap((server) => listenerAt(server) ?? [])
    const parsed = URL.canParse(url) ? new URL(url) : undefined
    const port = parsed?.port ?? ''
    const onPort = listening.find((listener) => String(listener.port) === port)
    if (onPort) return onPort
    const named = parsed && serverForHost ? listenerAt(serverForHost(parsed.host.toLowerCase())) : undefined
    return named ?? listening[0]
  }
}
