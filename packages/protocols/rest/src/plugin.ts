/** The REST / OpenAPI ProtocolPlugin: caches each discovered document per target so `invoke` finds its operation. */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, MethodInfo, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createDispatcherFactory } from '@wirebench/transport'
import { discoverFile, discoverUrl } from './discover.js'
import { createDocumentCache, isUrlTarget } from './document-cache.js'
import type { CachedDocument } from './document-cache.js'
import type { DescribedDocument } from './operations.js'
import { unknownMethod } from './errors.js'
import { invokeMethod } from './invoke.js'
import { restManifest } from './manifest.js'
import type { InvokeDeps, ResolvedCall } from './invoke.js'
import { createCheckedUrls } from './checked-urls.js'
import { streamMethod } from './stream.js'
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
  const invokeDeps: InvokeDeps = { options, dispatchers, checkedUrls: createCheckedUrls(options.outbound) }
  const documents = createDocumentCache()

  const remember = (target: string, { services, expander }: DescribedDocument): ServiceInfo[] => {
    const methods: CachedDocument['methods'] = new Map()
    for (const service of services) {
      for (const method of service.methods) methods.set(methodKey(service.name, method.name), { service, method })
    }
    const document: CachedDocument = { target, services, methods }
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
    remember(target, await discoverUrl(target, ctx, deps))
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
        const services = remember(target.url, await discoverUrl(target.url, ctx, deps))
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

    // Not `async`: a call to a discovered target reaches the wire without a promise of its own in between.
    invoke(call, ctx) {
      const document = documents.get(call.target)
      if (document === undefined) return resolve(call, ctx).then((resolved) => invokeMethod(resolved, ctx, invokeDeps))
      let resolved: ResolvedCall
      try {
        resolved = resolveIn(document, call)
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
      return invokeMethod(resolved, ctx, invokeDeps)
    },

    invokeStream(call, ctx) {
      return (async function* () {
        yield* streamMethod(await resolve(call, ctx), ctx, deps)
      })()
    },

    forget(target) {
      documents.delete(target)
    },

    async dispose() {
      documents.clear()
      if (ownsDispatchers) await dispatchers.close()
    },
  }
}
