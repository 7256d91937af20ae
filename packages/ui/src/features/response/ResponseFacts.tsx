/**
 * What every response summary shows whatever the protocol: time and size, the sending spinner, why there is no
 * result (a call's problem, or the user's cancel), and that the response on screen predates a Send that was held.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import type { InvokeResult } from '@wirebench/core'
import { formatBytes, formatDuration } from '../../components/format.js'
import { ProblemNotice } from '../../components/ProblemNotice.js'
import { StatusBadge } from './StatusBadge.js'
import { timingSummary } from './TimingView.js'
import { Spinner } from '../../components/Spinner.js'
import type { CallRecord } from '../../state/calls-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { callProblemHint } from './call-problem-hint.js'

export function TimeAndSize({
  result,
  sizeTitle = 'Body size on the wire',
}: {
  result: InvokeResult
  sizeTitle?: string
}): ReactElement {
  return (
    <>
      <span className="response-fact" title={timingSummary(result.timings) ?? 'Time the target took to answer'}>
        <span className="muted">Time</span> <span className="mono">{formatDuration(result.durationMs)}</span>
      </span>
      {result.sizeBytes !== undefined && (
        <span className="response-fact" title={sizeTitle}>
          <span className="muted">Size</span> <span className="mono">{formatBytes(result.sizeBytes)}</span>
        </span>
      )}
    </>
  )
}

export function SendingNote({ record }: { record: CallRecord }): ReactElement | null {
  if (!record.isSending) return null
  return (
    <span className="response-sending">
      <Spinner label="Waiting for the response" /> Sending…
    </span>
  )
}

/** The problem that ended a call without a response (not shown while a new attempt is on its way). */
export function CallProblem({ record }: { record: CallRecord }): ReactElement | null {
  const { error } = record
  if (!error || record.isSending) return null
  return (
    <div className="response-error">
      <ProblemNotice error={error} hint={callProblemHint(error.problem)} />
    </div>
  )
}

/** The badge of a call that ended without a result: the user cancelled it, or it failed before the target answered. */
export function NoResultBadge({ record }: { record: CallRecord }): ReactElement | null {
  if (record.isSending || record.result) return null
  if (record.isCancelled) return <StatusBadge label="Cancelled" tone="client-error" />
  if (record.error) return <StatusBadge label="No response" tone="server-error" />
  return null
}

/** What a cancelled call leaves in the pane: what happened and how to try again. */
export function CancelledNote({ record }: { record: CallRecord }): ReactElement | null {
  if (!record.isCancelled || record.isSending) return null
  return (
    <div className="response-cancelled" role="status">
      <p>
        You cancelled the call before its response arrived
        {record.roundTripMs !== undefined ? ` (after ${formatDuration(record.roundTripMs)})` : ''}. The target may still
        have acted on it.
      </p>
      <p className="muted">
        Press <kbd>Ctrl</kbd> <kbd>Enter</kbd> to send it again.
      </p>
    </div>
  )
}

/**
 * After a Send that was held back (the request pane says why), the response on screen answers an earlier request:
 * it says so until a Send goes through.
 */
export function PreviousNote({ draftKey, record }: { draftKey: string; record: CallRecord }): ReactElement | null {
  const { drafts } = useWorkbench()
  const isHeld = useStore(drafts, (s) => s.drafts[draftKey]?.heldAt !== undefined)
  if (!isHeld || record.isSending) return null
  return (
    <div className="response-previous" role="status">
      <strong>Previous response.</strong> The last Send was held: nothing was sent (the request pane says why).
    </div>
  )
}
