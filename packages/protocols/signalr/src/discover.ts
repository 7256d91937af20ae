/**
 * Discovery of a hub. Unpinned, the probe first GETs the hub URL: ASP.NET Core answers a plain GET of a hub (no
 * connection id, no event-stream Accept, no upgrade) with 400 "Connection ID required". Only then does it send the
 * handshake `POST {url}/negotiate?negotiateVersion=1` (empty body), and it lists the hub only when the answer has the
 * negotiate shape. Pinned (`signalr@url`), it negotiates at once, and lists the hub whatever negotiate answered.
 */
import { WorkbenchError, appendQueryParams } from '@wirebench/core'
import type { CallContext, ServiceInfo } from '@wirebench/core'
import { httpRequest } from '@wirebench/transport'
import type { DispatcherFactory } from '@wirebench/transport'
import { describeHub } from './describe.js'
import { displayUrl, hubUrl } from './hub-address.js'
import type { ResolvedOptions } from './types.js'

const probeBytes = 64 * 1024
const connectionIdRequired = 'Connection ID required'

interface NegotiateAnswer {
  negotiateVersion?: unknown
  connectionId?: unknown
  availableTransports?: unknown
  url?: unknown
  error?: unknown
}

/** What negotiate said, in words for the service description; undefined when the answer is not a negotiate answer. */
function readNegotiate(status: number, body: string): string | undefined {
  if (status !== 200) return undefined
  let answer: NegotiateAnswer
  try {
    answer = JSON.parse(body) as NegotiateAnswer
  } catch {
    return undefined
  }
  if (typeof answer !== 'object' || answer === null) return undefined
  if (typeof answer.url === 'string') {
    let host = 'another address'
    try {
      host = new URL(answer.url).host
    } catch {
      // The redirect is described without its host.
    }
    return `Negotiate redirects to ${host} (calls follow it).`
  }
  if (typeof answer.error === 'string') return `Negotiate refused: ${answer.error}`
  if (typeof answer.connectionId !== 'string' || !Array.isArray(answer.availableTransports)) return undefined
  const names = answer.availableTransports
    .map((entry) => (entry as { transport?: unknown } | null)?.transport)
    .filter((name): name is string => typeof name === 'string')
  const version = typeof answer.negotiateVersion === 'number' ? answer.negotiateVersion : 0
  return `Transports: ${names.join(', ') || 'none'} (negotiate v${version}).`
}

export async function discoverHub(
  target: string,
  pinned: boolean,
  ctx: CallContext,
  options: ResolvedOptions,
  dispatchers: DispatcherFactory,
): Promise<ServiceInfo[]> {
  const url = hubUrl(target, options.outbound, options.host?.owns)
  const shown = displayUrl(url)
  // The embedding host's own hub is reached on its listener.
  const lease = (options.host?.owns(url.href) === true ? options.host.reach.dispatchers : dispatchers).acquire(
    ctx.markers,
  )
  const request = (method: 'GET' | 'POST', address: string, inspect?: (status: number) => void) =>
    httpRequest({
      ...(inspect ? { inspectHeaders: (head: { status: number }) => inspect(head.status) } : {}),
      url: appendQueryParams(address, ctx.markers.apiKeyQuery ?? []),
      displayUrl: shown,
      method,
      headers: { ...ctx.metadata, ...(method === 'POST' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}) },
      ...(method === 'POST' ? { body: '' } : {}),
      dispatcher: lease.dispatcher,
      signal: ctx.signal,
      signalCarriesDeadline: true,
      maxResponseBytes: probeBytes,
      clientCertificate: ctx.markers.mtls !== undefined,
    })
  try {
    if (!pinned) {
      // Only a 400 is read: anything else (an endless event stream, a large document) is dropped unread.
      const notHub = (status: number): WorkbenchError =>
        new WorkbenchError(
          'no_services',
          `Not a SignalR hub: a GET answered HTTP ${status}, not 400 “${connectionIdRequired}”.`,
          {
            hint: 'Pin the plugin (signalr@…) to reach a hub that answers GET differently.',
          },
        )
      const probe = await request('GET', url.href, (status) => {
        if (status !== 400) throw notHub(status)
      }).catch((error: unknown) => {
        // A server that does not speak HTTP/1.1 (gRPC's HTTP/2-only servers) is not a hub either.
        if (WorkbenchError.is(error, 'upstream_invalid')) {
          throw new WorkbenchError('no_services', 'Not a SignalR hub: the server does not answer HTTP/1.1.')
        }
        throw error
      })
      if (probe.status !== 400 || probe.body.toString('utf8').trim() !== connectionIdRequired) {
        throw new WorkbenchError(
          'no_services',
          `Not a SignalR hub: a GET answered HTTP ${probe.status}, not 400 “${connectionIdRequired}”.`,
          {
            hint: 'Pin the plugin (signalr@…) to reach a hub that answers GET differently.',
          },
        )
      }
    }
    const negotiate = new URL(url.href)
    negotiate.pathname = `${negotiate.pathname.replace(/\/+$/, '')}/negotiate`
    negotiate.searchParams.set('negotiateVersion', '1')
    const answer = await request('POST', negotiate.href)
    const detail = readNegotiate(answer.status, answer.body.toString('utf8'))
    if (detail !== undefined) return [describeHub(target, url, detail)]
    if (pinned) {
      return [
        describeHub(
          target,
          url,
          `Negotiate answered HTTP ${answer.status}; calls may need skipNegotiation (WebSockets) or the environment’s auth.`,
        ),
      ]
    }
    throw new WorkbenchError(
      'no_services',
      `Not a SignalR hub: POST …/negotiate answered HTTP ${answer.status} without a negotiate answer.`,
    )
  } finally {
    await lease.release()
  }
}
