/**
 * The gRPC ProtocolPlugins. `grpc` speaks gRPC over HTTP/2; `grpcweb` and `connect` speak gRPC-Web and the Connect
 * protocol over HTTP/2 or HTTP/1.1 (whichever the server speaks, HTTP/2 first) and are reached by pinning
 * (`grpcweb@http://…`, `connect@http://…`). The three share one transport pool, and a URL the `grpc` plugin
 * discovers is not listed again by the other two.
 */
import type { LookupFunction } from 'node:net'
import type { Call, CallContext, ProtocolPlugin, TargetCache } from '@wirebench/core'
import { WorkbenchError, createTargetCache } from '@wirebench/core'
import { openPreparedChannel } from './channel.js'
import { discoverFiles, discoverUrl } from './discover.js'
import type { DiscoverDeps } from './discover.js'
import { invokePrepared } from './invoke.js'
import { explainHttp1Server } from './http2-required.js'
import { grpcManifests } from './manifest.js'
import { grpcSentRequest } from './sent-request.js'
import { prepareCall } from './prepared-call.js'
import type { PreparedCall } from './prepared-call.js'
import type { ReflectionRequest } from './reflection/reflection-client.js'
import { streamPrepared } from './stream.js'
import { createTransportPool } from './transports.js'
import type { TransportPool } from './transports.js'
import { resolveOptions } from './types.js'
import { exportFormatsOf, exportGrpcCall } from './export.js'
import type { CachedTarget, GrpcPluginOptions, GrpcWire, ResolvedOptions } from './types.js'

/** State the plugins of one family share. */
interface Shared {
  options: ResolvedOptions
  transports: TransportPool
  /** `grpc` discoveries in flight, by URL: the other wires wait for them and stand back when they succeed. */
  inflight: Map<string, Promise<unknown>>
  targets: TargetCache<CachedTarget>
  onReflectionRequest?: (request: ReflectionRequest) => void
}

export interface GrpcPluginFamilyOptions extends GrpcPluginOptions {
  /** Observes every reflection request (tests count them). */
  onReflectionRequest?: (request: ReflectionRequest) => void
  /** Resolves host names for connections; default: the system resolver behind the transport's metadata guard. */
  lookup?: LookupFunction
}

