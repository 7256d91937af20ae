/**
 * Where a subscription goes. graphql-ws often listens on another path than the HTTP endpoint (Apollo Server's
 * documented set-up serves it on `/subscriptions`), so without a `subscriptionUrl` the usual addresses are tried in
 * turn: the endpoint's own path over ws, `<path>/subscriptions`, `/subscriptions`, `/graphql/subscriptions`. An address
 * that served a subscription before is tried first. graphql-sse goes to the endpoint (or an http(s) subscriptionUrl).
 */
import { WorkbenchError, checkOutboundUrl } from '@wirebench/core'
import type { OutboundPolicy } from '@wirebench/core'
import { wsUrlOf } from './ws-subscription.js'

export interface SubscriptionAddresses {
  /** graphql-ws addresses to try, in order. */
  ws: string[]
  /** The graphql-sse address. */
  sse: string
}

export interface WsAddressMemory {
  get(endpoint: string): string | undefined
  set(endpoint: string, wsUrl: string): void
}

/** Endpoints whose graphql-ws address was found, by endpoint URL: a few hundred at most, oldest forgotten first. */
export function createWsAddressMemory(limit = 256): WsAddressMemory {
  const known = new Map<string, string>()
  return {
    get: (endpoint) => known.get(endpoint),
    set(endpoint, wsUrl) {
      known.delete(endpoint)
      known.set(endpoint, wsUrl)
      if (known.size > limit) known.delete(known.keys().next().value as string)
    },
  }
}

export function subscriptionAddresses(options: {
  endpoint: string
  subscriptionUrl: string | undefined
  remembered: string | undefined
  outbound: OutboundPolicy | undefined
  /** Embedded mode: an address of the host itself, which the policy does not refuse (ws(s) ones included). */
  isHostUrl?: (url: string) => boolean
}): SubscriptionAddresses {
  const { endpoint, subscriptionUrl } = options
  if (subscriptionUrl !== undefined) {
    const given = checkedSubscriptionUrl(subscriptionUrl, options.outbound, options.isHostUrl)
    const isWs = given.protocol === 'ws:' || given.protocol === 'wss:'
    return { ws: [wsUrlOf(given.href)], sse: isWs ? endpoint : given.href }
  }
  const base = new URL(wsUrlOf(endpoint))
  const path = base.pathname.replace(/\/+$/, '')
  const at = (pathname: string): string => {
    const url = new URL(base.href)
    url.pathname = pathname
    return url.href
  }
  const usual = [base.href, at(`${path}/subscriptions`), at('/subscriptions'), at('/graphql/subscriptions')]
  const ws = [...new Set([...(options.remembered === undefined ? [] : [options.remembered]), ...usual])]
  return { ws, sse: endpoint }
}

function checkedSubscriptionUrl(
  value: string,
  outbound: OutboundPolicy | undefined,
  isHostUrl: ((url: string) => boolean) | undefined,
): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw badSubscriptionUrl(value)
  }
  if (!['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol)) throw badSubscriptionUrl(value)
  // The policy speaks http(s): a ws(s) address is checked as its http(s) twin (same host and port).
  const asHttp = url.href.replace(/^ws/i, 'http')
  if (isHostUrl?.(asHttp) !== true) checkOutboundUrl(asHttp, outbound)
  return url
}

function badSubscriptionUrl(value: string): WorkbenchError {
  return new WorkbenchError(
    'invalid_request',
    `The "subscriptionUrl" ${JSON.stringify(value)} is not a ws(s) or http(s) URL.`,
    {
      hint: 'Give the address the server serves subscriptions on, e.g. ws://localhost:4000/subscriptions; leave it out to try the usual paths.',
    },
  )
}
