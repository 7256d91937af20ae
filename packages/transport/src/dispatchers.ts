/** Hands out undici dispatchers for outbound calls: one shared keep-alive Agent, per-call Agents later (mTLS, cookies). */
import { Agent } from 'undici'
import type { Dispatcher } from 'undici'
import { WorkbenchError } from '@wirebench/core'
import type { CallMarkers, OutboundPolicy } from '@wirebench/core'
import { createGuardedLookup } from './guarded-lookup.js'

export interface DispatcherFactoryOptions {
  outbound?: OutboundPolicy
  /** Idle keep-alive time of pooled sockets. */
  keepAliveTimeoutMs?: number
}

export interface DispatcherLease {
  dispatcher: Dispatcher
  /** Closes a per-call dispatcher; a no-op for the shared one. */
  release(): Promise<void>
}

export interface DispatcherFactory {
  /**
   * The dispatcher a call goes through. Transport markers decide it: this is the seam where a client certificate
   * (mTLS) and a cookie jar select a per-call Agent; calls without them share one guarded Agent.
   */
  acquire(markers: CallMarkers): DispatcherLease
  close(): Promise<void>
}

export function createDispatcherFactory(options: DispatcherFactoryOptions = {}): DispatcherFactory {
  const lookup = createGuardedLookup(options.outbound)
  let shared: Agent | undefined
  const sharedAgent = (): Agent =>
    (shared ??= new Agent({ connect: { lookup }, keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000 }))
  return {
    acquire(markers) {
      // Sending without the certificate the user configured would fail obscurely (or succeed unauthenticated).
      if (markers.mtls) {
        throw new WorkbenchError('unsupported', 'mTLS client certificates are not supported by this transport yet.')
      }
      // Likewise a cookie jar: dropping it silently would send the call without the session the user expects.
      if (markers.cookieEnv !== undefined) {
        throw new WorkbenchError('unsupported', 'Cookie jars are not supported by this transport yet.')
      }
      return { dispatcher: sharedAgent(), release: () => Promise.resolve() }
    },
    async close() {
      const agent = shared
      shared = undefined
      await agent?.close()
    },
  }
}
