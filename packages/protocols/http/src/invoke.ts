/** Prepares one plain HTTP call and sends it through the transport's shared path (outbound policy, TLS, cookie jars). */
import { appendQueryParams, checkOutboundUrl, mergeHeaders } from '@wirebench/core'
import type { Call, CallContext, InvokeResult } from '@wirebench/core'
import { sendPrepared } from '@wirebench/transport'
import type { DispatcherFactory, PreparedHttpCall } from '@wirebench/transport'
import { sigv4Unsupported } from './errors.js'
import { readCallMessage } from './message.js'
import { encodeBody, pairsOf } from './request-body.js'
import type { HttpPluginOptions } from './types.js'

export interface InvokeDeps {
  options: HttpPluginOptions
  dispatchers: DispatcherFactory
  /** Embedded mode: the dispatchers that reach the host's own origin on its listener. */
  hostDispatchers?: DispatcherFactory
}

type PreparedRequest = PreparedHttpCall

const absoluteUrl = /^[a-z][a-z0-9+.-]*:\/\//i

/** `url` as written when absolute; a path is joined to the call's URL as text (`/items` after `http://h/api`). */
export function resolveUrl(base: string, url: string | undefined): string {
  if (url === undefined || url === '') return base
  if (absoluteUrl.test(url)) return url
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base
  return url.startsWith('/') || url.startsWith('?') ? `${trimmed}${url}` : `${trimmed}/${url}`
}

export function prepareRequest(call: Call, ctx: CallContext, options: HttpPluginOptions): PreparedRequest {
  // Refused before anything is built: a request signed by nobody must not go out as if it were.
  if (ctx.markers.sigv4) throw sigv4Unsupported()
  const message = readCallMessage(call.messages)
  const query = message.query ? pairsOf(message.query).map(([name, value]) => ({ name, value })) : []
  const displayUrl = appendQueryParams(resolveUrl(call.serverUrl ?? call.target, message.url), query)
  if (options.host?.owns(displayUrl) !== true) checkOutboundUrl(displayUrl, options.outbound)
  const encoded = message.body === undefined ? undefined : encodeBody(message.body)
  let headers = mergeHeaders(ctx.metadata, message.headers ?? {})
  if (encoded?.contentType !== undefined) {
    const isMultipart = encoded.contentType.startsWith('multipart/')
    // A multipart Content-Type from an import names the browser's boundary, not the one this body uses.
    if (isMultipart) headers = withoutHeader(headers, 'content-type')
    headers = mergeHeaders(headers, { 'Content-Type': encoded.contentType })
  }
  const prepared: PreparedRequest = {
    method: message.method ?? 'GET',
    wireUrl: appendQueryParams(displayUrl, ctx.markers.apiKeyQuery ?? []),
    displayUrl,
    headers,
  }
  if (encoded !== undefined) prepared.body = encoded.body
  return prepared
}

function withoutHeader(headers: Record<string, string>, name: string): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() !== name) kept[key] = value
  return kept
}

export function invokeHttp(call: Call, ctx: CallContext, deps: InvokeDeps): Promise<InvokeResult> {
  let request: PreparedRequest
  try {
    request = prepareRequest(call, ctx, deps.options)
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  const isHost = deps.hostDispatchers !== undefined && deps.options.host?.owns(request.displayUrl) === true
  return sendPrepared(request, ctx, isHost && deps.hostDispatchers ? deps.hostDispatchers : deps.dispatchers)
}
