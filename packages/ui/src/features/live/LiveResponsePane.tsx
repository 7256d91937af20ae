/** The response pane of a live method: its latest call's live view, or what to press before there is one. */
import type { ReactElement, ReactNode } from 'react'
import type { MethodRef } from '../../state/catalog.js'
import type { LiveFlavor } from './live-row-view.js'
import { LiveView } from './LiveView.js'
import { useLiveCall, useLiveCallState } from './useLiveCall.js'

export interface LiveResponsePaneProps {
  target: MethodRef
  flavor?: LiveFlavor
  /** Shown before the first call. */
  emptyTitle: string
  emptyHint: ReactNode
}

export function LiveResponsePane({ target, flavor, emptyTitle, emptyHint }: LiveResponsePaneProps): ReactElement {
  const handle = useLiveCall(target)
  const call = useLiveCallState(target)
  if (!call) {
    return (
      <section className="response-pane" aria-label="Response">
        <div className="empty-state">
          <h2>{emptyTitle}</h2>
          <p>{emptyHint}</p>
        </div>
      </section>
    )
  }
  return (
    <LiveView
      call={call}
      handle={handle}
      methodName={`${target.service.name}/${target.method.name}`}
      protocol={target.service.protocol}
      {...(flavor ? { flavor } : {})}
    />
  )
}
