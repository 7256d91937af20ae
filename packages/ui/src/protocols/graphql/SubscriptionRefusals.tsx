/**
 * A subscription no transport took: each address tried on its own line (transport, address, what it answered), and
 * what to put in the Subscription URL field. The plugin's end frame lists them in `details.refused`.
 */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'

export interface SubscriptionRefusal {
  transport: string
  address: string
  reason: string
}

/** The refusals an end frame's details carry, or none when it ended otherwise. */
export function subscriptionRefusals(details: unknown): SubscriptionRefusal[] {
  if (typeof details !== 'object' || details === null || !('refused' in details)) return []
  const refused: unknown = details.refused
  if (!Array.isArray(refused)) return []
  return refused.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return []
    const { transport, address, reason } = item as Record<string, unknown>
    return typeof transport === 'string' && typeof address === 'string' && typeof reason === 'string'
      ? [{ transport, address, reason }]
      : []
  })
}

export function SubscriptionRefusals({ refusals }: { refusals: SubscriptionRefusal[] }): ReactElement {
  return (
    <div className="problem gql-refusals" role="alert">
      <Icon name="alert" className="problem-icon" />
      <div className="problem-body">
        <div className="problem-title">No transport took the subscription</div>
        <ul className="problem-errors gql-refusal-list" aria-label="Addresses tried">
          {refusals.map((r) => (
            <li key={`${r.transport} ${r.address}`}>
              <span className="gql-refusal-transport">{r.transport}</span> <span className="mono">{r.address}</span>
              <div className="gql-refusal-reason">{r.reason}</div>
            </li>
          ))}
        </ul>
        <div className="problem-hint">
          If the server serves subscriptions at another address, put it in <strong>Subscription URL</strong> above: a{' '}
          <span className="mono">ws://</span> or <span className="mono">wss://</span> address for graphql-ws, an{' '}
          <span className="mono">http(s)://</span> one for graphql-sse.
        </div>
      </div>
    </div>
  )
}
