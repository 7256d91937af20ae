/** The REST / OpenAPI ProtocolPlugin: caches each discovered document per target so `invoke` finds its operation. */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, InvokeResult, MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createDispatcherFactory, createHostReach } from '@wirebench/transport'
import { discoverFile, discoverHost, discoverUrl } from './discover.js'
import { createDocumentCache, isUrlTarget } from './document-cache.js'
import type { CachedDocument } from './document-cache.js'
import type { DescribedDocument } from './operations.js'
import { unknownMethod } from './errors.js'
import { invokeInHost } from './host-invoke.js'
import { invokeMethod } from './invoke.js'
import { exportRestCall } from './export.js'
import { restManifest } from './manifest.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'
import { createCheckedUrls } from './checked-urls.js'
import { streamMethod } from './stream.js'
import { prepareValidation } from './validation.js'
import { methodKey } from './types.js'
import type { DiscoverDeps, RestPluginOptions } from './types.js'

type ResolvedMethod = { service: ServiceInfo; method: MethodInfo }

function logDiscovery(ctx: CallContext, origin: string, services: ServiceInfo[], started: number): void {
  const operations = services.reduce((n, s) => n + s.methods.length, 0)
  ctx.logger.debug('rest discovery', {
    origin,
    services: services.length,
    operations,
    ms: Math.round(performance.now() - started),
  })
}

export function createRestPlugin(options: RestPluginOptions = {}): ProtocolPlugin {
  const ownsDispatchers = options.dispatchers === undefined
  const dispatchers =
    options.dispatchers ?? createDispatcherFactory({ outbound: options.outbound, cookieJars: options.cookieJars })
  const deps: DiscoverDeps = { options, dispatchers }
  const host = options.host
  // The host's own origin is always reachable (SECURITY.md, embedded mode): its calls go to the host's listener.
  const hostDispatchers = host
    ? createHostReach({ listener: host.listener, cookieJars: dispatchers.cookieJars }).dispatchers
    : undefined
  const invokeDeps: InvokeDeps = {
    options,
    dispatchers,
    checkedUrls: createCheckedUrls(options.outbound),
    ...(hostDispatchers ? { hostDispatchers } : {}),
  }
  const documents = createDocumentCache()

  // The host hands back the same document object once its route table is final: described once per address.
  const hostDescriptions = new WeakMap<object, Map<string, DescribedDocument>>()
  const describeHost = (url: string, root: Record<string, unknown>): DescribedDocument => {
    let byUrl = hostDescriptions.get(root)
    if (!byUrl) hostDescriptions.set(root, (byUrl = new Map<string, DescribedDocument>()))
    const known = byUrl.get(url)
    if (known) return known
    const described = discoverHost(url, root, deps)
    byUrl.set(url, described)
    return described
  }

  /** Calls to the embedding host's own routes go in process when it can take them (Fastify `inject()`). */
  const invokeResolved = (resolved: ResolvedCall, ctx: CallContext): Promise<InvokeResult> => {
    const send = host?.send
    if (send === undefined) return invokeMethod(resolved, ctx, invokeDeps)
    const base = resolved.serverUrl ?? resolved.method.baseUrl ?? resolved.service.baseUrl ?? ''
    return host?.owns(base) === true
      ? invokeInHost(resolved, ctx, invokeDeps, send)
      : invokeMethod(resolved, ctx, invokeDeps)
  }

  /** The host's own origin is read from its route table: no request reaches it. */
  const describeUrl = async (url: string, ctx: CallContext): Promise<DescribedDocument> =>
    host?.owns(url) === true ? describeHost(url, host.document()) : discoverUrl(url, ctx, deps)

  const remember = (target: string, { services, expander, sources }: DescribedDocument): ServiceInfo[] => {
    const methods: CachedDocument['methods'] = new Map()
    for (const service of services) {
      for (const method of service.methods) methods.set(methodKey(service.name, method.name), { service, method })
    }
    const document: CachedDocument = { target, services, methods, sources }
    if (expander) document.expander = expander
    documents.set(target, document)
    return services
  }

  /** The method with its messages: as discovered, or built now when discovery deferred them. */
  const fullMethod = (document: CachedDocument, service: string, method: string): ResolvedMethod | undefined => {
    const found = document.methods.get(methodKey(service, method))
    if (!found?.method.deferred) return found
    const built = document.expander?.expand(service, method)
    return built ? { service: found.service, method: built } : undefined
  }

  const documentFor = async (target: string, ctx: CallContext): Promise<CachedDocument> => {
    const cached = documents.get(target)
    if (cached) return cached
    if (!isUrlTarget(target)) {
      throw new WorkbenchError('not_found', `The upload ${target} is not loaded.`, { hint: 'Upload the file again.' })
    }
    remember(target, await describeUrl(target, ctx))
    return documents.get(target) as CachedDocument
  }

  /** The call's operation in a document at hand (synchronous: a discovered target's calls need no await for it). */
  const resolveIn = (document: CachedDocument, call: Call): ResolvedCall => {
    const found = fullMethod(document, call.service, call.method)
    if (!found) throw unknownMethod(call.target, call.service, call.method)
    const resolved: ResolvedCall = {
      target: call.target,
      service: found.service,
      method: found.method,
      messages: call.messages,
    }
    const source = document.sources?.get(methodKey(call.service, call.method))
    if (source !== undefined) resolved.source = source
    if (call.serverUrl !== undefined) resolved.serverUrl = call.serverUrl
    return resolved
  }

  const resolve = async (call: Call, ctx: CallContext): Promise<ResolvedCall> =>
    resolveIn(documents.get(call.target) ?? (await documentFor(call.target, ctx)), call)

  return {
    id: restManifest.id,
    name: restManifest.name,
    description: restManifest.description,
    uploadExtensions: restManifest.uploadExtensions,
    defersTo: restManifest.defersTo,

    async discover(target, ctx) {
      const started = performance.now()
      if (target.kind === 'url') {
        const services = remember(target.url, await describeUrl(target.url, ctx))
        logDiscovery(ctx, target.url, services, started)
        return services
      }
      const all: ServiceInfo[] = []
      for (const file of target.files) {
        const services = remember(file.name, discoverFile(file, deps))
        logDiscovery(ctx, file.name, services, started)
        all.push(...services)
      }
      return all
    },

    describeMethod(target, service, method) {
      const document = documents.get(target)
      return document ? fullMethod(document, service, method)?.method : undefined
    },

    prepareValidation(target, service, method, validator) {
      const source = documents.get(target)?.sources?.get(methodKey(service, method))
      if (source !== undefined) prepareValidation(source, validator)
    },

    // Not `async`: a call to a discovered target reaches the wire without a promise of its own in between.
    invoke(call, ctx) {
      const document = documents.get(call.target)
      if (document === undefined) return resolve(call, ctx).then((resolved) => invokeResolved(resolved, ctx))
      let resolved: ResolvedCall
      try {
        resolved = resolveIn(document, call)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      return invokeResolved(resolved, ctx)
    },

    invokeStream(call, ctx) {
      return (async function* () {
        yield* streamMethod(await resolve(call, ctx), ctx, invokeDeps)
      })()
    },

    exportFormats: restManifest.exportFormats,

    async exportCall(call, ctx, options) {
      return exportRestCall(call, await resolve(call, ctx), ctx, invokeDeps, options)
    },

    forget(target) {
      documents.delete(target)
    },

    async dispose() {
      documents.clear()
      if (ownsDispatchers) await dispatchers.close()
      await hostDispatchers?.close()
    },
  }
}
