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

// A search row per entry, made once: a short query matches thousands, and fresh objects per keystroke meant
// collector pauses in the middle of typing.
const searchRows = new WeakMap<SavedRequestEntry, CollectionRow>()

function searchRowOf(entry: SavedRequestEntry): CollectionRow {
  let row = searchRows.get(entry)
  if (!row) {
    row = { kind: 'request', id: `r:${entry.path}`, path: entry.path, name: entry.path, depth: 0, entry }
    searchRows.set(entry, row)
  }
  return row
}

const treeRows = new WeakMap<SavedRequestEntry, CollectionRow>()

/** A request's row in the tree, made once (its depth follows from its path, so it never changes). */
function treeRowOf(entry: SavedRequestEntry, depth: number): CollectionRow {
  let row = treeRows.get(entry)
  if (!row) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1)
    row = { kind: 'request', id: `r:${entry.path}`, path: entry.path, name, depth, entry }
    treeRows.set(entry, row)
  }
  return row
}

export function searchTermsOf(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean)
}

// One collator for every comparison: `localeCompare` with options builds a new one per call, which made sorting
// thousands of rows take most of a frame budget.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
const byName = (a: string, b: string) => collator.compare(a, b)

/** The folder tree of one workspace content, sorted once: folding a folder or clearing a search only walks it. */
interface Tree {
  childFolders: Map<string, string[]>
  childRequests: Map<string, SavedRequestEntry[]>
  counts: Map<string, number>
}

const trees = new WeakMap<readonly SavedRequestEntry[], WeakMap<readonly SavedFolderEntry[], Tree>>()

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

function treeOf(requests: readonly SavedRequestEntry[], folders: readonly SavedFolderEntry[]): Tree {
  let byFolders = trees.get(requests)
  const cached = byFolders?.get(folders)
  if (cached) return cached
  // Folder → its child folders and requests; every prefix of a request path is a folder.
  const folderSets = new Map<string, Set<string>>()
  const childRequests = new Map<string, SavedRequestEntry[]>()
  const counts = new Map<string, number>()
  const addFolder = (path: string) => {
    let current = path
    while (current) {
      const parent = parentOf(current)
      const siblings = folderSets.get(parent) ?? new Set<string>()
      if (siblings.has(current)) return
      siblings.add(current)
      folderSets.set(parent, siblings)
      current = parent
    }
  }
  for (const folder of folders) if (folder.path) addFolder(folder.path)
  for (const entry of requests) {
    const parent = parentOf(entry.path)
    if (parent) addFolder(parent)
    const list = childRequests.get(parent) ?? []
    list.push(entry)
    childRequests.set(parent, list)
    for (let current = parent; current; current = parentOf(current)) {
      counts.set(current, (counts.get(current) ?? 0) + 1)
    }
  }
  const childFolders = new Map<string, string[]>()
  for (const [parent, set] of folderSets) childFolders.set(parent, [...set].sort(byName))
  for (const list of childRequests.values()) list.sort((a, b) => byName(a.path, b.path))
  const tree = { childFolders, childRequests, counts }
  if (!byFolders) {
    byFolders = new WeakMap()
    trees.set(requests, byFolders)
  }
  byFolders.set(folders, tree)
  return tree
}

export function buildCollectionRows(
  requests: readonly SavedRequestEntry[],
  folders: readonly SavedFolderEntry[],
  query: string,
  collapsed: ReadonlySet<string>,
): CollectionRow[] {
  const terms = searchTermsOf(query)
  if (terms.length > 0) {
    const rows: CollectionRow[] = []
    for (const entry of requests) {
      const text = haystackOf(entry)
      if (terms.every((term) => text.includes(term))) rows.push(searchRowOf(entry))
    }
    return rows
  }
  const { childFolders, childRequests, counts } = treeOf(requests, folders)
  const rows: CollectionRow[] = []
  const walk = (folder: string, depth: number) => {
    for (const path of childFolders.get(folder) ?? []) {
      const name = path.slice(path.lastIndexOf('/') + 1)
      rows.push({ kind: 'folder', id: `f:${path}`, path, name, depth, count: counts.get(path) ?? 0 })
      if (!collapsed.has(path)) walk(path, depth + 1)
    }
    for (const entry of childRequests.get(folder) ?? []) rows.push(treeRowOf(entry, depth))
  }
  walk('', 0)
  return rows
}

/** Every folder of the workspace, depth first in the tree's order: the choices of "Move to…". */
export function folderPathsOf(requests: readonly SavedRequestEntry[], folders: readonly SavedFolderEntry[]): string[] {
  const { childFolders } = treeOf(requests, folders)
  const paths: string[] = []
  const walk = (folder: string) => {
    for (const path of childFolders.get(folder) ?? []) {
      paths.push(path)
      walk(path)
    }
  }
  walk('')
  return paths
}
