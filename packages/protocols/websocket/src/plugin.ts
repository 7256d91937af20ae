/**
 * The WebSocket ProtocolPlugin: `ws://` and `wss://` addresses become one service with a duplex method `connect`.
 * Nothing is cached between calls: every call (and discovery) opens its own connection to the address it names.
 */
import { WorkbenchError } from '@wirebench/core'
import type { Call, ProtocolPlugin } from '@wirebench/core'
import { createGuardedLookup, hostSocketOptions } from '@wirebench/transport'
import { openWebSocketChannel } from './channel.js'
import { describeHostRoute, methodName, serviceName } from './describe.js'
import { discoverUrl } from './discover.js'
import { unknownMethod } from './errors.js'
import { buildUpgradeRequest, webSocketUrl } from './handshake.js'
import { invokeWebSocket } from './invoke.js'
import { exportWebSocketCall } from './export.js'
import { webSocketManifest } from './manifest.js'
import { MiB } from './types.js'
import type { ResolvedOptions, WebSocketPluginOptions } from './types.js'

function resolveOptions(options: WebSocketPluginOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    maxPayloadBytes: options.maxPayloadBytes ?? 16 * MiB,
    maxQueuedFrames: options.maxQueuedFrames ?? 1_024,
    maxQueuedBytes: options.maxQueuedBytes ?? 16 * MiB,
    maxBufferedSendBytes: options.maxBufferedSendBytes ?? MiB,
    closeTimeoutMs: options.closeTimeoutMs ?? 5_000,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 30_000,
    lookup: options.lookup ?? createGuardedLookup(options.outbound),
  }
  if (options.outbound) resolved.outbound = options.outbound
  const host = options.host
  if (host) {
    resolved.isHostUrl = (url) => host.owns(url)
    resolved.hostSocket = (url) => hostSocketOptions(host.listener, url)
  }
  return resolved
}

/**
 * The address a call goes to (`serverUrl` overrides the discovered one), after checking that the call names the one
 * method the discovered address has.
 */
function callAddress(call: Call): string {
  const discovered = webSocketUrl(call.target)
  if (call.method !== methodName || call.service !== serviceName(discovered)) {
    throw unknownMethod(call.target, call.service, call.method)
  }
  return call.serverUrl ?? call.target
}

export function createWebSocketPlugin(options: WebSocketPluginOptions = {}): ProtocolPlugin {
  const resolved = resolveOptions(options)
  return {
    id: webSocketManifest.id,
    name: webSocketManifest.name,
    description: webSocketManifest.description,
    defersTo: webSocketManifest.defersTo,

    async discover(target, ctx) {
      if (target.kind !== 'url') throw new WorkbenchError('no_services', 'WebSocket addresses are URLs, not files.')
      if (resolved.isHostUrl?.(target.url) === true) return [describeHostRoute(target.url)]
      return discoverUrl(target.url, ctx, resolved)
    },

    async invoke(call, ctx) {
      const request = buildUpgradeRequest(callAddress(call), ctx, resolved)
      return invokeWebSocket(request, call.messages, ctx, resolved)
    },

    exportFormats: webSocketManifest.exportFormats,

    async exportCall(call, ctx, exportOptions) {
      return exportWebSocketCall(call, ctx, exportOptions, () => buildUpgradeRequest(callAddress(call), ctx, resolved))
    },

    async openChannel(call, ctx) {
      const request = buildUpgradeRequest(callAddress(call), ctx, resolved)
      const channel = await openWebSocketChannel(request, ctx, resolved)
      try {
        for (const message of call.messages) {
          if (!(await channel.send(message))) break
        }
      } catch (error) {
        await channel.dispose()
        throw error
      }
      return channel
    },
  }
}
