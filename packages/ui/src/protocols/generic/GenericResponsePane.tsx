/** The response pane for protocols without their own: the unary result (status, metadata, body) or the live log. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { LiveView } from '../../features/live/LiveView.js'
import { useLiveCall, useLiveCallState } from '../../features/live/useLiveCall.js'
import { ResponseView } from '../../features/response/ResponseView.js'
import type { MethodRef } from '../../state/catalog.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'

export function GenericResponsePane({ target }: PaneProps): ReactElement {
  return target.method.methodType === 'Unary' ? <UnaryResponse target={target} /> : <LiveResponse target={target} />
}

function UnaryResponse({ target }: { target: MethodRef }): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  const result = record?.result
  const status = result
    ? { label: result.status, tone: result.status === 'OK' ? ('success' as const) : ('server-error' as const) }
    : undefined
  const headers = Object.entries(result?.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))
  return (
    <ResponseView record={record} status={status} headers={headers} headersLabel="Metadata" draftKey={target.key} />
  )
}

function LiveResponse({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  const call = useLiveCallState(target)
  if (!call) {
    return (
      <section className="response-pane" aria-label="Response">
        <div className="empty-state">
          <h2>No response yet</h2>
          <p>
            Fill in the request and press <kbd>Ctrl</kbd> <kbd>Enter</kbd>{' '}
            {target.method.methodType === 'ServerStreaming'
              ? 'to start the stream'
              : 'to open the call and send the message'}
            .
          </p>
        </div>
      </section>
    )
  }
  return (
    <LiveView
      call={call}
      handle={live}
      methodName={`${target.service.name}/${target.method.name}`}
      protocol={target.service.protocol}
    />
  )
}
