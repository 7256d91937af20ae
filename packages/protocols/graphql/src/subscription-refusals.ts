/**
 * The end of a subscription no transport took: one line per address tried (transport, address, what it answered),
 * then what to put in `subscriptionUrl`. `details.refused` carries the same list for the UI, which shows it as a list.
 */
import type { StatusName, StreamFrame } from '@wirebench/core'

export interface SubscriptionRefusal {
  transport: 'graphql-ws' | 'graphql-sse'
  address: string
  reason: string
}

type EndFrame = Extract<StreamFrame, { type: 'end' }>

export function refusedEnd(
  status: StatusName,
  refusals: readonly SubscriptionRefusal[],
  details: Record<string, unknown> = {},
): EndFrame {
  const lines = refusals.map((r) => `${r.transport} ${r.address}: ${r.reason.replace(/\.$/, '')}.`)
  return {
    type: 'end',
    status,
    message: [
      `No transport took the subscription; ${refusals.length === 1 ? 'the address' : 'each address'} tried and its answer:`,
      ...lines,
      subscriptionUrlAdvice(refusals),
    ].join('\n'),
    details: { ...details, refused: refusals.map((r) => ({ ...r })) },
  }
}

/** What to set when the usual addresses were wrong, with an example on the server's own host. */
function subscriptionUrlAdvice(refusals: readonly SubscriptionRefusal[]): string {
  const ws = refusals.find((r) => r.transport === 'graphql-ws')?.address
  let example = 'ws://host:4000/subscriptions'
  if (ws !== undefined) {
    try {
      example = new URL('/subscriptions', ws).href
    } catch {
      // An address that does not parse keeps the generic example.
    }
  }
  return `If the server serves subscriptions at another address, put it in the Subscription URL (the message's "subscriptionUrl"): a ws(s):// address for graphql-ws (e.g. ${example}), an http(s):// one for graphql-sse.`
}
