/**
 * How the workbench reaches the host it is embedded in: every connection to an origin the host owns is a TCP socket
 * to the host's own listener (the address and port its server reports), whatever name and scheme the URL carries.
 * No DNS lookup happens, so an admitted name that resolves to another machine reaches nothing but the host. The
 * socket speaks what the listener speaks, not what the URL's scheme says: plain HTTP to a plain listener (a
 * TLS-terminating proxy's `https://` origin included), TLS to a host serving HTTPS itself. The request keeps the
 * URL's Host header and path, so the host's routes, virtual hosts and proxy trust see what they would; no
 * `X-Forwarded-*` header is added, so a host that redirects plain-HTTP requests to https answers with that redirect
 * (calls follow none).
 */
import net from 'node:net'
import type { Socket } from 'node:net'
import tls from 'node:tls'
import { Agent } from 'undici'
import type { Dispatcher } from 'undici'
import { WorkbenchError } from '@wirebench/core'
import type { CookieJars } from './cookies/cookie-jars.js'
import { createCookieJars } from './cookies/cookie-jars.js'
import { withCookieJar } from './cookies/with-cookie-jar.js'
import type { DispatcherFactory } from './dispatchers.js'
import { createTimedConnector } from './timing/timed-connector.js'

/** Where the host's server accepts connections. */
export interface HostListener {
  address: string
  port: number
  /** The host's server is an https (TLS) server. */
  isTls?: boolean
}

/**
 * TLS to the host's own listener is not verified: the socket goes to the address and port the host's server (this
 * process) is bound on, which nobody else can hold, and its certificate names the public host, not that address.
 */
const ownListenerTls = { rejectUnauthorized: false } as const

/** The name sent as SNI: the URL's host name, unless it is an address (SNI carries names only). */
function serverName(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  return net.isIP(bare) === 0 ? bare : undefined
}

/** The listener serving the host's origin of `url` (http(s) or ws(s)), or undefined while the host does not listen. */
export type HostListenerOf = (url: string) => HostListener | undefined

function notListening(origin: string): WorkbenchError {
  return new WorkbenchError('upstream_unreachable', `The host serving ${origin} is not listening yet.`, {
    hint: 'Start the host server (listen) before calling its routes from the workbench.',
  })
}

/** `ws` client options that open the handshake's socket on the host's listener (its `lookup` is never asked). */
export interface HostSocketOptions {
  createConnection: () => Socket
}

/** `ws` client options for a WebSocket to `url` on the host (while the host does not listen, its socket fails). */
export function hostSocketOptions(listenerOf: HostListenerOf, url: string): HostSocketOptions {
  return {
    createConnection: () => {
      const listener = listenerOf(url)
      if (listener?.isTls === true) {
        const servername = serverName(new URL(url).hostname)
        return tls.connect({
          host: listener.address,
          port: listener.port,
          ...ownListenerTls,
          ...(servername === undefined ? {} : { servername }),
        })
      }
      if (listener) return net.connect({ host: listener.address, port: listener.port })
      // The client library reads a failed socket's error as it would a refused connection.
      const socket = new net.Socket()
      process.nextTick(() => socket.destroy(notListening(new URL(url).origin)))
      return socket
    },
  }
}

export interface HostReach {
  /** Dispatchers whose every connection goes to the host's listener (cookie jars honoured, client TLS not used). */
  dispatchers: DispatcherFactory
  /** For a WebSocket to `url` on the host (while the host does not listen, its socket fails with `upstream_unreachable`). */
  socketOptions(url: string): HostSocketOptions
}

export interface HostReachOptions {
  listener: HostListenerOf
  /** The server's per-environment cookie jars; by default the reach keeps its own. */
  cookieJars?: CookieJars
  /** Idle keep-alive time of pooled sockets. */
  keepAliveTimeoutMs?: number
}

const nothingToRelease = (): Promise<void> => Promise.resolve()

export function createHostReach(options: HostReachOptions): HostReach {
  const plain = createTimedConnector({})
  const secure = createTimedConnector(ownListenerTls)
  const cookieJars = options.cookieJars ?? createCookieJars()
  let agent: Agent | undefined
  // Pooled per origin as any Agent does: calls to one origin reuse their sockets to the listener.
  const sharedAgent = (): Agent =>
    (agent ??= new Agent({
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
      connect: (connect, callback) => {
        const origin = `${connect.protocol}//${connect.host ?? connect.hostname}`
        const listener = options.listener(origin)
        if (!listener) {
          callback(notListening(origin), null)
          return
        }
        const onListener = { ...connect, hostname: listener.address, port: String(listener.port) }
        if (listener.isTls !== true) {
          plain({ ...onListener, protocol: 'http:' }, callback)
          return
        }
        const servername = serverName(connect.hostname)
        secure({ ...onListener, protocol: 'https:', ...(servername === undefined ? {} : { servername }) }, callback)
      },
    }))
  return {
    dispatchers: {
      acquire(markers) {
        let dispatcher: Dispatcher = sharedAgent()
        if (markers.cookieEnv !== undefined)
          dispatcher = withCookieJar(dispatcher, cookieJars.jarFor(markers.cookieEnv))
        return { dispatcher, release: nothingToRelease, holdsNothing: true }
      },
      cookieJars,
      async close() {
        const open = agent
        agent = undefined
        await open?.close()
      },
    },
    socketOptions: (url) => hostSocketOptions(options.listener, url),
  }
}
