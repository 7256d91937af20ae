/** Discovery fan-out: every plugin tries every URL in parallel, each attempt time-boxed, results merged and tagged. */
import { WorkbenchError, checkOutboundHeaders, splitMarkers } from '@wirebench/core'
import type {
  DiscoverResponse,
  DiscoveryAttempt,
  Logger,
  OutboundPolicy,
  ProtocolPlugin,
  ServiceInfo,
} from '@wirebench/core'
import { authChallengeOf } from '../errors/problem.js'
import { withDeadline } from './deadline.js'
import { whenLoaded } from './lazy-plugin.js'
import type { Cancellation } from './deadline.js'
import type { PluginRegistry } from './plugin-registry.js'
import { checkPluginTarget, foreignScheme, targetSchemes } from './plugin-target.js'
import { parseTargetEntry, uniqueEntries } from './target-entry.js'
import type { TargetEntry } from './target-entry.js'

export interface DiscoveryServiceOptions {
  registry: PluginRegistry
  timeoutMs: number
  outboundPolicy: OutboundPolicy
  maxResponseBytes: number
  /**
   * Embedded mode: true for an address on the host's own origin. Only the REST plugin (which reads the host's route
   * table) tries such an address unless it is pinned, so no probe of another protocol reaches the host.
   */
  isHostUrl?: (url: string) => boolean
  /**
   * Embedded mode: the host's GraphQL and WebSocket endpoints at an address of its own, each tried by its plugin
   * beside REST; their services keep their own address (calls go there) and their attempts count for the host's.
   */
  hostEndpoints?: (url: string) => ReadonlyArray<{ pluginId: string; url: string }>
}

export interface DiscoverInput {
  urls: readonly string[]
  metadata?: Record<string, string>
  cancellation?: Cancellation
  logger: Logger
  /** Each attempt's time box for this discovery, instead of the service's (the CLI's `--timeout`). */
  timeoutMs?: number
}

export interface DiscoveryService {
  discover(input: DiscoverInput): Promise<DiscoverResponse>
}

interface AttemptResult {
  plugin: ProtocolPlugin
  entry: TargetEntry
  attempt: DiscoveryAttempt
  services: ServiceInfo[]
}

const noServicesMessage = 'No services discovered.'

