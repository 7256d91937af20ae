/** The REST response: HTTP status (coloured by class), response headers from the metadata, and the body. */
import type { ReactElement } from 'react'
import { httpStatusClass } from '@wirebench/core'
import { useStore } from 'zustand'
import { LiveResponsePane } from '../../features/live/LiveResponsePane.js'
import { ResponseView } from '../../features/response/ResponseView.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'

const HTTP_STATUS_KEY = 'http_status'

export function RestResponsePane({ target }: PaneProps): ReactElement {
  if (target.method.methodType === 'ServerStreaming') {
    return (
      <LiveResponsePane
        target={target}
        flavor="sse"
        emptyTitle="No events yet"
        emptyHint="This operation answers an event stream: press Send or Ctrl Enter to start it; events appear here."
      />
    )
  }
  return <UnaryResponse target={target} />
}

function UnaryResponse({ target }: PaneProps): ReactElement {
  const { calls } = useWorkbench()
  const record = useStore(calls, (s) => s.calls[target.key])
  const metadata = record?.result?.metadata ?? {}
  const code = Number(metadata[HTTP_STATUS_KEY])
  const headers = Object.entries(metadata)
    .filter(([name]) => name !== HTTP_STATUS_KEY)
    .sort(([a], [b]) => a.localeCompare(b))
  const result = record?.result
  const status =
    result && Number.isFinite(code) && code > 0
      ? { label: `${code} ${result.statusMessage ?? ''}`.trim(), tone: httpStatusClass(code), title: result.status }
      : result
        ? { label: result.status, tone: result.status === 'OK' ? ('success' as const) : ('server-error' as const) }
        : undefined
  return <ResponseView record={record} status={status} headers={headers} headersLabel="Headers" draftKey={target.key} />
}
