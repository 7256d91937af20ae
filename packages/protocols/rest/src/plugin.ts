/** The REST / OpenAPI ProtocolPlugin: caches each discovered document per target so `invoke` finds its operation. */
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createDispatcherFactory } from '@wirebench/transport'
import { discoverFile, discoverUrl } from './discover.js'
import { createDocumentCache, isUrlTarget } from './document-cache.js'
import type { DiscoverDeps } from './discover.js'
import { unknownMethod } from './errors.js'
import { invokeMethod } from './invoke.js'
import { restManifest } from './manifest.js'
import type { ResolvedCall } from './invoke.js'
import { streamMethod } from './stream.js'
import { methodKey } from './types.js'
import type { CachedDocument, RestPluginOptions } from './types.js'

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
  const documents = createDocumentCache()

  const remember = (target: string, services: ServiceInfo[]): void => {
    const methods: CachedDocument['methods'] = new Map()
    for (const service of services) {
      for (const method of service.methods) methods.set(methodKey(service.name, method.name), { service, method })
    }
    documents.set(target, { target, services, methods })
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

  const resolve = async (call: Call, ctx: CallContext): Promise<ResolvedCall> => {
    const document = documents.get(call.target) ?? (await documentFor(call.target, ctx))
    const found = document.methods.get(methodKey(call.service, call.method))
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

  return {
    id: restManifest.id,
    name: restManifest.name,
    description: restManifest.description,
    uploadExtensions: restManifest.uploadExtensions,

    async discover(target, ctx) {
      const started = performance.now()
      if (target.kind === 'url') {
        const services = await discoverUrl(target.url, ctx, deps)
        remember(target.url, services)
        logDiscovery(ctx, target.url, services, started)
        return services
      }
      const all: ServiceInfo[] = []
      for (const file of target.files) {
        const services = discoverFile(file, deps)
        remember(file.name, services)
        logDiscovery(ctx, file.name, services, started)
        all.push(...services)
      }
      return all
    },

    async invoke(call, ctx) {
      return invokeMethod(await resolve(call, ctx), ctx, deps)
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
