/** The remembered hub methods of a hub, and the actions the pane needs: remember an invocation, fill a shortcut in. */
import { useCallback, useMemo, useState } from 'react'
import type { MethodRef } from '../../state/catalog.js'
import { emptyDraft } from '../../state/drafts-store.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { readShortcuts, rememberShortcut, shortcutOf, shortcutsFor, withShortcut } from './hub-shortcuts.js'
import type { HubShortcut } from './hub-shortcuts.js'

export interface HubShortcutsHandle {
  shortcuts: HubShortcut[]
  /** Remembers the invocation the method's draft holds now (called when it is sent). */
  remember: () => void
  pick: (shortcut: HubShortcut) => void
}

export function useHubShortcuts(target: MethodRef, draftKey = target.key): HubShortcutsHandle {
  const { drafts } = useWorkbench()
  const method = target.method.name
  const [stored, setStored] = useState(() => readShortcuts(target.origin))
  // Only the hub methods this method can call: a stream pane offers streams, not invocations.
  const shortcuts = useMemo(() => shortcutsFor(stored, method), [stored, method])
  const remember = useCallback(() => {
    const value = (drafts.getState().drafts[draftKey] ?? emptyDraft).value
    const shortcut = shortcutOf(value, method)
    if (shortcut) setStored(rememberShortcut(target.origin, shortcut))
  }, [drafts, draftKey, target.origin, method])
  const pick = useCallback(
    (shortcut: HubShortcut) => {
      const value = (drafts.getState().drafts[draftKey] ?? emptyDraft).value
      drafts.getState().setValue(draftKey, withShortcut(value, shortcut, method))
    },
    [drafts, draftKey, method],
  )
  return { shortcuts, remember, pick }
}
