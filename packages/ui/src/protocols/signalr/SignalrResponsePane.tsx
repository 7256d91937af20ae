/**
 * The hub response pane: the result of invoke and send (a hub error shows as the method's error, not as a transport
 * failure); the live log of stream, upload and connection, filtered by the target of server-to-client invocations.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { LiveResponsePane } from '../../features/live/LiveResponsePane.js'
import { ResponseView } from '../../features/response/ResponseView.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'

export function SignalrResponsePane({ target }: PaneProps): ReactElement {
  if (target.method.methodType === 'Unary') return <UnaryResponse target={target} />
  const isConnection = target.method.name === 'connection'
  return (
    <LiveResponsePane
      target={target}
      flavor="signalr"
      emptyTitle={isConnection ? 'Not connected' : 'No response yet'}
      emptyHint={
        isConnection ? (
          <>
            Press <strong>Connect</strong>: every message the hub sends shows here, server-to-client calls by target.
          </>
        ) : (
          <>
            Press <kbd>Ctrl</kbd> <kbd>Enter</kbd> to{' '}
            {target.method.name === 'stream' ? 'start the stream' : 'start the upload'}.
          </>
        )
      }
    />
  )
}

function UnaryResponse({ target }: PaneProps): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  const result = record?.result
  const status = result
    ? result.status === 'OK'
      ? { label: 'Completed', tone: 'success' as const }
      : { label: 'Hub error', tone: 'server-error' as const }
    : undefined
  const headers = Object.entries(result?.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b))
  return (
    <ResponseView record={record} status={status} headers={headers} headersLabel="Connection" draftKey={target.key} />
  )
}
