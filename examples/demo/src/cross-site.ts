/** Refuses requests a web page made: the demos serve the workbench, whose plugins call from Node and send no Origin. */
import type { IncomingMessage } from 'node:http'

export const crossSiteMessage =
  'The demo answers the workbench only; requests from web pages (another Origin, Sec-Fetch-Site: cross-site) are refused.'

/** `http://host:port` of the address this connection reached, the only origin a page of the demo itself could have. */
function ownOrigin(request: IncomingMessage): string | undefined {
  const { localAddress, localPort } = request.socket
  if (localAddress === undefined || localPort === undefined) return undefined
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`
}

/**
 * True for a request a browser sent on behalf of another site: any web page could otherwise open the chat socket or run
 * GraphQL GETs against a service on the user's loopback. `same-site` counts too: another port of the same host is
 * another origin, and the demos serve no pages that would call them.
 */
export function isCrossSite(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site']
  if (site === 'cross-site' || site === 'same-site') return true
  const origin = request.headers.origin
  return origin !== undefined && origin !== ownOrigin(request)
}
