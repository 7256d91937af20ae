/**
 * The app shell's hook for the assistant: asks once whether this workbench has the AI package, listens for Ctrl+I
 * (toggle) anywhere on the page, and mounts the drawer while it is open. Without the package the drawer never
 * exists and Ctrl+I only says so, quietly.
 */
import { useEffect, useMemo, type ReactElement } from 'react'
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

/** Mounted once the page holds a working session: asking the server anything before would spoil the sign-in. */
export function AssistantHost(): ReactElement | null {
  const isReady = useStore(useWorkbench().session, (s) => s.isReady)
  return isReady ? <AssistantKeeper /> : null
}

function AssistantKeeper(): ReactElement | null {
  const workbench = useWorkbench()
  const store = assistantStoreOf(workbench)
  const presence = useStore(store, (s) => s.presence)
  const isOpen = useStore(store, (s) => s.isOpen)

  // Asked once per page; a Ctrl+I pressed before the answer waits for it.
  const check = useMemo(
    () =>
      readAiConfig(workbench.api).then(
        (config) => {
          store.setState({ presence: config ? 'present' : 'absent', config })
        },
        // A failure other than 404 (the server is restarting): the package may be there; the drawer asks again.
        () => {
          store.setState({ presence: 'present' })
        },
      ),
    [workbench, store],
  )

  useEffect(() => {
    const toggle = () => {
      const { presence: known, isOpen: wasOpen } = store.getState()
      if (known === 'absent') toasts.getState().show(NO_AI)
      else store.setState({ isOpen: !wasOpen })
    }
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleKey(event)) return
      // Captured before any editor sees it: Ctrl+I is the assistant's everywhere on the page.
      event.preventDefault()
      event.stopPropagation()
      if (store.getState().presence === 'unknown') void check.then(toggle)
      else toggle()
    }
    window.addEventListener('keydown', onKey, true)
    return () => window.removeEventListener('keydown', onKey, true)
  }, [store, check])

  if (presence === 'absent' || !isOpen) return null
  return <AssistantDrawer store={store} />
}