function createWirePlugin(wire: GrpcWire, shared: Shared): ProtocolPlugin {
  const targets = shared.targets
  // URL targets are per wire (one URL may answer over several); uploads are shared, so any wire can call them.
  const urlKey = (url: string): string => `${wire} ${url}`
  const deps: DiscoverDeps = { wire, protocol: wire, options: shared.options, transports: shared.transports }
  if (shared.onReflectionRequest) deps.onReflectionRequest = shared.onReflectionRequest

  const discoverTarget = async (url: string, ctx: CallContext, isPinned: boolean): Promise<CachedTarget> => {
    if (wire !== 'grpc') await standBackFor(url)
    const pending = discoverUrl(url, ctx, deps, { isPinned })
    if (wire === 'grpc') {
      shared.inflight.set(url, pending)
      pending.then(
        () => shared.inflight.delete(url),
        () => shared.inflight.delete(url),
      )
    }
    const target = await pending
    targets.set(urlKey(url), target)
    return target
  }

  const standBackFor = async (url: string): Promise<void> => {
    const h2 = shared.inflight.get(url)
    if (
      !h2 ||
      !(await h2.then(
        () => true,
        () => false,
      ))
    )
      return
    throw new WorkbenchError(
      'no_services',
      `${url} is listed under gRPC; pin ${wire}@${url} to use ${grpcManifests[wire].name}.`,
    )
  }

  const prepare = async (call: Call, ctx: CallContext): Promise<PreparedCall> => {
    const target =
      targets.get(call.target) ?? targets.get(urlKey(call.target)) ?? (await targetOnDemand(call.target, ctx))
    return prepareCall(call, target, ctx, { wire, options: shared.options, transports: shared.transports })
  }

  // A call for a target discovery has not seen (or has evicted) rediscovers it once; uploads cannot be rediscovered.
  const targetOnDemand = async (target: string, ctx: CallContext): Promise<CachedTarget> => {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target) && !/:\d+$/.test(target)) {
      throw new WorkbenchError('not_found', `The upload ${target} is not loaded.`, { hint: 'Upload the file again.' })
    }
    const found = await discoverUrl(target, ctx, deps)
    targets.set(urlKey(target), found)
    return found
  }

  // Only gRPC needs HTTP/2; gRPC-Web and Connect already use the version the server speaks.
  const explain = (error: unknown, prepared: PreparedCall, ctx: CallContext): Promise<unknown> =>
    wire === 'grpc'
      ? explainHttp1Server(error, { call: prepared, ctx, transports: shared.transports })
      : Promise.resolve(error)

  const manifest = grpcManifests[wire]
  return {
    id: manifest.id,
    name: manifest.name,
    description: manifest.description,
    settings: manifest.settings,
    // .proto uploads import each other: the server passes the other stored ones after the uploaded file.
    ...(wire === 'grpc' ? { uploadExtensions: manifest.uploadExtensions, uploadSiblings: true } : {}),

    async discover(target, ctx) {
      if (target.kind === 'url') return (await discoverTarget(target.url, ctx, target.pinned === true)).services
      const first = target.files[0]
      if (!first) throw new WorkbenchError('invalid_request', 'No .proto files were given.')
      const found = await discoverFiles(target.files, ctx, deps)
      targets.set(first.name, found)
      return found.services
    },

    async invoke(call, ctx) {
      const prepared = await prepare(call, ctx)
      const result = await invokePrepared(prepared, call.messages, ctx).catch(async (error: unknown) => {
        throw await explain(error, prepared, ctx)
      })
      // HTTP/2 sessions are pooled by connect-node out of the transport's sight: only the total is measured.
      result.sent = grpcSentRequest(prepared, call.messages, wire)
      result.timings = { totalMs: result.durationMs }
      return result
    },

    async *invokeStream(call, ctx) {
      const prepared = await prepare(call, ctx)
      try {
        for await (const frame of streamPrepared(prepared, call.messages, ctx)) {
          // The live view's Request tab: what opened the stream, as a unary result says it.
          yield frame.type === 'headers' ? { ...frame, sent: grpcSentRequest(prepared, call.messages, wire) } : frame
        }
      } catch (error) {
        throw await explain(error, prepared, ctx)
      }
    },

    async openChannel(call, ctx) {
      const prepared = await prepare(call, ctx)
      const channel = openPreparedChannel(prepared, ctx, { maxPending: Math.min(ctx.limits.maxQueuedFrames, 1_024) })
      for (const message of call.messages) {
        if (!(await channel.send(message))) break
      }
      const frames = channel.frames.bind(channel)
      return {
        ...channel,
        async *frames() {
          try {
            yield* frames()
          } catch (error) {
            throw await explain(error, prepared, ctx)
          }
        },
      }
    },

    // What discovery described (the benchmark's state-change policy reads the method's idempotency level).
    describeMethod(target, service, method) {
      const found = targets.get(target) ?? targets.get(urlKey(target))
      return found?.services.find((s) => s.name === service)?.methods.find((m) => m.name === method)
    },

    exportFormats: exportFormatsOf(wire),

    async exportCall(call, ctx, options) {
      return exportGrpcCall(call, wire, ctx, options, () => prepare(call, ctx))
    },

    forget(target) {
      targets.delete(target)
      targets.delete(urlKey(target))
    },

    async dispose() {
      targets.clear()
      await shared.transports.close()
    },
  }
}

function createShared(options: GrpcPluginFamilyOptions): Shared {
  const resolved = resolveOptions(options)
  const shared: Shared = {
    options: resolved,
    transports: createTransportPool({
      ...(resolved.outbound ? { outbound: resolved.outbound } : {}),
      ...(options.lookup ? { lookup: options.lookup } : {}),
    }),
    inflight: new Map(),
    // An entry without an address came from an upload: nothing could rediscover it, so it is never evicted.
    targets: createTargetCache<CachedTarget>({
      maxUrlTargets: resolved.maxCachedTargets,
      isUpload: (_target, entry) => !entry.address,
    }),
  }
  if (options.onReflectionRequest) shared.onReflectionRequest = options.onReflectionRequest
  return shared
}

/** The gRPC plugin alone (gRPC over HTTP/2). */
export function createGrpcPlugin(options: GrpcPluginFamilyOptions = {}): ProtocolPlugin {
  return createWirePlugin('grpc', createShared(options))
}

/** A plugin for one wire protocol with its own transport pool (tests, single-protocol hosts). */
export function createGrpcWirePlugin(wire: GrpcWire, options: GrpcPluginFamilyOptions = {}): ProtocolPlugin {
  return createWirePlugin(wire, createShared(options))
}

/** The three plugins (`grpc`, `grpcweb`, `connect`) sharing one transport pool, in the order discovery needs. */
export function createGrpcPlugins(options: GrpcPluginFamilyOptions = {}): ProtocolPlugin[] {
  const shared = createShared(options)
  return (['grpc', 'grpcweb', 'connect'] as const).map((wire) => createWirePlugin(wire, shared))
}
