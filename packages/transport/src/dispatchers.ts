/**
 * Hands out undici dispatchers for outbound calls: one shared keep-alive Agent, Agents with a call's own TLS settings
 * (client certificate, trusted CA, checks off), and either of them wrapped with an environment's cookie jar. Every
 * Agent connects through the guarded lookup.
 */
import { Agent } from 'undici'
import type { Dispatcher } from 'undici'
import type { CallMarkers, OutboundPolicy } from '@wirebench/core'
import { createCookieJars } from './cookies/cookie-jars.js'
import type { CookieJars } from './cookies/cookie-jars.js'
import { withCookieJar } from './cookies/with-cookie-jar.js'
import { createGuardedLookup } from './guarded-lookup.js'
import { createTimedConnector } from './timing/timed-connector.js'
import { callTls } from './tls/call-tls.js'
import { createTlsAgents } from './tls/tls-agents.js'

export interface DispatcherFactoryOptions {
  outbound?: OutboundPolicy
  /** Idle keep-alive time of pooled sockets. */
  keepAliveTimeoutMs?: number
  /** The server's per-environment cookie jars (shared by its plugins); by default the factory keeps its own. */
  cookieJars?: CookieJars
  /** Agents with their own TLS settings kept for reuse (least recently used goes); 0 gives each call its own. Default 8. */
  maxTlsAgents?: number
}

export interface DispatcherLease {
  dispatcher: Dispatcher
  /** Ends the call's hold on its dispatcher: closes a per-call one, a no-op for shared and kept ones. */
  release(): Promise<void>
  /** True when `release` has nothing to do (the shared Agent): a caller on a hot path may skip waiting for it. */
  readonly holdsNothing?: boolean
}

export interface DispatcherFactory {
  /**
   * The dispatcher a call goes through. Transport markers decide it: TLS settings (an mTLS client certificate, the
   * environment's trust marker) select an Agent with them, a cookie environment wraps the Agent with that
   * environment's jar (both together: one Agent carries the TLS settings and the jar); calls without them share one
   * guarded Agent. Throws `invalid_request` naming the field when PEM material cannot be used.
   */
  acquire(markers: CallMarkers): DispatcherLease
  readonly cookieJars: CookieJars
  close(): Promise<void>
}

const nothingToRelease = (): Promise<void> => Promise.resolve()

export function createDispatcherFactory(options: DispatcherFactoryOptions = {}): DispatcherFactory {
  const lookup = createGuardedLookup(options.outbound)
  const keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? 4_000
  const cookieJars = options.cookieJars ?? createCookieJars()
  const tlsAgents = createTlsAgents({ lookup, keepAliveTimeoutMs, max: options.maxTlsAgents ?? 8 })
  let shared: Agent | undefined
  // The timed connector notes each new connection's DNS, connect and TLS times for the calls that report them.
  const sharedAgent = (): Agent =>
    (shared ??= new Agent({ connect: createTimedConnector({ lookup }), keepAliveTimeout: keepAliveTimeoutMs }))

  return {
    acquire(markers) {
      let dispatcher: Dispatcher
      let release = nothingToRelease
      const tls = callTls(markers)
      if (tls) {
        const lease = tlsAgents.acquire(tls)
        dispatcher = lease.agent
        release = lease.release
      } else {
        dispatcher = sharedAgent()
      }
      if (markers.cookieEnv !== undefined) {
        dispatcher = withCookieJar(dispatcher, cookieJars.jarFor(markers.cookieEnv))
      }
      return { dispatcher, release, holdsNothing: release === nothingToRelease }
    },
    cookieJars,
    async close() {
      const agent = shared
      shared = undefined
      await Promise.all([agent?.close(), tlsAgents.close()])
    },
  }
}
