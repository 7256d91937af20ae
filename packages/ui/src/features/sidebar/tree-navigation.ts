/** Keyboard moves over the flat sidebar rows, following the WAI-ARIA tree view pattern (one Tab stop, arrows inside). */
import type { SidebarRow } from './sidebar-rows.js'

export type TreeKeyAction =
  | { kind: 'focus'; index: number }
  | { kind: 'toggle'; id: string }
  | { kind: 'open'; key: string }
  /** Up from the first row: back to the search box above the tree. */
  | { kind: 'leave-top' }

export function rowLevel(row: SidebarRow): 1 | 2 | 3 {
  return row.kind === 'origin' ? 1 : row.kind === 'service' ? 2 : 3
}

/** The row that holds tabIndex=0: the last focused row, else the open method, else the first row. */
export function tabStopIndex(rows: readonly SidebarRow[], activeId: string | null, selectedKey: string | null): number {
  for (const id of [activeId, selectedKey]) {
    if (id === null) continue
    const index = rows.findIndex((row) => row.id === id)
    if (index >= 0) return index
  }
  return 0
}

function parentIndex(rows: readonly SidebarRow[], index: number): number | undefined {
  const row = rows[index]
  if (!row) return undefined
  const level = rowLevel(row)
  for (let i = index - 1; i >= 0; i--) {
    if (rowLevel(rows[i]!) < level) return i
  }
  return undefined
}

/** What a key pressed on row `index` does, or undefined when the key is not the tree's to handle. */
export function treeKeyAction(rows: readonly SidebarRow[], index: number, key: string): TreeKeyAction | undefined {
  const row = rows[index]
  if (!row) return undefined
  const last = rows.length - 1
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: Math.min(index + 1, last) }
    case 'ArrowUp':
      return index === 0 ? { kind: 'leave-top' } : { kind: 'focus', index: index - 1 }
    case 'Home':
      return { kind: 'focus', index: 0 }
    case 'End':
      return { kind: 'focus', index: last }
    case 'Enter':
    case ' ':
      return row.kind === 'method' ? { kind: 'open', key: row.ref.key } : { kind: 'toggle', id: row.id }
    case 'ArrowRight':
      if (row.kind === 'method') return undefined
      if (row.isCollapsed) return { kind: 'toggle', id: row.id }
      return index < last ? { kind: 'focus', index: index + 1 } : undefined
    case 'ArrowLeft': {
      if (row.kind !== 'method' && !row.isCollapsed) return { kind: 'toggle', id: row.id }
      const parent = parentIndex(rows, index)
      return parent === undefined ? undefined : { kind: 'focus', index: parent }
    }
    default:
      return undefined
  }
}
