/**
 * Hub methods the user has invoked, remembered per hub URL in localStorage with their last arguments, so they come
 * back as named shortcuts. The record is versioned; one that does not read is set aside, never used half-read.
 */

/** What the hub method is: a stream or an upload method cannot be invoked, nor the other way round. */
export type HubMethodKind = 'invoke' | 'stream' | 'upload'

export interface HubShortcut {
  target: string
  arguments: unknown[]
  /** Absent in records written before kinds were kept: those were invocations. */
  kind?: HubMethodKind
}

interface StoredShortcuts {
  version: 1
  shortcuts: HubShortcut[]
}

export interface ShortcutStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export const MAX_SHORTCUTS = 24
const keyOf = (hub: string): string => `wirebench.signalrMethods.v1:${hub}`

function pageStorage(): ShortcutStorage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

const kinds: readonly HubMethodKind[] = ['invoke', 'stream', 'upload']

function isShortcut(value: unknown): value is HubShortcut {
  const item = value as Partial<HubShortcut> | null
  return (
    typeof item?.target === 'string' &&
    item.target !== '' &&
    Array.isArray(item.arguments) &&
    (item.kind === undefined || kinds.includes(item.kind))
  )
}

export const kindOfShortcut = (shortcut: HubShortcut): HubMethodKind => shortcut.kind ?? 'invoke'

/**
 * The kind of hub method a workbench method calls: `stream` and `upload` theirs, `connection` what its composer
 * message's `type` says (a stream, or an invocation), `invoke` and `send` an invocation.
 */
export function kindOfCall(method: string, value: Record<string, unknown>): HubMethodKind {
  if (method === 'stream' || method === 'upload') return method
  if (method === 'connection' && value['type'] === 'stream') return 'stream'
  return 'invoke'
}

/** The shortcuts a workbench method can use: its own kind; a connection both invocations and streams. */
export function shortcutsFor(shortcuts: readonly HubShortcut[], method: string): HubShortcut[] {
  const usable: readonly HubMethodKind[] = method === 'connection' ? ['invoke', 'stream'] : [kindOfCall(method, {})]
  return shortcuts.filter((shortcut) => usable.includes(kindOfShortcut(shortcut)))
}

export function readShortcuts(hub: string, storage = pageStorage()): HubShortcut[] {
  const raw = storage?.getItem(keyOf(hub))
  if (!raw) return []
  try {
    const parsed = JSON.parse(raw) as Partial<StoredShortcuts>
    if (parsed.version !== 1 || !Array.isArray(parsed.shortcuts)) throw new Error('unknown format')
    return parsed.shortcuts.filter(isShortcut).slice(0, MAX_SHORTCUTS)
  } catch {
    storage?.setItem(`${keyOf(hub)}.unreadable`, raw)
    return []
  }
}

/**
 * Puts `target` first with these arguments (one entry per target and kind, targets matched case-insensitively as
 * hubs match them).
 */
export function rememberShortcut(hub: string, shortcut: HubShortcut, storage = pageStorage()): HubShortcut[] {
  const kind = kindOfShortcut(shortcut)
  const others = readShortcuts(hub, storage).filter(
    (s) => s.target.toLowerCase() !== shortcut.target.toLowerCase() || kindOfShortcut(s) !== kind,
  )
  const shortcuts = [shortcut, ...others].slice(0, MAX_SHORTCUTS)
  try {
    storage?.setItem(keyOf(hub), JSON.stringify({ version: 1, shortcuts } satisfies StoredShortcuts))
  } catch {
    // A full or disabled localStorage keeps the shortcuts for this page only.
  }
  return shortcuts
}

/** The invocation in a draft value of `method`, when it names a target and its arguments are an array. */
export function shortcutOf(value: Record<string, unknown>, method = 'invoke'): HubShortcut | undefined {
  const target = value['target']
  const args = value['arguments'] ?? []
  if (typeof target !== 'string' || target.trim() === '' || !Array.isArray(args)) return undefined
  return { target: target.trim(), arguments: args as unknown[], kind: kindOfCall(method, value) }
}

/** The draft value with a shortcut filled in; on a connection, the composer's `type` follows the shortcut's kind. */
export function withShortcut(
  value: Record<string, unknown>,
  shortcut: HubShortcut,
  method: string,
): Record<string, unknown> {
  const next = { ...value, target: shortcut.target, arguments: shortcut.arguments }
  if (method !== 'connection') return next
  if (kindOfShortcut(shortcut) === 'stream') return { ...next, type: 'stream' }
  return value['type'] === 'stream' ? { ...next, type: 'invoke' } : next
}
