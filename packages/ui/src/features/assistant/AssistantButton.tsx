/**
 * The top bar's way into the assistant, beside Ctrl+I: shown only once the page knows this workbench has the AI
 * package (a host without it has no assistant to open), and a plain button, so it is in the tab order.
 */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { assistantStoreOf } from './assistant-store.js'

export function AssistantButton(): ReactElement | null {
  const store = assistantStoreOf(useWorkbench())
  const presence = useStore(store, (s) => s.presence)
  const isOpen = useStore(store, (s) => s.isOpen)
  if (presence !== 'present') return null
  return (
    <button
      type="button"
      className="icon-btn assistant-toggle"
      aria-label="Assistant"
      aria-expanded={isOpen}
      aria-keyshortcuts="Control+I"
      title="Assistant (Ctrl+I)"
      onClick={() => store.setState({ isOpen: !isOpen })}
    >
      <Icon name="assistant" size={16} />
    </button>
  )
}
