/**
 * The collections sidebar's rows: the saved requests as a folder tree (collapsed folders hide their contents), or,
 * while searching, the matching requests as a flat list of paths. Thousands of requests filter per keystroke: each
 * request's search text is built once per workspace content.
 */
import type { SavedFolderEntry, SavedRequestEntry } from '@wirebench/core'

export type CollectionRow =
  | { kind: 'folder'; id: string; path: string; name: string; depth: number; count: number }
  | { kind: 'request'; id: string; path: string; name: string; depth: number; entry: SavedRequestEntry }

const haystacks = new WeakMap<SavedRequestEntry, string>()

function haystackOf(entry: SavedRequestEntry): string {
  let text = haystacks.get(entry)
  if (text === undefined) {
    const { request } = entry
    text = [entry.path, request.protocol, request.service, request.method, request.url].join(' ').toLowerCase()
    haystacks.set(entry, text)
  }
  return text
}

export function searchTermsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })

export function buildCollectionRows(
  requests: readonly SavedRequestEntry[],
  folders: readonly SavedFolderEntry[],
  query: string,
  collapsed: ReadonlySet<string>,
): CollectionRow[] {
  const terms = searchTermsOf(query)
  if (terms.length > 0) {
    return requests
      .filter((entry) => {
        const text = haystackOf(entry)
        return terms.every((term) => text.includes(term))
      })
      .map((entry) => ({ kind: 'request', id: `r:${entry.path}`, path: entry.path, name: entry.path, depth: 0, entry }))
  }
  // Folder → its child folders and requests; every prefix of a request path is a folder.
  const childFolders = new Map<string, Set<string>>()
  const childRequests = new Map<string, SavedRequestEntry[]>()
  const counts = new Map<string, number>()
  const addFolder = (path: string) => {
    let current = path
    while (current) {
      const parent = current.includes('/') ? current.slice(0, current.lastIndexOf('/')) : ''
      const siblings = childFolders.get(parent) ?? new Set<string>()
      siblings.add(current)
      childFolders.set(parent, siblings)
      current = parent
    }
  }
  for (const folder of folders) if (folder.path) addFolder(folder.path)
  for (const entry of requests) {
    const parent = entry.path.includes('/') ? entry.path.slice(0, entry.path.lastIndexOf('/')) : ''
    if (parent) addFolder(parent)
    const list = childRequests.get(parent) ?? []
    list.push(entry)
    childRequests.set(parent, list)
    let current = parent
    while (current) {
      counts.set(current, (counts.get(current) ?? 0) + 1)
      current = current.includes('/') ? current.slice(0, current.lastIndexOf('/')) : ''
    }
  }
  const rows: CollectionRow[] = []
  const walk = (folder: string, depth: number) => {
    for (const path of [...(childFolders.get(folder) ?? [])].sort(byName)) {
      const name = path.slice(path.lastIndexOf('/') + 1)
      rows.push({ kind: 'folder', id: `f:${path}`, path, name, depth, count: counts.get(path) ?? 0 })
      if (!collapsed.has(path)) walk(path, depth + 1)
    }
    const inside = [...(childRequests.get(folder) ?? [])].sort((a, b) => byName(a.path, b.path))
    for (const entry of inside) {
      const name = entry.path.slice(entry.path.lastIndexOf('/') + 1)
      rows.push({ kind: 'request', id: `r:${entry.path}`, path: entry.path, name, depth, entry })
    }
  }
  walk('', 0)
  return rows
}
