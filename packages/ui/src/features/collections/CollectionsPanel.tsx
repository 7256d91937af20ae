/**
 * The Collections tab of the sidebar: the active workspace's saved requests as a folder tree, a search that filters per
 * keystroke, and per row open, rename or move, duplicate, delete (with Undo) and folder auth. The list is virtualized:
 * thousands of requests keep a few dozen rows in the DOM.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { openSaved } from '../../state/tab-actions.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { buildCollectionRows, type CollectionRow } from './collection-rows.js'
import { CollectionDialogs, type CollectionDialog } from './CollectionDialogs.js'
import { CollectionRowView } from './CollectionRowView.js'
import { WorkspaceSwitcher } from './WorkspaceSwitcher.js'
import '../../styles/workspace.css'

const ROW_HEIGHT = 30
const MENU_HEIGHT = 36

export function CollectionsPanel(): ReactElement {
  const workbench = useWorkbench()
  const status = useStore(workbench.workspace, (s) => s.status)
  const content = useStore(workbench.workspace, (s) => s.content)
  const [query, setQuery] = useState('')
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const [menuId, setMenuId] = useState<string | null>(null)
  const [dialog, setDialog] = useState<CollectionDialog | null>(null)
  const rows = useMemo(
    () => buildCollectionRows(content?.requests ?? [], content?.folders ?? [], query, collapsed),
    [content, query, collapsed],
  )
  const scrollRef = useRef<HTMLDivElement>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is used as documented; its values are read during render only.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.id === menuId ? ROW_HEIGHT + MENU_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
  })

  if (status === 'unavailable') {
    return <p className="col-empty">This workbench server keeps no workspaces: saving requests is not available.</p>
  }
  const activate = (row: CollectionRow) => {
    if (row.kind === 'folder') {
      const next = new Set(collapsed)
      if (next.has(row.path)) next.delete(row.path)
      else next.add(row.path)
      setCollapsed(next)
    } else openSaved(workbench, row.path, row.entry.revision, row.entry.request)
  }
  const onListKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const current = document.activeElement?.closest<HTMLElement>('[data-index]')
    const index = Number(current?.dataset.index ?? -1)
    const next = Math.max(0, Math.min(rows.length - 1, index + (event.key === 'ArrowDown' ? 1 : -1)))
    event.preventDefault()
    virtualizer.scrollToIndex(next)
    requestAnimationFrame(() =>
      scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"] .col-row`)?.focus(),
    )
  }
  const problems = content?.problems ?? []
  return (
    <div className="collections">
      <WorkspaceSwitcher />
      <div className="search-box">
        <Icon name="search" size={14} className="search-icon" />
        <input
          className="input"
          type="search"
          placeholder="Search saved requests"
          aria-label="Search saved requests"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault()
              scrollRef.current?.querySelector<HTMLElement>('.col-row')?.focus()
            } else if (e.key === 'Enter' && rows[0]) activate(rows[0])
          }}
        />
      </div>
      {problems.length > 0 && (
        <div className="col-problems" role="status">
          {problems.length} file{problems.length === 1 ? '' : 's'} could not be read; the workbench leaves{' '}
          {problems.length === 1 ? 'it' : 'them'} as {problems.length === 1 ? 'it is' : 'they are'} and never overwrites{' '}
          {problems.length === 1 ? 'it' : 'them'}:
          <ul>
            {problems.map((p) => (
              <li key={`${p.path}:${p.keptAs ?? ''}`}>
                <span className="mono">{p.keptAs ?? p.path}</span> — {p.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {content && rows.length === 0 && (
        <p className="col-empty">
          {query ? `No saved request matches “${query}”.` : 'No saved requests yet: open a method and press Ctrl+S.'}
        </p>
      )}
      <div className="collections-list" ref={scrollRef} role="tree" aria-label="Saved requests" onKeyDown={onListKey}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
              >
                <CollectionRowView
                  row={row}
                  isCollapsed={collapsed.has(row.path)}
                  isMenuOpen={menuId === row.id}
                  onActivate={() => activate(row)}
                  onToggleMenu={() => setMenuId(menuId === row.id ? null : row.id)}
                  onDialog={(next) => {
                    setMenuId(null)
                    setDialog(next)
                  }}
                />
              </div>
            )
          })}
        </div>
      </div>
      {dialog && <CollectionDialogs dialog={dialog} onClose={() => setDialog(null)} />}
    </div>
  )
}
