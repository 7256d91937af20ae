/** For tests: the invoke service over the lazily loaded REST plugin, wired as the server wires it, with one document discovered. */
import { silentLogger } from '@wirebench/core'
import type { ServiceInfo } from '@wirebench/core'
import { manifests as restManifests } from '@wirebench/protocol-rest/manifest'
import type { DispatcherFactory } from '@wirebench/transport'
import { createInvokeService } from './invoke.js'
import type { InvokeService } from './invoke.js'
import { createLazyPlugins } from './lazy-plugin.js'
import { createPluginRegistry } from './plugin-registry.js'

export interface RestInvoker {
  invoker: InvokeService
  /** What discovering `docUrl` found. */
  services: ServiceInfo[]
}

/** Builds the registry and invoke service over `dispatchers` (the caller closes them), then discovers `docUrl`. */
export async function createRestInvoker(dispatchers: DispatcherFactory, docUrl: string): Promise<RestInvoker> {
  const plugins = restManifests.flatMap((manifest) =>
    createLazyPlugins({
      manifests: [manifest],
      module: '@wirebench/protocol-rest',
      load: async () => [(await import('@wirebench/protocol-rest')).createRestPlugin({ dispatchers })],
    }),
  )
  const registry = createPluginRegistry(plugins)
  const invoker = createInvokeService({
    registry,
    defaultTimeoutMs: 10_000,
    maxTimeoutMs: 60_000,
    maxResponseBytes: 1024 * 1024,
    outboundPolicy: {},
  })
  const services = await registry.require('rest').discover(
    { kind: 'url', url: docUrl },
    {
      signal: new AbortController().signal,
      metadata: {},
      markers: {},
      logger: silentLogger,
      limits: { maxResponseBytes: 1024 * 1024, maxQueuedFrames: 100, timeoutMs: 10_000 },
    },
  )
  return { invoker, services }
}
