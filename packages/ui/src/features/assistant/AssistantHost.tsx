/**
 * The app shell's hook for the assistant: asks once whether this workbench has the AI package, listens for Ctrl+I
 * (toggle) anywhere on the page, and mounts the drawer while it is open. Without the package the drawer never
 * exists and Ctrl+I only says so, quietly.
 */
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { toasts } from '../../components/toast-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { readAiConfig } from './ai-client.js'
import { AssistantDrawer } from './AssistantDrawer.js'
import { assistantStoreOf } from './assistant-store.js'

const NO_AI = 'This workbench has no AI package, so the assistant is not available (hints still are).'

function isToggleKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'i'
}

export function AssistantHost(): ReactElement | null {
  const workbench = useWorkbench()
  const store = assistantStoreOf(workbench)
  const presence = useStore(store, (s) => s.presence)
  const isOpen = useStore(store, (s) => s.isOpen)

  useEffect(() => {
    let isCurrent = true
    readAiConfig(workbench.api).then(
      (config) => {
        if (isCurrent) store.setState({ presence: config ? 'present' : 'absent', config })
      },
      // A failure other than 404 (the server is restarting): the package may be there; the drawer asks again.
      () => {
        if (isCurrent) store.setState({ presence: 'present' })
      },
    )
    return () => {
      isCurrent = false
    }
  }, [workbench, store])

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleKey(event)) return
      event.preventDefault()
      const { presence: known, isOpen: wasOpen } = store.getState()
      if (known === 'absent') toasts.getState().show(NO_AI)
      else store.setState({ isOpen: !wasOpen })
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  if (presence === 'absent' || !isOpen) return null
  return <AssistantDrawer store={store} />
}
