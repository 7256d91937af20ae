/** The gRPC response pane: the unary result, or the live log of a streaming call. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { LiveView } from '../../features/live/LiveView.js'
import { useLiveCall, useLiveCallState } from '../../features/live/useLiveCall.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { MethodRef } from '../../state/catalog.js'
import type { PaneProps } from '../protocol-ui.js'
import { GrpcUnaryResponse } from './GrpcUnaryResponse.js'

export function GrpcResponsePane({ target }: PaneProps): ReactElement {
  return target.method.methodType === 'Unary' ? <UnaryResponse target={target} /> : <LiveResponse target={target} />
}

function UnaryResponse({ target }: { target: MethodRef }): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  if (!record) return <NothingYet hint="to send it" />
  return <GrpcUnaryResponse record={record} draftKey={target.key} />
}

function LiveResponse({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  const call = useLiveCallState(target)
  if (!call) {
    return (
      <NothingYet
        hint={
          target.method.methodType === 'ServerStreaming'
            ? 'to start the stream'
            : 'to open the call and send the message'
        }
      />
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

function NothingYet({ hint }: { hint: string }): ReactElement {
  return (
    <section className="response-pane" aria-label="Response">
      <div className="empty-state">
        <h2>No response yet</h2>
        <p>
          Fill in the request and press <kbd>Ctrl</kbd> <kbd>Enter</kbd> {hint}.
        </p>
      </div>
    </section>
  )
}
