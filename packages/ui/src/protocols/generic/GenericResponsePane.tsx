/** The response pane for protocols without their own: gRPC-style status name, metadata and body. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { ResponseView } from '../../features/response/ResponseView.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../registry.js'

export function GenericResponsePane({ target }: PaneProps): ReactElement {
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
