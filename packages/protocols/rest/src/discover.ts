/** URL mode (one GET, no path probing, one parse) and upload mode (each file parsed on its own). */
import { WorkbenchError, appendQueryParams, checkOutboundUrl } from '@wirebench/core'
import type { CallContext, SchemaFile, ServiceInfo } from '@wirebench/core'
import { httpRequest } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { resolveBaseUrl } from './base-url.js'
import { noServices } from './errors.js'
import { buildServices } from './operations.js'
import { parseDocumentText } from './parse-document.js'
import type { ParsedSpec } from './parse-document.js'
import type { RestPluginOptions } from './types.js'

export interface DiscoverDeps {
  options: RestPluginOptions
  dispatchers: DispatcherFactory
}

const acceptHeader = 'application/json, application/yaml;q=0.9, application/x-yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5'

export async function discoverUrl(url: string, ctx: CallContext, deps: DiscoverDeps): Promise<ServiceInfo[]> {
  // The text is not kept in a local: an async frame would hold the whole document string alive during the walk.
  const spec = parseDocumentText(await fetchDocument(url, ctx, deps), url)
  return servicesOf(spec, url, { source: 'openapi', baseUrl: resolveBaseUrl(spec.root, spec.version, url) }, deps)
}

export function discoverFile(file: SchemaFile, deps: DiscoverDeps): ServiceInfo[] {
  const text = Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength).toString('utf8')
  const spec = parseDocumentText(text, file.name)
  // An upload has no document URL: only an absolute server URL can be a base.
  return servicesOf(spec, file.name, { source: 'upload', baseUrl: resolveBaseUrl(spec.root, spec.version) }, deps)
}

function servicesOf(
  spec: ParsedSpec,
  origin: string,
  where: { source: 'openapi' | 'upload'; baseUrl: string | undefined },
  deps: DiscoverDeps,
): ServiceInfo[] {
  const services = buildServices(spec, {
    ...where,
    originUrl: origin,
    maxInputDepth: deps.options.maxInputDepth ?? 4,
    maxOutputDepth: deps.options.maxOutputDepth ?? 1,
  })
  if (services.length === 0) throw noServices(origin, 'the document describes no operations')
  return services
}

async function fetchDocument(url: string, ctx: CallContext, deps: DiscoverDeps): Promise<string> {
  const wireUrl = appendQueryParams(url, ctx.markers.apiKeyQuery ?? [])
  checkOutboundUrl(wireUrl, deps.options.outbound)
  const lease = deps.dispatchers.acquire(ctx.markers)
  try {
    const response = await httpRequest({
      url: wireUrl,
      method: 'GET',
      headers: { accept: acceptHeader, ...ctx.metadata },
      dispatcher: lease.dispatcher,
      signal: ctx.signal,
      deadline: ctx.deadline,
      timeoutMs: ctx.limits.timeoutMs,
      maxResponseBytes: ctx.limits.maxResponseBytes,
      displayUrl: url,
    })
    if (response.status < 200 || response.status >= 300) {
      throw noServices(url, `the server answered HTTP ${response.status} ${response.statusMessage}`.trimEnd())
    }
    if (response.truncated) {
      throw new WorkbenchError(
        'payload_too_large',
        `The document at ${url} is larger than ${response.sizeBytes} bytes.`,
      )
    }
    const contentType = response.headers['content-type'] ?? ''
    if (/html/i.test(contentType)) throw noServices(url, 'the response is an HTML page, not an OpenAPI document')
    return response.body.toString('utf8')
  } finally {
    await lease.release()
  }
}
