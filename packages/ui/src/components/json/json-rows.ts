/** Flattens a JSON value into the visible rows of a collapsible tree, so only rows on screen need DOM nodes. */
import type { JsonFilter } from './json-filter.js'
import { childEntries, childId, isContainer } from './json-nodes.js'

export type JsonRow =
  | {
      kind: 'open'
      id: string
      depth: number
      label: string | null
      isArray: boolean
      size: number
      isExpanded: boolean
      isLast: boolean
    }
  | { kind: 'close'; id: string; depth: number; isArray: boolean; isLast: boolean }
  | { kind: 'leaf'; id: string; depth: number; label: string | null; value: unknown; isLast: boolean }

/**
 * The rows of the tree: containers in `expanded` open. With a `filter`, only the nodes it keeps: containers leading to
 * a match open whatever `expanded` says, and a container that matched by key shows its whole subtree as expanded.
 */
export function flattenJson(root: unknown, expanded: ReadonlySet<string>, filter?: JsonFilter): JsonRow[] {
  const rows: JsonRow[] = []
  // An explicit stack instead of recursion: deep documents must not overflow the call stack.
  type Frame = {
    value: unknown
    id: string
    depth: number
    label: string | null
    isLast: boolean
    isClose?: boolean
    /** Below a container kept whole by the filter: shown as without a filter. */
    isWhole?: boolean
  }
  const stack: Frame[] = [{ value: root, id: '', depth: 0, label: null, isLast: true }]
  while (stack.length) {
    const frame = stack.pop()!
    const { value, id, depth, label, isLast } = frame
    const isFiltered = filter !== undefined && !frame.isWhole
    if (isFiltered && !filter.kept.has(id)) continue
    if (!isContainer(value)) {
      rows.push({ kind: 'leaf', id, depth, label, value, isLast })
      continue
    }
    const isArray = Array.isArray(value)
    if (frame.isClose) {
      rows.push({ kind: 'close', id: `${id}#close`, depth, isArray, isLast })
      continue
    }
    const entries = childEntries(value)
    const isWhole = frame.isWhole === true || (filter?.whole.has(id) ?? false)
    const isOpen = isFiltered && !isWhole ? true : expanded.has(id)
    const isExpanded = isOpen && entries.length > 0
    rows.push({ kind: 'open', id, depth, label, isArray, size: entries.length, isExpanded, isLast })
    if (!isExpanded) continue
    stack.push({ ...frame, isClose: true })
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!
      stack.push({
        value: child,
        id: childId(id, key),
        depth: depth + 1,
        label: isArray ? null : key,
        isLast: i === entries.length - 1,
        isWhole,
      })
    }
  }
  return rows
}

/** Expands breadth-first until about `budget` rows are visible: big bodies open readable, not all at once. */
export function initialExpansion(root: unknown, budget = 300): Set<string> {
  const expanded = new Set<string>()
  let visible = 1
  let level: Array<{ value: unknown; id: string }> = [{ value: root, id: '' }]
  while (level.length) {
    const next: Array<{ value: unknown; id: string }> = []
    for (const { value, id } of level) {
      if (!isContainer(value)) continue
      const entries = childEntries(value)
      if (visible + entries.length + 1 > budget && id !== '') return expanded
      expanded.add(id)
      visible += entries.length + 1
      for (const [key, child] of entries) if (isContainer(child)) next.push({ value: child, id: childId(id, key) })
      if (visible > budget) return expanded
    }
    level = next
  }
  return expanded
}

/**
 * Container ids breadth-first, up to `limit` (Expand all on a huge body stops there instead of freezing the tab);
 * breadth-first so a capped expansion still opens every upper level completely.
 */
export function allContainerIds(root: unknown, limit = 20_000): { ids: Set<string>; isCapped: boolean } {
  const ids = new Set<string>()
  let queue: Array<{ value: unknown; id: string }> = [{ value: root, id: '' }]
  while (queue.length) {
    const next: Array<{ value: unknown; id: string }> = []
    for (const { value, id } of queue) {
      if (!isContainer(value)) continue
      if (ids.size >= limit) return { ids, isCapped: true }
      ids.add(id)
      for (const [key, child] of childEntries(value))
        if (isContainer(child)) next.push({ value: child, id: childId(id, key) })
    }
    queue = next
  }
  return { ids, isCapped: false }
}
