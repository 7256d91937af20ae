/**
 * What a call carries so the server records it in the active workspace's history: the request as typed (`${var}`
 * references kept, the server redacts secret values), named after its tab. Nothing when the server keeps no workspaces.
 */
import type { HistoryTemplate } from '@wirebench/core'
import type { MethodRef } from './catalog.js'
import { addressOfRef } from './request-address.js'
import { captureRequest } from './request-capture.js'
import type { Workbench } from './workbench.js'

export function historyTemplateFor(workbench: Workbench, target: MethodRef): HistoryTemplate | undefined {
  const { status, activeId } = workbench.workspace.getState()
  if (status !== 'ready') return undefined
  const tab = workbench.tabs.getState().tabs.find((t) => t.key === target.key)
  const request = captureRequest(
    workbench,
    target.key,
    tab?.address ?? addressOfRef(target),
    tab?.title ?? target.method.name,
  )
  return { workspace: activeId, request }
}
