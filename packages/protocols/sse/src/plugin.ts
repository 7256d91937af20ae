/** The SSE ProtocolPlugin: `text/event-stream` URLs as one ServerStreaming method each, with unary reads too. */
import { createTargetCache } from '@wirebench/core'
import type { Call, CallContext, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createDispatcherFactory, createHostReach } from '@wirebench/transport'
import { discoverEventStream } from './discover.js'
import { unknownMethod } from './errors.js'
import { invokeEvents } from './invoke.js'
import { exportSubscription } from './export.js'
import { sseManifest } from './manifest.js'
import { readCallMessage } from './message.js'
import { streamEvents } from './stream.js'
import type { ResolvedSseCall, SseCallDeps } from './stream.js'
import { subscribeMethod } from './types.js'
import type { SseHttpMethod, SsePluginOptions } from './types.js'

export function createSsePlugin(options: SsePluginOptions = {}): ProtocolPlugin {
  const ownsDispatchers = options.dispatchers === undefined
  const dispatchers =
    options.dispatchers ?? createDispatcherFactory({ outbound: options.outbound, cookieJars: options.cookieJars })
  const deps: SseCallDeps = { options, dispatchers, ...(options.outbound ? { outbound: options.outbound } : {}) }
  const host = options.host
  // The host's own origin is always reachable (SECURITY.md, embedded mode), on its listener.
  const hostDispatchers = host
    ? createHostReach({ listener: host.listener, cookieJars: dispatchers.cookieJars }).dispatchers
    : undefined
  if (host && hostDispatchers) deps.host = { owns: (url) => host.owns(url), dispatchers: hostDispatchers }
  // What discovery learnt that the URL does not say (the method that opens the stream), and the service it listed.
  const discovered = createTargetCache<{ defaultMethod: SseHttpMethod; service: ServiceInfo }>({
    maxUrlTargets: 256,
    isUpload: () => false,
  })

  const resolve = (call: Call): ResolvedSseCall => {
    if (call.method !== subscribeMethod) throw unknownMethod(call.service, call.method)
    return {
      url: call.serverUrl ?? call.target,
      message: readCallMessage(call.messages),
      defaultMethod: discovered.get(call.target)?.defaultMethod ?? 'GET',
    }
  }

  return {
    id: sseManifest.id,
    name: sseManifest.name,
    description: sseManifest.description,
    // A GraphQL endpoint (graphql-yoga) also answers text/event-stream: there it is listed once, as GraphQL.
    defersTo: sseManifest.defersTo,

    async discover(target, ctx) {
      if (target.kind !== 'url') return []
      const found = await discoverEventStream(target.url, ctx, deps, { pinned: target.pinned === true })
      discovered.set(target.url, { defaultMethod: found.defaultMethod, service: found.service })
      return [found.service]
    },

    describeMethod(target, service, method) {
      const found = discovered.get(target)?.service
      return found?.name === service ? found.methods.find((m) => m.name === method) : undefined
    },

    async invoke(call: Call, ctx: CallContext) {
      return invokeEvents(resolve(call), ctx, deps)
    },

    exportFormats: sseManifest.exportFormats,

    async exportCall(call, ctx, options) {
      return exportSubscription(call, resolve(call), ctx, deps, options)
    },

    invokeStream(call: Call, ctx: CallContext) {
      // Resolved inside the generator: a bad message surfaces when the stream is read, like any stream failure.
      return (async function* () {
        yield* streamEvents(resolve(call), ctx, deps)
      })()
    },

    forget(target) {
      discovered.delete(target)
    },

    async dispose() {
      discovered.clear()
      if (ownsDispatchers) await dispatchers.close()
      await hostDispatchers?.close()
    },
  }
}
