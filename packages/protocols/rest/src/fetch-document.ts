/**
 * The one GET of URL mode. Redirects are followed (a few hops, each checked against the outbound policy) because
 * they are the server pointing at the same document, not path probing. Credentials (metadata headers and the API-key
 * query marker) go only to the origin the user named, so a redirect cannot carry them to another host.
 */
import { WorkbenchError, appendQueryParams, checkOutboundUrl, mergeHeaders } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { createCallSignal, isEventStreamType, openResponse, readBoundedBody, streamError } from '@wirebench/transport'
import type { HttpResponse } from '@wirebench/transport'
import { documentPathHint, noServices } from './errors.js'
import type { DiscoverDeps } from './discover.js'

const acceptHeader = 'application/json, application/yaml;q=0.9, application/x-yaml;q=0.9, text/yaml;q=0.9, */*;q=0.5'
const maxRedirects = 5
const redirectStatuses = new Set([301, 302, 303, 307, 308])

export interface FetchedDocument {
  text: string
  /** Where the document finally came from (relative server URLs resolve against it). */
  url: string
}

export async function fetchDocument(url: string, ctx: CallContext, deps: DiscoverDeps): Promise<FetchedDocument> {
  const origin = new URL(url).origin
  let current = url
  for (let hop = 0; ; hop++) {
    const sameOrigin = new URL(current).origin === origin
    const response = await getOnce(current, sameOrigin, ctx, deps)
    const location = response.headers['location']
    if (redirectStatuses.has(response.status) && location !== undefined && hop < maxRedirects) {
      current = new URL(location, current).href
      continue
    }
    if (response.status < 200 || response.status >= 300) {
      throw noServices(
        url,
        `the server answered HTTP ${response.status} ${response.statusMessage}`.trimEnd(),
        statusHint(response.status),
      )
    }
    if (response.truncated) {
      throw new WorkbenchError(
        'payload_too_large',
        `The document at ${url} is larger than ${response.sizeBytes} bytes.`,
      )
    }
    if (/html/i.test(response.headers['content-type'] ?? '')) {
      throw noServices(url, 'the response is an HTML page, not an OpenAPI document', documentPathHint)
    }
    return { text: response.body.toString('utf8'), url: current }
  }
}

async function getOnce(
  url: string,
  withCredentials: boolean,
  ctx: CallContext,
  deps: DiscoverDeps,
): Promise<HttpResponse> {
  const wireUrl = withCredentials ? appendQueryParams(url, ctx.markers.apiKeyQuery ?? []) : url
  checkOutboundUrl(wireUrl, deps.options.outbound)
  // A client certificate and a cookie jar are credentials too: another origin gets none of them.
  const lease = deps.dispatchers.acquire(withCredentials ? ctx.markers : {})
  const call = createCallSignal({ signal: ctx.signal, deadline: ctx.deadline, timeoutMs: ctx.limits.timeoutMs })
  const clientCertificate = withCredentials && ctx.markers.mtls !== undefined
  const started = performance.now()
  try {
    // The headers are looked at before the body: an event stream never ends, so it is dropped unread.
    const response = await openResponse({
      url: wireUrl,
      method: 'GET',
      headers: withCredentials ? mergeHeaders(ctx.metadata, { accept: acceptHeader }) : { accept: acceptHeader },
      dispatcher: lease.dispatcher,
      signal: call.signal,
      displayUrl: url,
      clientCertificate,
    })
    if (isEventStreamType(response.headers['content-type'])) {
      response.close()
      throw noServices(url, 'the URL answers text/event-stream, a live event stream rather than an OpenAPI document')
    }
    const body = await readBoundedBody(response.body, ctx.limits.maxResponseBytes, declaredLength(response.headers))
    return {
      status: response.status,
      statusMessage: response.statusMessage,
      headers: response.headers,
      body: body.bytes,
      sizeBytes: body.sizeBytes,
      truncated: body.truncated,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    }
  } catch (error) {
    const mapped =
      error instanceof WorkbenchError
        ? error
        : streamError(error, { url, displayUrl: url, signal: call.signal, clientCertificate, budgetMs: call.budgetMs })
    // Something listens but does not speak HTTP/1.1 (a gRPC server): not ours, other plugins may take it.
    if (mapped.code === 'upstream_invalid') throw noServices(url, mapped.message.replace(/\.$/, ''))
    throw mapped
  } finally {
    call.dispose()
    await lease.release()
  }
}

function declaredLength(headers: Record<string, string>): number | undefined {
  const raw = headers['content-length']
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined
}

function statusHint(status: number): string | undefined {
  if (status === 401 || status === 403) {
    return 'The server wants credentials for its document: download it and upload it on the Schema Files tab.'
  }
  if (status === 404) return `Nothing at this path. ${documentPathHint}`
  return undefined
}
