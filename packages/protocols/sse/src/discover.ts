/**
 * Discovery: one GET asking for `text/event-stream`, with the call's headers, API-key query and client certificate.
 * Only the status and headers are looked at; the body is dropped at once, so an endless stream never holds discovery.
 */
import { WorkbenchError } from '@wirebench/core'
import type { CallContext, ServiceInfo } from '@wirebench/core'
import { isEventStreamType, openResponse } from '@wirebench/transport'
import { describeEventStream } from './describe.js'
import { noServices } from './errors.js'
import { isHttpUrl, prepareRequest } from './request.js'
import type { SseRequestDeps } from './request.js'
import type { SseHttpMethod } from './types.js'

export interface Discovered {
  service: ServiceInfo
  defaultMethod: SseHttpMethod
}

/**
 * Unpinned, a URL is an event stream only when its GET answers `text/event-stream`; one whose GET found no route gets
 * a hint to pin it. `pinned` (the user wrote `sse@url`): a URL whose GET is not an event stream is offered all the
 * same, with POST as the default method when GET found no route (404, 405, 501): a POST-only stream (an LLM-style
 * endpoint) answers GET so. The probe itself stays a GET: a POST could change the server.
 */
export async function discoverEventStream(
  url: string,
  ctx: CallContext,
  deps: SseRequestDeps,
  options: { pinned: boolean } = { pinned: false },
): Promise<Discovered> {
  if (!isHttpUrl(url)) throw noServices(url, 'only http(s) addresses serve text/event-stream')
  const request = prepareRequest(url, ctx, deps)
  try {
    const response = await openResponse({
      url: request.wireUrl,
      displayUrl: request.displayUrl,
      method: 'GET',
      headers: { ...lowerCased(request.headers), accept: 'text/event-stream', 'cache-control': 'no-cache' },
      dispatcher: request.lease.dispatcher,
      signal: ctx.signal,
      clientCertificate: request.clientCertificate,
    }).catch((error: unknown) => {
      // Something listens but does not speak HTTP/1.1 (a gRPC server): another plugin's target.
      if (WorkbenchError.is(error, 'upstream_invalid')) throw noServices(url, error.message.replace(/\.$/, ''))
      throw error
    })
    response.close()
    const contentType = response.headers['content-type']
    if (response.status >= 200 && response.status < 300 && isEventStreamType(contentType)) {
      return { service: describeEventStream({ url, defaultMethod: 'GET' }), defaultMethod: 'GET' }
    }
    const what = contentType === undefined ? 'no content type' : contentType.split(';')[0]
    const answer = `HTTP ${response.status} with ${what}`
    const notRouted = getNotRouted.has(response.status)
    if (options.pinned) {
      if (response.status === 405 && allowsPost(response.headers['allow'])) {
        return { service: describeEventStream({ url, defaultMethod: 'POST' }), defaultMethod: 'POST' }
      }
      const defaultMethod: SseHttpMethod = notRouted ? 'POST' : 'GET'
      return { service: describeEventStream({ url, defaultMethod, getAnswer: answer }), defaultMethod }
    }
    // Unpinned, only a GET that answers an event stream is one: a POST-only JSON API answers GET 405 with
    // `Allow: POST` exactly as a POST-only stream does, and the probe cannot tell them apart without a POST.
    throw noServices(
      url,
      `the server answered ${answer}, not text/event-stream`,
      notRouted ? `If it is a stream opened by POST, pin it: sse@${url} (discovery sends it no POST).` : undefined,
    )
  } finally {
    await request.lease.release()
  }
}

/** GET answers that say the route has no GET at all (rather than refusing this caller or this request). */
const getNotRouted = new Set([404, 405, 501])

function allowsPost(allow: string | undefined): boolean {
  return (allow ?? '').split(',').some((verb) => verb.trim().toUpperCase() === 'POST')
}

/** Accept and Cache-Control of the probe replace the user's own (the probe asks for an event stream). */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value
  return out
}
