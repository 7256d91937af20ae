/** The page's hint engine, bound to the stores it reads (environments, discovery, uploads, responses, live calls). */
import type { InvokeRequest, ServiceInfo } from '@wirebench/core'
import { unresolvedVariables } from '../../state/auth-variables.js'
import type { DiscoveryStore } from '../../state/discovery-store.js'
import { activeEnvironment, type EnvironmentsStore } from '../../state/environments-store.js'
import type { LiveStore } from '../../state/live-store.js'
import type { ResponseMemory } from '../../state/response-memory.js'
import type { UploadsStore } from '../../state/uploads-store.js'
import { createHintEngine, type HintEngine } from './hint-engine.js'

export interface PageHintsOptions {
  environments: EnvironmentsStore
  discovery: DiscoveryStore
  uploads: UploadsStore
  responses: ResponseMemory
  /** The active workspace's variables (they resolve below the environment's). */
  workspaceVars: () => Readonly<Record<string, string>>
  /** The live store, once the page made one. */
  live: () => LiveStore | undefined
}

function findMethod(services: readonly ServiceInfo[], request: InvokeRequest) {
  const service = services.find((s) => s.name === request.service && s.protocol === request.protocol)
  return service?.methods.find((m) => m.name === request.method)
}

export function createPageHints(options: PageHintsOptions): HintEngine {
  const { environments, discovery, uploads, responses } = options
  const engine = createHintEngine({
    environment: () => {
      const environment = activeEnvironment(environments.getState())
      return environment ? { name: environment.name, hasAuth: environment.auth.type !== 'none' } : undefined
    },
    unknownVariables: (key, request) => {
      const workspaceVars = options.workspaceVars()
      return unresolvedVariables({
        environment: activeEnvironment(environments.getState()),
        resolve: responses.resolverFor(key),
        messages: request.messages,
        ...(request.metadata ? { metadata: request.metadata } : {}),
        ...(request.serverUrl ? { serverUrl: request.serverUrl } : {}),
      }).filter((name) => !(name in workspaceVars))
    },
    methodOf: (request) =>
      findMethod(
        Object.values(discovery.getState().byUrl).flatMap((entry) => entry.services),
        request,
      ) ?? findMethod(uploads.getState().services, request),
    liveCall: (id) => options.live()?.getState().calls[id],
  })
  engine.watchDiscovery(discovery)
  return engine
}
