/**
 * The open requests above the panes: one tab each, a dot while it has unsaved changes, a close button (middle-click
 * closes too), and the tab keys (Ctrl+S, Ctrl+W, Ctrl+Shift+T, Ctrl+Tab…). Arrow keys move between tabs.
 */
import type { KeyboardEvent, ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { MethodBadge } from '../../components/MethodBadge.js'
import { isTabDirty, stepTab } from '../../state/tab-actions.js'
import type { OpenTab } from '../../state/tabs-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { requestClose } from './tab-commands.js'
import { TabDialogs } from './TabDialogs.js'
import { useTabShortcuts } from './useTabShortcuts.js'
import '../../styles/workspace.css'

export function TabStrip(): ReactElement | null {
  const workbench = useWorkbench()
  const tabs = useStore(workbench.tabs, (s) => s.tabs)
  const activeKey = useStore(workbench.selection, (s) => s.selectedKey)
  // Any draft edit may change a tab's dot: the strip re-renders with the drafts (a handful of tabs, cheap).
  useStore(workbench.drafts, (s) => s.drafts)
  useTabShortcuts(workbench)
  if (tabs.length === 0) return <TabDialogs />
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault()
      stepTab(workbench, event.key === 'ArrowRight' ? 1 : -1)
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.req-tab[aria-selected="true"]')?.focus())
    }
  }
  return (
    <div className="req-tabs" role="tablist" aria-label="Open requests" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <TabButton
          key={tab.key}
          tab={tab}
          isActive={tab.key === activeKey}
          isDirty={isTabDirty(workbench, tab)}
          onSelect={() => workbench.selection.getState().select(tab.key)}
          onClose={() => requestClose(workbench, tab.key)}
        />
      ))}
      <TabDialogs />
    </div>
  )
}

interface TabButtonProps {
  tab: OpenTab
  isActive: boolean
  isDirty: boolean
  onSelect: () => void
  onClose: () => void
}

function TabButton({ tab, isActive, isDirty, onSelect, onClose }: TabButtonProps): ReactElement {
  const where = tab.savedPath ?? `${tab.address.service ? `${tab.address.service} · ` : ''}${tab.address.url}`
  return (
    <div className={`req-tab-wrap${isActive ? ' is-active' : ''}`} data-tab-key={tab.key} data-dirty={isDirty}>
      <button
        type="button"
        role="tab"
        className="req-tab"
        aria-selected={isActive}
        tabIndex={isActive ? 0 : -1}
        title={`${tab.title} — ${where}${isDirty ? ' (unsaved changes)' : ''}`}
        onClick={onSelect}
        onAuxClick={(event) => {
          if (event.button === 1) onClose()
        }}
        onMouseDown={(event) => {
          // Middle-click would start autoscroll.
          if (event.button === 1) event.preventDefault()
        }}
      >
        <MethodBadge label={tab.address.protocol.toUpperCase().slice(0, 4)} tone="other" />
        <span className="req-tab-title">{tab.title}</span>
        {isDirty && <span className="req-tab-dot" aria-label="unsaved changes" />}
      </button>
      {/* Named "Close tab" (the tab says which): a method name in the button's name would answer other searches. */}
      <button
        type="button"
        className="req-tab-close"
        aria-label="Close tab"
        title={`Close ${tab.title} (Ctrl+W)`}
        onClick={onClose}
      >
        <Icon name="close" size={12} />
      </button>
    </div>
  )
}
