/**
 * The hub address of a target: `http(s)://` (or `ws(s)://`, read as the same hub over http(s)), checked against the
 * outbound policy, without a fragment. Anything else is `no_services`, so the discovery fan-out moves on.
 */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'

/** `isHost`: embedded mode's test for the host's own origin, which the outbound policy does not apply to. */
export function hubUrl(raw: string, outbound?: OutboundPolicy, isHost?: (url: string) => boolean): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new WorkbenchError('no_services', 'Not a SignalR hub address: it is not an absolute URL.')
  }
  if (url.protocol === 'ws:') url = new URL(`http:${raw.slice(3)}`)
  else if (url.protocol === 'wss:') url = new URL(`https:${raw.slice(4)}`)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new WorkbenchError('no_services', `Not a SignalR hub address: ${url.protocol} is not http(s) or ws(s).`)
  }
  url.hash = ''
  if (isHost?.(url.href) !== true) checkOutboundUrl(url.href, outbound)
  return url
}

/** The address for messages: no credentials, no query (it may carry an API key or a token). */
export function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`
}

/** The hub's name: its path's last segment, else the host. */
export function hubName(url: URL): string {
  const last = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .at(-1)
  if (last === undefined) return url.host
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
