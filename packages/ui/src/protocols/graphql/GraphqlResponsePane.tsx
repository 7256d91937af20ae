/** The GraphQL response pane: a query's or mutation's result, or a subscription's events in the live message log. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { LiveView } from '../../features/live/LiveView.js'
import { useLiveCall, useLiveCallState } from '../../features/live/useLiveCall.js'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'
import { GraphqlResult } from './GraphqlResult.js'
import { SubscriptionRefusals, subscriptionRefusals } from './SubscriptionRefusals.js'
import '../../styles/graphql.css'

export default function GraphqlResponsePane({ target }: PaneProps): ReactElement {
  return target.method.methodType === 'ServerStreaming' ? (
    <SubscriptionResponse target={target} />
  ) : (
    <OperationResponse target={target} />
  )
}

function OperationResponse({ target }: { target: MethodRef }): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  if (!record) return <NothingYet hint="to send it" />
  return <GraphqlResult record={record} draftKey={target.key} />
}

function SubscriptionResponse({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  const call = useLiveCallState(target)
  if (!call) return <NothingYet hint="to start the subscription" />
  const refusals = subscriptionRefusals(call.end?.details)
  return (
    <LiveView
      call={call}
      handle={live}
      methodName={`${target.service.name}/${target.method.name}`}
      protocol={target.service.protocol}
      notice={refusals.length > 0 ? <SubscriptionRefusals refusals={refusals} /> : undefined}
    />
  )
}

function NothingYet({ hint }: { hint: string }): ReactElement {
  return (
    <section className="response-pane" aria-label="Response">
      <div className="empty-state">
        <h2>No response yet</h2>
        <p>
          Pick fields or edit the operation, then press <kbd>Ctrl</kbd> <kbd>Enter</kbd> {hint}.
        </p>
      </div>
    </section>
  )
}
