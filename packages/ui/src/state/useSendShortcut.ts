/** Ctrl+Enter (⌘+Enter on a Mac) anywhere on the page runs the open operation's send action while it is enabled. */
import { useEffect } from 'react'

export function useSendShortcut(action: () => void, isEnabled = true): void {
  useEffect(() => {
    if (!isEnabled) return undefined
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault()
        action()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [action, isEnabled])
}
