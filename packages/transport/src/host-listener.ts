/**
 * How the workbench reaches the host it is embedded in: every connection to an origin the host owns is a plain TCP
 * socket to the host's own listener (the address and port its server reports), whatever name and scheme the URL
 * carries. No DNS lookup happens, so an admitted name that resolves to another machine reaches nothing but the host;
 * and no TLS, because the listener speaks plain HTTP (a TLS-terminating proxy's `https://` origin included). The
 * request keeps the URL's Host header and path, so the host's routes, virtual hosts and proxy trust see what they
 * would; no `X-Forwarded-*` header is added, so a host that redirects plain-HTTP requests to https answers with
 * that redirect (calls follow none).
 */
import net from 'node:net'
import type { Socket } from 'node:net'
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
  const timed = createTimedConnector({})
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
        timed({ ...connect, protocol: 'http:', hostname: listener.address, port: String(listener.port) }, callback)
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
