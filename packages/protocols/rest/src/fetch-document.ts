/**
 * The one GET of URL mode. Redirects are followed (a few hops, each checked against the outbound policy) because
 * they are the server pointing at the same document, not path probing. Credentials (metadata headers and the API-key
 * query marker) go only to the origin the user named, so a redirect cannot carry them to another host.
 */
import { WorkbenchError, appendQueryParams, checkOutboundUrl, mergeHeaders } from '@wirebench/core'
import type { CallContext } from '@wirebench/core'
import { httpRequest, isEventStreamType } from '@wirebench/transport'
import type { HttpResponse } from '@wirebench/transport'
import { documentPathHint, noServices } from './errors.js'
import type { DiscoverDeps } from './types.js'

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
  // A client certificate and a cookie jar are credentials too: another origin gets none of them, but the
  // environment's trust settings are not credentials and apply to every hop.
  const lease = deps.dispatchers.acquire(
    withCredentials ? ctx.markers : ctx.markers.trust ? { trust: ctx.markers.trust } : {},
  )
  try {
    return await httpRequest({
      url: wireUrl,
      method: 'GET',
      headers: withCredentials ? mergeHeaders(ctx.metadata, { accept: acceptHeader }) : { accept: acceptHeader },
      dispatcher: lease.dispatcher,
      signal: ctx.signal,
      ...(ctx.deadline === undefined ? {} : { deadline: ctx.deadline }),
      timeoutMs: ctx.limits.timeoutMs,
      maxResponseBytes: ctx.limits.maxResponseBytes,
      displayUrl: url,
      clientCertificate: withCredentials && ctx.markers.mtls !== undefined,
      // The headers are looked at before the body: an event stream never ends, so it is dropped unread.
      inspectHeaders(head) {
        if (isEventStreamType(head.headers['content-type'])) {
          throw noServices(
            url,
            'the URL answers text/event-stream, a live event stream rather than an OpenAPI document',
          )
        }
      },
    })
  } catch (error) {
    const mapped = WorkbenchError.from(error)
    // Something listens but does not speak HTTP/1.1 (a gRPC server): not ours, other plugins may take it.
    if (mapped.code === 'upstream_invalid') throw noServices(url, mapped.message.replace(/\.$/, ''))
    throw mapped
  } finally {
    await lease.release()
  }
}

function statusHint(status: number): string | undefined {
  if (status === 401 || status === 403) {
    return 'The server wants credentials for its document: download it and upload it on the Schema Files tab.'
  }
  if (status === 404) return `Nothing at this path. ${documentPathHint}`
  return undefined
}
