/**
 * The GraphQL ProtocolPlugin: discovery by introspection (the schema, its introspection result and the services kept per endpoint),
 * queries and mutations through `invoke`, subscriptions through `invokeStream`.
 */
import { WorkbenchError, createTargetCache } from '@wirebench/core'
import type { Call, CallContext, ProtocolPlugin } from '@wirebench/core'
import { createDispatcherFactory, createGuardedLookup, createHostReach } from '@wirebench/transport'
import { discoverEndpoint } from './discover.js'
import type { GraphqlDeps } from './discover.js'
import { unknownMethod } from './errors.js'
import { hostedSchema, targetFromSchema } from './host-schema.js'
import { invokeOperation } from './invoke.js'
import { exportOperation } from './export.js'
import { graphqlManifest } from './manifest.js'
import { streamSubscription } from './stream.js'
import { createWsAddressMemory } from './subscription-addresses.js'
import type { StreamDeps } from './stream.js'
import { operationKey } from './types.js'
import type { CachedOperation, CachedTarget, GraphqlPluginOptions } from './types.js'

export function createGraphqlPlugin(options: GraphqlPluginOptions = {}): ProtocolPlugin {
  const dispatchers = createDispatcherFactory({
    outbound: options.outbound,
    ...(options.cookieJars ? { cookieJars: options.cookieJars } : {}),
  })
  const deps: GraphqlDeps & StreamDeps = {
    outbound: options.outbound,
    maxInputDepth: options.maxInputDepth ?? 4,
    dispatchers,
    lookup: createGuardedLookup(options.outbound),
    maxQueuedEvents: options.maxQueuedEvents,
    maxQueuedBytes: options.maxQueuedBytes ?? 16 * 1024 * 1024,
    wsAddresses: createWsAddressMemory(),
  }
  const host = options.host
  // The host's own endpoints are reached on its listener, whatever name they are addressed by.
  const hostReach = host
    ? createHostReach({ listener: host.listener, ...(options.cookieJars ? { cookieJars: options.cookieJars } : {}) })
    : undefined
  const hostDispatchers = hostReach?.dispatchers
  if (host && hostReach) {
    deps.isHostUrl = (url) => host.owns(url)
    deps.hostDispatchers = hostReach.dispatchers
    deps.hostSocket = (url) => hostReach.socketOptions(url)
  }
  // Every target is a URL discovery can revisit: nothing is uploaded, so the bound applies to all.
  const targets = createTargetCache<CachedTarget>({
    maxUrlTargets: options.maxCachedTargets ?? 32,
    isUpload: () => false,
  })

  const discover = async (url: string, ctx: CallContext, pinned: boolean): Promise<CachedTarget> => {
    const started = performance.now()
    const hosted = hostedSchema(host, url)
    const previous = targets.get(url)
    const target = hosted
      ? previous?.schema === hosted
        ? previous
        : targetFromSchema(url, hosted, deps.maxInputDepth)
      : await discoverEndpoint(url, ctx, deps, { pinned, previous })
    targets.set(url, target)
    ctx.logger.debug('graphql discovery', {
      url,
      fields: target.operations.size,
      types: Object.keys(target.schema.getTypeMap()).length,
      ms: Math.round(performance.now() - started),
    })
    return target
  }

  const resolve = async (
    call: Call,
    ctx: CallContext,
  ): Promise<{ url: string; operation: CachedOperation; schema: CachedTarget['schema'] }> => {
    // A call names this plugin: like a pinned URL, its endpoint may be introspected by POST at once.
    const target = targets.get(call.target) ?? (await discover(call.target, ctx, true))
    const operation = target.operations.get(operationKey(call.service, call.method))
    if (!operation) throw unknownMethod(call.target, call.service, call.method)
    return { url: call.serverUrl ?? target.url, operation, schema: target.schema }
  }

  return {
    id: graphqlManifest.id,
    name: graphqlManifest.name,
    description: graphqlManifest.description,

    async discover(target, ctx) {
      if (target.kind !== 'url') throw new WorkbenchError('no_services', 'GraphQL schemas are discovered from a URL.')
      return (await discover(target.url, ctx, target.pinned === true)).services
    },

    async invoke(call, ctx) {
      const { url, operation, schema } = await resolve(call, ctx)
      return invokeOperation({ url, operation, messages: call.messages, schema }, ctx, deps)
    },

    exportFormats: graphqlManifest.exportFormats,

    async exportCall(call, ctx, options) {
      return exportOperation(call, await resolve(call, ctx), ctx, deps, options)
    },

    async *invokeStream(call, ctx) {
      const { url, operation } = await resolve(call, ctx)
      yield* streamSubscription({ url, operation, messages: call.messages }, ctx, deps)
    },

    schemaDocument(target) {
      const cached = targets.get(target)
      return cached ? { format: 'graphql-introspection', text: cached.introspection() } : undefined
    },

    forget(target) {
      targets.delete(target)
    },

    async dispose() {
      targets.clear()
      await dispatchers.close()
      await hostDispatchers?.close()
    },
  }
}
