/**
 * The SignalR ProtocolPlugin: an ASP.NET Core hub URL becomes one service with invoke, send, stream, upload and
 * connection. Calls go through the official client (`client/`), on shared connections except `connection`, which
 * opens its own.
 */
import { WorkbenchError, exportAsWirebenchCall } from '@wirebench/core'
import type { Call, CallContext, ProtocolPlugin } from '@wirebench/core'
import { createDispatcherFactory, createGuardedLookup, createHostReach } from '@wirebench/transport'
import { openConnectionChannel } from './channel.js'
import { methodNames } from './describe.js'
import type { HubMethodName } from './describe.js'
import { discoverHub } from './discover.js'
import { unknownMethod } from './errors.js'
import { hubName, hubUrl } from './hub-address.js'
import { invokeHub } from './invoke.js'
import { signalrManifest } from './manifest.js'
import { HubPool } from './pool.js'
import { streamHub } from './stream.js'
import { MiB } from './types.js'
import type { ResolvedOptions, SignalrPluginOptions } from './types.js'
import { openUploadChannel } from './upload.js'
import { buildWire } from './wire.js'
import type { WireRequest } from './wire.js'

function resolveOptions(options: SignalrPluginOptions): ResolvedOptions {
  const resolved: ResolvedOptions = {
    maxMessageBytes: options.maxMessageBytes ?? 16 * MiB,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 30_000,
    idleConnectionMs: options.idleConnectionMs ?? 60_000,
    maxPooledConnections: options.maxPooledConnections ?? 16,
    maxQueuedFrames: options.maxQueuedFrames ?? 1_024,
    lookup: options.lookup ?? createGuardedLookup(options.outbound),
  }
  if (options.outbound) resolved.outbound = options.outbound
  const host = options.host
  if (host) resolved.host = { owns: (url) => host.owns(url), reach: createHostReach({ listener: host.listener }) }
  return resolved
}

export function createSignalrPlugin(options: SignalrPluginOptions = {}): ProtocolPlugin {
  const resolved = resolveOptions(options)
  const dispatchers = createDispatcherFactory(options.outbound ? { outbound: options.outbound } : {})
  const pool = new HubPool({ idleMs: resolved.idleConnectionMs, max: resolved.maxPooledConnections })

  /** The method a call names, after checking it belongs to the hub it was discovered at; and the call's wire. */
  const prepare = (call: Call, ctx: CallContext): { method: HubMethodName; wire: WireRequest } => {
    const discovered = hubUrl(call.target, resolved.outbound, resolved.host?.owns)
    const method = methodNames.find((name) => name === call.method)
    if (!method || call.service !== hubName(discovered)) throw unknownMethod(call.service, call.method)
    const address =
      call.serverUrl === undefined ? discovered : hubUrl(call.serverUrl, resolved.outbound, resolved.host?.owns)
    return { method, wire: buildWire(address, ctx, resolved, dispatchers) }
  }

  return {
    id: signalrManifest.id,
    name: signalrManifest.name,
    description: signalrManifest.description,
    exportFormats: signalrManifest.exportFormats,

    exportCall: (call, ctx, options) => exportAsWirebenchCall(signalrManifest.id, call, ctx, options),

    async discover(target, ctx) {
      if (target.kind !== 'url') throw new WorkbenchError('no_services', 'SignalR hubs are URLs, not files.')
      return discoverHub(target.url, target.pinned === true, ctx, resolved, dispatchers)
    },

    async invoke(call, ctx) {
      const { method, wire } = prepare(call, ctx)
      return invokeHub(method, call, ctx, wire, pool)
    },

    invokeStream(call, ctx) {
      const { method, wire } = prepare(call, ctx)
      if (method !== 'stream') {
        throw new WorkbenchError('invalid_request', `${call.method} is not a server stream; use stream.`)
      }
      return streamHub(call, ctx, wire, pool)
    },

    async openChannel(call, ctx) {
      const { method, wire } = prepare(call, ctx)
      if (method === 'upload') return openUploadChannel(call, ctx, wire, pool)
      if (method === 'connection') return openConnectionChannel(call, ctx, wire, resolved)
      throw new WorkbenchError('invalid_request', `${call.method} is not a channel; upload and connection are.`)
    },

    async dispose() {
      await pool.close()
      await dispatchers.close()
      await resolved.host?.reach.dispatchers.close()
    },
  }
}
