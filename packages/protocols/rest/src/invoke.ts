/** Unary REST calls: build the request from the discovered method, send it through the guarded transport, decode. */
import { WorkbenchError, appendQueryParams, checkOutboundUrl, mergeHeaders } from '@wirebench/core'
import type { CallContext, InvokeResult, MethodInfo, ServiceInfo } from '@wirebench/core'
import { sendPrepared } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { missingServerUrl } from './errors.js'
import { buildRequest } from './request-build.js'
import { signOutbound } from './sigv4/sign-outbound.js'
import type { CheckedUrls } from './checked-urls.js'
import type { PreparedOutbound, RestPluginOptions } from './types.js'
import { prepareValidation, validateResponse } from './validation.js'
import type { OperationSource } from './validation.js'

export interface InvokeDeps {
  options: RestPluginOptions
  dispatchers: DispatcherFactory
  /** The plugin's memory of checked URLs; without it every call checks its URL afresh. */
  checkedUrls?: CheckedUrls
  /**
   * Dispatchers for the embedding host's own origin: `owns` vouched for it, and every connection goes to the host's
   * own listener whatever the name (`localhost`, a proxy's public name), with no DNS lookup that could lead elsewhere.
   */
  hostDispatchers?: DispatcherFactory
}

/** The dispatchers a prepared request goes through: the host's for its own origin, the guarded ones otherwise. */
export function dispatchersFor(request: PreparedOutbound, deps: InvokeDeps): DispatcherFactory {
  return request.isHost === true && deps.hostDispatchers ? deps.hostDispatchers : deps.dispatchers
}

export interface ResolvedCall {
  target: string
  service: ServiceInfo
  method: MethodInfo
  serverUrl?: string
  messages: unknown[]
  /** Where the operation sits in its document: its answers are validated against it. */
  source?: OperationSource
}

export function invokeMethod(call: ResolvedCall, ctx: CallContext, deps: InvokeDeps): Promise<InvokeResult> {
  // Signing is the one asynchronous step before the wire; an unsigned call is prepared in the same tick.
  if (ctx.markers.sigv4) return prepareOutbound(call, ctx, deps).then((request) => send(request, call, ctx, deps))
  let request: PreparedOutbound
  try {
    request = prepareUnsigned(call, ctx, deps)
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  return send(request, call, ctx, deps)
}

function send(
  request: PreparedOutbound,
  call: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
): Promise<InvokeResult> {
  const source = call.source
  const inspect =
    source === undefined
      ? undefined
      : (result: InvokeResult, body: Uint8Array) => validateResponse(source, result, body, ctx)
  // The schema compiles in the worker while the call is on the wire.
  if (source !== undefined && ctx.validator !== undefined) prepareValidation(source, ctx.validator)
  return sendPrepared(request, ctx, dispatchersFor(request, deps), inspect)
}

export interface PrepareOptions {
  /** Headers the call sets before signing, over any of the same name (a stream call asks for the stream). */
  extraHeaders?: Record<string, string>
}

/** The request of a call exactly as it goes on the wire: fields, metadata, API-key query, then SigV4 last. */
export async function prepareOutbound(
  call: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
  options: PrepareOptions = {},
): Promise<PreparedOutbound> {
  const unsigned = prepareUnsigned(call, ctx, deps, options)
  if (!ctx.markers.sigv4) return unsigned
  // Signed last: the signature covers the final body bytes and the query with the API key in it.
  const signed = await signOutbound(
    { url: unsigned.wireUrl, method: unsigned.method, headers: unsigned.headers, body: unsigned.body },
    { credentials: ctx.markers.sigv4, cookieJar: ctx.markers.cookieEnv !== undefined },
  )
  unsigned.wireUrl = signed.url
  unsigned.headers = signed.headers
  delete unsigned.dispatchTarget
  return unsigned
}

/** `prepareOutbound` up to the signature: fields, metadata and the API-key query. */
export function prepareUnsigned(
  call: ResolvedCall,
  ctx: CallContext,
  deps: InvokeDeps,
  options: PrepareOptions = {},
): PreparedOutbound {
  if (call.messages.length > 1) {
    throw new WorkbenchError('invalid_request', `${call.method.name} is a unary REST call and takes one message.`)
  }
  // A server URL the user set wins over every server the document declares; then the operation's own.
  const baseUrl = call.serverUrl ?? call.method.baseUrl ?? call.service.baseUrl
  if (!baseUrl) throw missingServerUrl(call.target)
  const request = buildRequest(call.method, baseUrl, call.messages[0], ctx.metadata)
  // The embedding host is always reachable: its routes are this process's own.
  const isHost = deps.options.host !== undefined && deps.options.host.owns(request.url)
  const target = isHost
    ? undefined
    : deps.checkedUrls
      ? deps.checkedUrls.check(request.url)
      : void checkOutboundUrl(request.url, deps.options.outbound)
  // The API key goes on last, right before the wire, so it never appears in messages built from `request.url`.
  const wireUrl = appendQueryParams(request.url, ctx.markers.apiKeyQuery ?? [])
  const headers = options.extraHeaders ? mergeHeaders(options.extraHeaders, request.headers) : request.headers
  const prepared: PreparedOutbound = { wireUrl, displayUrl: request.url, method: request.method, headers }
  // The checked URL is the wire URL unless an API key joined its query (or SigV4 rewrites it, see prepareOutbound).
  if (target !== undefined && wireUrl === request.url) prepared.dispatchTarget = target
  if (request.body !== undefined) prepared.body = request.body
  if (isHost) prepared.isHost = true
  return prepared
}
