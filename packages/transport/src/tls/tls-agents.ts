/**
 * undici Agents for calls with their own TLS settings (a client certificate, the environment's trusted CA, or
 * certificate checks off), one per distinct set (see `callTls` for how they combine). A few are kept
 * (least recently used goes) so a run of calls with one certificate reuses its TLS connections instead of paying a
 * handshake per call; with `max: 0` every call gets its own Agent, closed when the call ends.
 */
import type { LookupFunction } from 'node:net'
import { Agent } from 'undici'
import { createTimedConnector } from '../timing/timed-connector.js'
import type { CallTls } from './call-tls.js'

export interface TlsAgentLease {
  agent: Agent
  release: () => Promise<void>
}

export interface TlsAgents {
  acquire(tls: CallTls): TlsAgentLease
  /** Agents currently kept for reuse. */
  readonly size: number
  close(): Promise<void>
}

export interface TlsAgentsOptions {
  lookup: LookupFunction
  keepAliveTimeoutMs: number
  /** Agents kept for reuse; 0 closes each one after its call. */
  max: number
}

const keepOpen = (): Promise<void> => Promise.resolve()

export function createTlsAgents(options: TlsAgentsOptions): TlsAgents {
  // Insertion order is recency order: a reused Agent moves to the end, the first one is evicted.
  const agents = new Map<string, Agent>()

  const create = (tls: CallTls): Agent =>
    new Agent({
      // The guarded lookup stays on every Agent: TLS settings must not open a path to metadata addresses. Timed, so
      // the call that opens a connection reports its DNS, connect and TLS phases.
      connect: createTimedConnector({ ...tls.options, lookup: options.lookup }),
      keepAliveTimeout: options.keepAliveTimeoutMs,
    })

  return {
    acquire(tls) {
      if (options.max <= 0) {
        const agent = create(tls)
        return { agent, release: () => agent.close() }
      }
      const id = tls.id
      let agent = agents.get(id)
      if (agent) {
        agents.delete(id)
      } else {
        agent = create(tls)
      }
      agents.set(id, agent)
      if (agents.size > options.max) {
        const [oldestId, oldest] = agents.entries().next().value as [string, Agent]
        agents.delete(oldestId)
        // close() lets requests already under way on it finish.
        oldest.close().catch(() => undefined)
      }
      return { agent, release: keepOpen }
    },
    get size() {
      return agents.size
    },
    async close() {
      const all = [...agents.values()]
      agents.clear()
      await Promise.all(all.map((agent) => agent.close().catch(() => undefined)))
    },
  }
}
