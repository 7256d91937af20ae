/** Unary REST calls: build the request from the discovered method, send it through the guarded transport, decode. */
import { WorkbenchError, appendQueryParams, checkOutboundUrl } from '@wirebench/core'
import type { CallContext, InvokeResult, MethodInfo, ServiceInfo } from '@wirebench/core'
import { httpRequest } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { missingServerUrl } from './errors.js'
import { buildRequest } from './request-build.js'
import { toInvokeResult } from './response.js'
import type { RestPluginOptions } from './types.js'

export interface InvokeDeps {
  options: RestPluginOptions
  dispatchers: DispatcherFactory
}

export interface ResolvedCall {
  target: string
  service: ServiceInfo
  method: MethodInfo
  serverUrl?: string
  messages: unknown[]
}

export async function invokeMethod(call: ResolvedCall, ctx: CallContext, deps: InvokeDeps): Promise<InvokeResult> {
  if (call.messages.length > 1) {
    throw new WorkbenchError('invalid_request', `${call.method.name} is a unary REST call and takes one message.`)
  }
  if (ctx.markers.sigv4) {
    // Sending unsigned would look like an auth failure upstream; say what is missing instead.
    throw new WorkbenchError('unsupported', 'SigV4 request signing is not supported by the REST plugin yet.')
  }
  const baseUrl = call.serverUrl ?? call.service.baseUrl
  if (!baseUrl) throw missingServerUrl(call.target)
  const request = buildRequest(call.method, baseUrl, call.messages[0], ctx.metadata)
  checkOutboundUrl(request.url, deps.options.outbound)
  // The API key goes on last, right before the wire, so it never appears in messages built from `request.url`.
  const wireUrl = appendQueryParams(request.url, ctx.markers.apiKeyQuery ?? [])
  const lease = deps.dispatchers.acquire(ctx.markers)
  try {
    const response = await httpRequest({
      url: wireUrl,
      method: request.method,
      headers: request.headers,
      body: request.body,
      displayUrl: request.url,
      dispatcher: lease.dispatcher,
      signal: ctx.signal,
      deadline: ctx.deadline,
      signalCarriesDeadline: true,
      timeoutMs: ctx.limits.timeoutMs,
      maxResponseBytes: ctx.limits.maxResponseBytes,
    })
    return toInvokeResult(response)
  } finally {
    await lease.release()
  }
}
