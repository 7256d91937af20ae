/** The sidebar search: Ctrl+K (or ⌘K) focuses it from anywhere, Escape clears it. */
import { useEffect, useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function SearchBox(): ReactElement {
  const { selection } = useWorkbench()
  const query = useStore(selection, (s) => s.query)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        selection.getState().setSidebarTab('services')
        inputRef.current?.focus()
        inputRef.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [selection])

  return (
    <div className="search-box">
      <Icon name="search" size={14} className="search-icon" />
      <input
        ref={inputRef}
        type="search"
        className="input"
        placeholder="Search operations"
        aria-label="Search operations"
        title="Search operations (Ctrl+K)"
        value={query}
        spellCheck={false}
        onChange={(e) => selection.getState().setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            selection.getState().setQuery('')
            e.currentTarget.blur()
          }
        }}
      />
      {!query && (
        <span className="search-shortcut" aria-hidden="true">
          <kbd>Ctrl</kbd>
          <kbd>K</kbd>
        </span>
      )}
    </div>
  )
}