export function createDiscoveryService(options: DiscoveryServiceOptions): DiscoveryService {
  const { registry } = options

  function pluginsFor(entry: TargetEntry): readonly ProtocolPlugin[] {
    if (entry.pinned) return [registry.require(entry.pinned)]
    const rest = registry.get('rest')
    if (rest && options.isHostUrl?.(entry.url) === true) return [rest]
    return registry.list().filter((plugin) => plugin.urlDiscovery !== false)
  }

  function hostEndpointJobs(entry: TargetEntry): Array<{ plugin: ProtocolPlugin; url: string }> {
    if (entry.pinned || options.isHostUrl?.(entry.url) !== true || !options.hostEndpoints) return []
    return options.hostEndpoints(entry.url).flatMap(({ pluginId, url }) => {
      const plugin = registry.get(pluginId)
      return plugin ? [{ plugin, url }] : []
    })
  }

  async function attempt(
    plugin: ProtocolPlugin,
    entry: TargetEntry,
    input: DiscoverInput,
    endpoint?: string,
  ): Promise<AttemptResult> {
    const at = endpoint ?? entry.url
    const started = performance.now()
    const timeoutMs = input.timeoutMs ?? options.timeoutMs
    const finish = (
      outcome: DiscoveryAttempt['outcome'],
      services: ServiceInfo[],
      message?: string,
      error?: WorkbenchError,
    ) => {
      const result: DiscoveryAttempt = {
        url: entry.entry,
        pluginId: plugin.id,
        outcome,
        servicesFound: services.length,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      }
      if (message !== undefined) result.message = message
      if (error) result.code = error.code
      if (error?.hint) result.hint = error.hint
      const challenge = authChallengeOf(error?.details)
      if (challenge) result.authChallenge = challenge
      return { plugin, entry, attempt: result, services }
    }
    const foreign = foreignScheme(at, plugin, options.outboundPolicy)
    if (foreign !== undefined && registry.list().some((p) => p.anyScheme === true)) {
      return finish('empty', [], `${plugin.name} does not read ${foreign}// addresses.`)
    }
    try {
      // The embedding host is always reachable from its own workbench (and REST reads it without a request).
      if (options.isHostUrl?.(entry.url) !== true) checkPluginTarget(entry.url, plugin, options.outboundPolicy)
      await whenLoaded(plugin)
      const found = await withDeadline(
        {
          timeoutMs,
          logger: input.logger,
          limits: { maxResponseBytes: options.maxResponseBytes },
          ...(input.cancellation ? { cancellation: input.cancellation } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        (ctx) => plugin.discover({ kind: 'url', url: at, pinned: entry.pinned !== undefined }, ctx),
      )
      const services = found.map((s) => ({ ...s, protocol: plugin.id, originUrl: at, isUploaded: false }))
      return services.length > 0 ? finish('ok', services) : finish('empty', [], noServicesMessage)
    } catch (caught) {
      const error = WorkbenchError.from(caught)
      if (error.code === 'no_services') return finish('empty', [], error.message || noServicesMessage, error)
      if (error.code === 'timeout') {
        const slow = new WorkbenchError('timeout', error.message, {
          hint: 'Check that the server is up and reachable from this machine (VPN, firewall), then discover again.',
        })
        return finish('timeout', [], `${plugin.name} gave no answer within ${timeoutMs} ms.`, slow)
      }
      if (error.code === 'internal') {
        // Whatever was thrown (a TypeError, a stack overflow…) stays in the log, not in the answer.
        input.logger.error(`${plugin.id} discovery of ${at} failed`, { error: error.message })
        return finish('error', [], `${plugin.name} failed unexpectedly on this URL; see the server log.`, error)
      }
      return finish('error', [], error.message, error)
    }
  }

  return {
    async discover(input) {
      // A malformed marker or header is the caller's error: one 400, not the same failure in every attempt.
      checkOutboundHeaders(splitMarkers(input.metadata).headers)
      const installed = {
        has: (id: string) => registry.get(id) !== undefined,
        ids: () => registry.list().map((p) => p.id),
      }
      const schemes = targetSchemes(registry, options.outboundPolicy)
      const entries = uniqueEntries(input.urls.map((u) => parseTargetEntry(u, installed, schemes)))
      const jobs = entries.flatMap((entry) =>
        entry.problem
          ? []
          : [
              ...pluginsFor(entry).map((plugin) => attempt(plugin, entry, input)),
              ...hostEndpointJobs(entry).map(({ plugin, url }) => attempt(plugin, entry, input, url)),
            ],
      )
      const results = standBack(await Promise.all(jobs), registry)
      const seen = new Set<string>()
      const services: ServiceInfo[] = []
      for (const { services: found } of results) {
        for (const service of found) {
          // The same service reached through two spellings of one URL is listed once.
          const key = `${service.protocol}\u0000${service.originUrl ?? ''}\u0000${service.package}\u0000${service.name}`
          if (seen.has(key)) continue
          seen.add(key)
          services.push(service)
        }
      }
      // In the caller's order; an entry no plugin may try has one attempt saying why.
      const attempts = entries.flatMap((entry) =>
        entry.problem
          ? [refusedAttempt(entry, entry.problem)]
          : results.filter((r) => r.entry === entry).map((r) => r.attempt),
      )
      return { services, attempts }
    },
  }
}

/** The one attempt of an entry no plugin may try (a pin naming no installed plugin, no address): it names the pin. */
function refusedAttempt(entry: TargetEntry, problem: WorkbenchError): DiscoveryAttempt {
  const attempt: DiscoveryAttempt = {
    url: entry.entry,
    // The pin it names, or no plugin at all for an entry that is no address.
    pluginId: entry.entry.includes('@') ? entry.entry.slice(0, entry.entry.indexOf('@')) : 'discovery',
    outcome: 'error',
    servicesFound: 0,
    durationMs: 0,
    message: problem.message,
    code: problem.code,
  }
  if (problem.hint) attempt.hint = problem.hint
  return attempt
}

/**
 * Applies `defersTo`: a plugin's services at a URL where a plugin it defers to listed services are dropped, and its
 * attempt says who listed the URL instead.
 */
function standBack(results: AttemptResult[], registry: PluginRegistry): AttemptResult[] {
  const listed = new Set(
    results.filter((r) => r.services.length > 0).map((r) => `${r.plugin.id}\u0000${r.entry.entry}`),
  )
  return results.map((result) => {
    if (result.services.length === 0) return result
    const winner = result.plugin.defersTo?.find((id) => listed.has(`${id}\u0000${result.entry.entry}`))
    if (winner === undefined) return result
    const name = registry.get(winner)?.name ?? winner
    const attempt: DiscoveryAttempt = {
      ...result.attempt,
      outcome: 'empty',
      servicesFound: 0,
      message: `Listed under ${name}; pin ${result.plugin.id}@ to list it as ${result.plugin.name} too.`,
    }
    return { ...result, attempt, services: [] }
  })
}
