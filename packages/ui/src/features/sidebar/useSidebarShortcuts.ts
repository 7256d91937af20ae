/**
 * Ctrl+K (or ⌘K) from anywhere, and Escape to close the narrow-screen drawer. The search box may not be mounted
 * (Schema Files tab), so the listener lives on the always-mounted sidebar.
 */
import { useEffect } from 'react'
import type { SelectionStore } from '../../state/selection-store.js'

export function useSidebarShortcuts(selection: SelectionStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        selection.getState().requestSearchFocus()
      } else if (event.key === 'Escape' && selection.getState().isDrawerOpen && !event.defaultPrevented) {
        selection.getState().setDrawerOpen(false)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [selection])
}
