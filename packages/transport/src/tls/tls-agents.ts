/**
 * undici Agents that present a client certificate (mTLS), one per distinct certificate/key/CA set. A few are kept
 * (least recently used goes) so a run of calls with one certificate reuses its TLS connections instead of paying a
 * handshake per call; with `max: 0` every call gets its own Agent, closed when the call ends.
 */
import { createHash } from 'node:crypto'
import type { LookupFunction } from 'node:net'
import { Agent } from 'undici'
import type { MtlsMarker } from '@wirebench/core'
import { createTimedConnector } from '../timing/timed-connector.js'
import { clientTlsOptions } from './client-certificate.js'

export interface TlsAgentLease {
  agent: Agent
  release: () => Promise<void>
}

export interface TlsAgents {
  acquire(marker: MtlsMarker): TlsAgentLease
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

  const create = (marker: MtlsMarker): Agent =>
    new Agent({
      // The guarded lookup stays on every Agent: a client certificate must not open a path to metadata addresses.
      connect: createTimedConnector({ ...clientTlsOptions(marker), lookup: options.lookup }),
      keepAliveTimeout: options.keepAliveTimeoutMs,
    })

  return {
    acquire(marker) {
      if (options.max <= 0) {
        const agent = create(marker)
        return { agent, release: () => agent.close() }
      }
      const id = agentId(marker)
      let agent = agents.get(id)
      if (agent) {
        agents.delete(id)
      } else {
        agent = create(marker)
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

/** A digest, so the map holds no key material in its keys (the Agents hold it, as they must). */
function agentId(marker: MtlsMarker): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        marker.certificate,
        marker.privateKey,
        marker.caCertificate ?? '',
        marker.allowSelfSigned === true,
      ]),
    )
    .digest('base64')
}
