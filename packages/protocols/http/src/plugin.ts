/** The plain HTTP ProtocolPlugin: one service `HTTP` with one method `request`, sending what the message describes. */
import type { Call, CallContext, ProtocolPlugin } from '@wirebench/core'
import { createDispatcherFactory, createHostReach } from '@wirebench/transport'
import { discoverNothing } from './discover.js'
import { unknownMethod } from './errors.js'
import { invokeHttp } from './invoke.js'
import { exportHttpRequest } from './export.js'
import { httpManifest } from './manifest.js'
import { HTTP_METHOD, HTTP_SERVICE } from './types.js'
import type { HttpPluginOptions } from './types.js'

export function createHttpPlugin(options: HttpPluginOptions = {}): ProtocolPlugin {
  const ownsDispatchers = options.dispatchers === undefined
  const dispatchers =
    options.dispatchers ?? createDispatcherFactory({ outbound: options.outbound, cookieJars: options.cookieJars })
  // Embedded mode: the host's own origin is always reachable, on its listener.
  const hostDispatchers = options.host
    ? createHostReach({ listener: options.host.listener, cookieJars: dispatchers.cookieJars }).dispatchers
    : undefined

  return {
    id: httpManifest.id,
    name: httpManifest.name,
    description: httpManifest.description,
    urlDiscovery: false,

    discover: discoverNothing,

    async invoke(call: Call, ctx: CallContext) {
      if (call.service !== HTTP_SERVICE || call.method !== HTTP_METHOD) throw unknownMethod(call.service, call.method)
      return invokeHttp(call, ctx, { options, dispatchers, ...(hostDispatchers ? { hostDispatchers } : {}) })
    },

    exportFormats: httpManifest.exportFormats,

    async exportCall(call, ctx, exportOptions) {
      if (call.service !== HTTP_SERVICE || call.method !== HTTP_METHOD) throw unknownMethod(call.service, call.method)
      return exportHttpRequest(call, ctx, options, exportOptions)
    },

    async dispose() {
      if (ownsDispatchers) await dispatchers.close()
      await hostDispatchers?.close()
    },
  }
}
