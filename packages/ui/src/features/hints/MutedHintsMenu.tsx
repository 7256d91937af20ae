/**
 * The kinds of hint muted with "Don't show again", in a small menu on the console bar (the strip itself is gone when
 * nothing shows): each can be turned back on from there, by mouse or keyboard. Absent while no kind is muted.
 */
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { useDismiss, type DismissReason } from '../../components/useDismiss.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { hintKindLabels, type HintKind } from './hint.js'
import './hints.css'

export function MutedHintsMenu(): ReactElement | null {
  const store = useWorkbench().hints.store
  const muted = useStore(store, (s) => s.muted)
  const menuRef = useRef<HTMLDetailsElement>(null)
  const [isOpen, setOpen] = useState(false)
  const close = useCallback((reason?: DismissReason) => {
    const menu = menuRef.current
    if (!menu) return
    menu.open = false
    // Escape hands the focus back to the button that opened the menu, as other menus of the page do.
    if (reason === 'escape') menu.querySelector('summary')?.focus()
  }, [])
  useDismiss(menuRef, isOpen, close)
  if (muted.size === 0) return null
  const kinds = [...muted].sort()
  const unmute = (kind: HintKind) => {
    store.getState().unmute(kind)
    // The last one turned back on removes the menu, so the focus goes somewhere that stays.
    if (kinds.length === 1) document.querySelector<HTMLElement>('.console-toggle')?.focus()
    else menuRef.current?.querySelector('summary')?.focus()
  }
  return (
    <details className="muted-hints" ref={menuRef} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="btn btn-ghost muted-hints-toggle" title="Kinds of hint you chose not to see again">
        Muted hints <span className="muted-hints-count">{muted.size}</span>
      </summary>
      <div className="muted-hints-menu" role="menu" aria-label="Muted hints">
        {kinds.map((kind) => (
          <button key={kind} type="button" role="menuitem" className="btn btn-ghost" onClick={() => unmute(kind)}>
            Show hints about {hintKindLabels[kind]} again
          </button>
        ))}
      </div>
    </details>
  )
}
