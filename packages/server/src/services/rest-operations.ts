/**
 * The discovered operations of a workspace's saved REST requests, for the Postman export: each distinct document is
 * discovered once (pinned to REST, so no other protocol probes it), and a method discovery left deferred is described
 * from the plugin's cache. A request whose operation cannot be found gets the reason instead.
 */
import type { Logger, MethodInfo, SavedRequestEntry, ServiceInfo } from '@wirebench/core'
import type { Cancellation } from './deadline.js'
import type { DiscoveryService } from './discovery.js'
import type { PluginRegistry } from './plugin-registry.js'

export interface RestOperationsInput {
  requests: readonly SavedRequestEntry[]
  discovery: DiscoveryService
  registry: PluginRegistry
  logger: Logger
  cancellation?: Cancellation
}

export type RestOperationLookup = (path: string) => { service: ServiceInfo; method: MethodInfo } | string

export async function findRestOperations(input: RestOperationsInput): Promise<RestOperationLookup> {
  const targets = new Map<string, { services: ServiceInfo[]; problem?: string }>()
  for (const { request } of input.requests) {
    if (request.protocol === 'rest') targets.set(targetOf(request.url), { services: [] })
  }
  for (const [target, found] of targets) {
    if (target.includes('${')) {
      found.problem = `its document URL ${target} holds variables; open the request, discover it, then export again.`
      continue
    }
    const discovery = await input.discovery.discover({
      urls: [`rest@${target}`],
      logger: input.logger,
      ...(input.cancellation ? { cancellation: input.cancellation } : {}),
    })
    found.services = discovery.services
    if (discovery.services.length === 0) {
      const reason = discovery.attempts.find((attempt) => attempt.message !== undefined)?.message ?? 'no services'
      found.problem = `its OpenAPI document at ${target} could not be read (${reason}); check the URL, then export again.`
    }
  }
  const byPath = new Map(input.requests.map((entry) => [entry.path, entry.request]))
  return (path) => {
    const request = byPath.get(path)
    if (request === undefined) return 'it is not in the workspace.'
    const target = targetOf(request.url)
    const found = targets.get(target)
    if (found?.problem !== undefined) return found.problem
    const service = found?.services.find((candidate) => candidate.name === request.service)
    const listed = service?.methods.find((candidate) => candidate.name === request.method)
    if (service === undefined || listed === undefined) {
      return `the document at ${target} has no operation ${request.service}/${request.method} any more.`
    }
    const method =
      listed.deferred === true
        ? input.registry.get('rest')?.describeMethod?.(target, service.name, listed.name)
        : listed
    return method === undefined ? `operation ${request.method} could not be described.` : { service, method }
  }
}

/** The saved URL may carry the `rest@` pin the URL list shows. */
function targetOf(url: string): string {
  return url.startsWith('rest@') ? url.slice('rest@'.length) : url
}
