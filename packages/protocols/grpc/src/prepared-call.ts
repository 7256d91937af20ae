/**
 * What every call kind needs before it touches the wire: the method's descriptor from the target's cache, where it
 * goes, the transport for that address and client identity, the request headers, and the target's JSON codec.
 */
import type { DescMethod, JsonValue } from '@bufbuild/protobuf'
import type { ConnectError, Transport } from '@connectrpc/connect'
import { WorkbenchError } from '@wirebench/core'
import type { Call, CallContext, InvokeResult, MethodInfo, StreamFrame } from '@wirebench/core'
import { parseAddress } from './address.js'
import type { GrpcAddress } from './address.js'
import type { Codec } from './codec.js'
import { decodeErrorDetails } from './error-details.js'
import { statusName, toCallError } from './errors.js'
import type { HttpVersion } from './http-version.js'
import { headersRecord, requestHeaders } from './metadata.js'
import type { TransportPool } from './transports.js'
import { methodKey } from './types.js'
import { wireNames } from './wire-check.js'
import type { CachedMethod, CachedTarget, GrpcWire, ResolvedOptions } from './types.js'

export interface PreparedCall {
  desc: DescMethod
  info: MethodInfo
  transport: Transport
  headers: Headers
  codec: Codec
  target: CachedTarget
  /** The address for messages (never carries credentials). */
  url: string
  address: GrpcAddress
}

export interface PrepareDeps {
  wire: GrpcWire
  options: ResolvedOptions
  transports: TransportPool
}

function findMethod(target: CachedTarget, call: Call): CachedMethod {
  const found = target.methods.get(methodKey(call.service, call.method))
  if (found) return found
  // The short service name (`Greeter` for `helloworld.Greeter`) is accepted when it is unambiguous.
  const matches = [...target.methods.values()].filter(
    (m) => m.info.name === call.method && m.service.name.endsWith(`.${call.service}`),
  )
  const only = matches[0]
  if (matches.length === 1 && only) return only
  throw new WorkbenchError('not_found', `${call.service}/${call.method} is not a method of ${call.target}.`, {
    hint: 'Discover the server again; its services may have changed.',
  })
}

export async function prepareCall(
  call: Call,
  target: CachedTarget,
  ctx: CallContext,
  deps: PrepareDeps,
): Promise<PreparedCall> {
  const method = findMethod(target, call)
  if (ctx.markers.cookieEnv !== undefined) {
    // Dropping the jar silently would send the call without the session the user expects.
    throw new WorkbenchError('unsupported', 'Cookie jars are not supported for gRPC calls.')
  }
  const raw = call.serverUrl ?? target.address?.baseUrl
  if (raw === undefined) {
    throw new WorkbenchError('invalid_request', `No server address is known for ${call.target}.`, {
      hint: 'Uploaded .proto files describe services, not where they run: set a server URL for the call.',
    })
  }
  const address =
    call.serverUrl === undefined && target.address ? target.address : parseAddress(raw, deps.options.outbound)
  const mtls = ctx.markers.mtls
  const httpVersion = await httpVersionFor(call, target, { address, ctx, deps })
  if (httpVersion === '1.1' && method.desc.methodKind === 'bidi_streaming') {
    // connect-node answers such a call "HTTP 505"; gRPC-Web proxies cannot carry it at all.
    throw new WorkbenchError(
      'unsupported',
      `${method.info.name} is a bidirectional stream, which needs HTTP/2; ${address.baseUrl} speaks ${wireNames[deps.wire]} over HTTP/1.1 only.`,
      {
        // The handshake found no HTTP/2 at all, so gRPC (HTTP/2 only) cannot reach it either.
        hint: 'Serve it over HTTP/2 as well (cleartext h2c, or TLS with ALPN h2) to call this method.',
      },
    )
  }
  const transport = deps.transports.get({
    wire: deps.wire,
    address,
    readMaxBytes: ctx.limits.maxResponseBytes,
    ...(httpVersion ? { httpVersion } : {}),
    ...(mtls ? { mtls } : {}),
    ...(ctx.markers.trust ? { trust: ctx.markers.trust } : {}),
  })
  return {
    desc: method.desc,
    info: method.info,
    transport,
    headers: requestHeaders(ctx.metadata, { wire: deps.wire, deadline: ctx.deadline }),
    codec: target.codec,
    target,
    url: address.baseUrl,
    address,
  }
}

/**
 * gRPC is HTTP/2. gRPC-Web and Connect use what discovery found for the target's own address, else what the server
 * at the call's address speaks (uploads name no server until the call does).
 */
async function httpVersionFor(
  call: Call,
  target: CachedTarget,
  at: { address: GrpcAddress; ctx: CallContext; deps: PrepareDeps },
): Promise<HttpVersion | undefined> {
  if (at.deps.wire === 'grpc') return undefined
  if (call.serverUrl === undefined && target.httpVersion) return target.httpVersion
  try {
    return await at.deps.transports.httpVersionOf(
      {
        address: at.address,
        ...(at.ctx.markers.mtls ? { mtls: at.ctx.markers.mtls } : {}),
        ...(at.ctx.markers.trust ? { trust: at.ctx.markers.trust } : {}),
      },
      at.ctx.signal,
    )
  } catch (error) {
    throw toCallError(error, { url: at.address.baseUrl, signal: at.ctx.signal })
  }
}

/**
 * Encodes a response message (an Any of a type the registry lacks is shown as its type URL and base64 bytes, in place);
 * a message that still cannot be written becomes an `@error` note rather than failing the call.
 */
export function encodeResponse(call: PreparedCall, message: Parameters<Codec['encode']>[1]): JsonValue {
  try {
    return call.codec.encode(call.desc.output, message)
  } catch (error) {
    return { '@error': `Cannot show this message as JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** The result of a call the target answered with a non-OK status. */
export function failedResult(error: ConnectError, call: PreparedCall, started: number): InvokeResult {
  const result: InvokeResult = {
    response: undefined,
    durationMs: elapsed(started),
    status: statusName(error.code),
    metadata: headersRecord(error.metadata),
    statusMessage: error.rawMessage,
  }
  const details = decodeErrorDetails(error, call.target.registry)
  if (details.length > 0) result.errorDetails = details
  return result
}

/** The trailers and end frames of a stream the target ended with a non-OK status. */
export function failedFrames(error: ConnectError, call: PreparedCall): StreamFrame[] {
  const details = decodeErrorDetails(error, call.target.registry)
  const end: StreamFrame = { type: 'end', status: statusName(error.code), message: error.rawMessage }
  if (details.length > 0) end.details = details
  return [{ type: 'trailers', metadata: headersRecord(error.metadata) }, end]
}

export function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100
}
