/** The sidebar search: focuses itself when Ctrl+K asked for it (see useSidebarShortcuts), Escape clears it. */
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
        title="Search operations (Ctrl+K)"
        value={query}
        spellCheck={false}
        onChange={(e) => selection.getState().setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
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
