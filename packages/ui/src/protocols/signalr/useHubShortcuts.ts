/** The remembered hub methods of a hub, and the actions the pane needs: remember an invocation, fill a shortcut in. */
import { useCallback, useState } from 'react'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft } from '../../state/drafts-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { readShortcuts, rememberShortcut, shortcutOf } from './hub-shortcuts.js'
import type { HubShortcut } from './hub-shortcuts.js'

export interface HubShortcutsHandle {
  shortcuts: HubShortcut[]
  /** Remembers the invocation the method's draft holds now (called when it is sent). */
  remember: () => void
  pick: (shortcut: HubShortcut) => void
}

export function useHubShortcuts(target: MethodRef, draftKey = target.key): HubShortcutsHandle {
  const { drafts } = useWorkbench()
  const [shortcuts, setShortcuts] = useState(() => readShortcuts(target.origin))
  const remember = useCallback(() => {
    const value = (drafts.getState().drafts[draftKey] ?? emptyDraft).value
    const shortcut = shortcutOf(value)
    if (shortcut) setShortcuts(rememberShortcut(target.origin, shortcut))
  }, [drafts, draftKey, target.origin])
  const pick = useCallback(
    (shortcut: HubShortcut) => {
      const value = (drafts.getState().drafts[draftKey] ?? emptyDraft).value
      drafts.getState().setValue(draftKey, { ...value, target: shortcut.target, arguments: shortcut.arguments })
    },
    [drafts, draftKey],
  )
  return { shortcuts, remember, pick }
}
