/**
 * Tab keys: Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+W closes, Ctrl+Shift+T reopens the last closed, Ctrl+Tab / Ctrl+PgDn and
 * Ctrl+Shift+Tab / Ctrl+PgUp step. Browsers keep some of these for their own tabs, so each also works with Alt
 * (Alt+W, Alt+Shift+T, Alt+PgDn / Alt+PgUp).
 */
import { useEffect } from 'react'
import { reopenClosed, stepTab } from '../../state/tab-actions.js'
import type { Workbench } from '../../state/workbench.js'
import { requestClose, requestSave, requestSaveAs } from './tab-commands.js'

export function useTabShortcuts(workbench: Workbench): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrl = event.ctrlKey || event.metaKey
      const mod = ctrl || event.altKey
      if (!mod) return
      const key = event.key.toLowerCase()
      const active = workbench.selection.getState().selectedKey
      let isHandled = true
      if (ctrl && key === 's') {
        if (active && event.shiftKey) requestSaveAs(workbench, active)
        else if (active) void requestSave(workbench, active)
      } else if (!event.shiftKey && key === 'w') {
        if (active) requestClose(workbench, active)
      } else if (event.shiftKey && key === 't') reopenClosed(workbench)
      else if (ctrl && key === 'tab') stepTab(workbench, event.shiftKey ? -1 : 1)
      else if (key === 'pagedown') stepTab(workbench, 1)
      else if (key === 'pageup') stepTab(workbench, -1)
      else isHandled = false
      if (isHandled) event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [workbench])
}
