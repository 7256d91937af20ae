/** The hub methods invoked before on this hub, as shortcuts that fill the form with their last arguments. */
import type { ReactElement } from 'react'
import type { HubShortcut } from './hub-shortcuts.js'

export interface HubShortcutsProps {
  shortcuts: readonly HubShortcut[]
  onPick: (shortcut: HubShortcut) => void
}

export function HubShortcuts({ shortcuts, onPick }: HubShortcutsProps): ReactElement | null {
  if (shortcuts.length === 0) return null
  return (
    <nav className="hub-shortcuts" aria-label="Hub methods used before">
      <span className="muted">Used before</span>
      {shortcuts.map((shortcut) => (
        <button
          key={`${shortcut.kind ?? 'invoke'}:${shortcut.target}`}
          type="button"
          className="chip hub-shortcut mono"
          title={`${shortcut.target}(${JSON.stringify(shortcut.arguments).slice(1, -1)})`}
          onClick={() => onPick(shortcut)}
        >
          {shortcut.target}
        </button>
      ))}
    </nav>
  )
}
