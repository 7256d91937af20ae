/**
 * The embedding host's GraphQL and WebSocket endpoints as addresses for their plugins: discovery of the host's origin
 * lists them beside its REST routes, the GraphQL plugin reads their schema objects in process, and both plugins reach
 * them whatever the embedded outbound policy says (the host itself is always allowed), on the host's own listener.
 */
import type { HostListener } from '@wirebench/transport'
import type { EmbeddedHost, HostEndpoint } from './host.js'

export interface HostEndpointAddress {
  pluginId: HostEndpoint['protocol']
  /** Absolute address on the discovered origin: `http(s)://…` for GraphQL, `ws(s)://…` for WebSocket. */
  url: string
}

/** `ws:` and `wss:` addresses as the http(s) origin the host is reached at. */
function asHttp(url: URL): string {
  const copy = new URL(url.href)
  if (copy.protocol === 'ws:') copy.protocol = 'http:'
  else if (copy.protocol === 'wss:') copy.protocol = 'https:'
  return copy.href
}

function parsed(url: string): URL | undefined {
  return URL.canParse(url) ? new URL(url) : undefined
}

export interface HostEndpointView {
  /** The endpoints to list when `url` (an address the host owns) is discovered. */
  at: (url: string) => HostEndpointAddress[]
  /** True for an address of the host, ws(s) ones included. */
  owns(url: string): boolean
  /** The host's listener serving an address it owns, ws(s) ones included. */
  listener(url: string): HostListener | undefined
  /** The GraphQL schema object the host serves at `url`, if it handed one over. */
  schemaAt(url: string): unknown
}

export function hostEndpointView(host: EmbeddedHost): HostEndpointView {
  const owns = (url: string): boolean => {
    const address = parsed(url)
    return address !== undefined && host.owns(asHttp(address))
  }
  return {
    owns,
    listener(url) {
      const address = parsed(url)
      return address === undefined ? undefined : host.listener(asHttp(address))
    },
    at(url) {
      const origin = parsed(url)
      if (!origin || !host.owns(url)) return []
      return (host.endpoints?.() ?? []).map((endpoint) => {
        const address = new URL(endpoint.path, origin.origin)
        if (endpoint.protocol === 'websocket') address.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:'
        return { pluginId: endpoint.protocol, url: address.href }
      })
    },
    schemaAt(url) {
      const address = parsed(url)
      if (!address || !owns(url)) return undefined
      const endpoint = host
        .endpoints?.()
        .find((e) => e.protocol === 'graphql' && e.path.replace(/\/$/, '') === address.pathname.replace(/\/$/, ''))
      return endpoint?.schema
    },
  }
}
