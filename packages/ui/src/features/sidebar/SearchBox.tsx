/**
 * The sidebar search: focuses itself when Ctrl+K asked for it (see useSidebarShortcuts); ArrowDown moves into the
 * results, Enter opens the first one, Escape clears it.
 */
import { useEffect, useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'

export function SearchBox(): ReactElement {
  const { selection } = useWorkbench()
  const query = useStore(selection, (s) => s.query)
  const isFocusPending = useStore(selection, (s) => s.isSearchFocusPending)
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (!isFocusPending || !inputRef.current) return
    inputRef.current.focus()
    inputRef.current.select()
    selection.getState().clearSearchFocusRequest()
  }, [isFocusPending, selection])

  return (
    <div className="search-box">
      <Icon name="search" size={14} className="search-icon" />
      <input
        ref={inputRef}
        type="search"
        className="input"
        placeholder="Search operations"
        aria-label="Search operations"
        title="Search operations by name, path, summary or host (Ctrl+K); ↓ moves into the results, Enter opens the first"
        value={query}
        spellCheck={false}
        onChange={(e) => selection.getState().setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || (e.key === 'Enter' && query.trim())) {
            // Into the results (the tree's arrow keys take over there), or straight to the first one.
            e.preventDefault()
            selection.getState().requestResults(e.key === 'Enter' ? 'open' : 'focus')
          } else if (e.key === 'Escape') {
            // A first Escape only clears the search; the next one may close the drawer.
            if (query) e.preventDefault()
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
