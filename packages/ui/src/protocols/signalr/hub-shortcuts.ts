/**
 * Hub methods the user has invoked, remembered per hub URL in localStorage with their last arguments, so they come
 * back as named shortcuts. The record is versioned; one that does not read is set aside, never used half-read.
 */

export interface HubShortcut {
  target: string
  arguments: unknown[]
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

function isShortcut(value: unknown): value is HubShortcut {
  const item = value as Partial<HubShortcut> | null
  return typeof item?.target === 'string' && item.target !== '' && Array.isArray(item.arguments)
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

/** Puts `target` first with these arguments (one entry per target, matched case-insensitively as hubs match). */
export function rememberShortcut(hub: string, shortcut: HubShortcut, storage = pageStorage()): HubShortcut[] {
  const others = readShortcuts(hub, storage).filter((s) => s.target.toLowerCase() !== shortcut.target.toLowerCase())
  const shortcuts = [shortcut, ...others].slice(0, MAX_SHORTCUTS)
  try {
    storage?.setItem(keyOf(hub), JSON.stringify({ version: 1, shortcuts } satisfies StoredShortcuts))
  } catch {
    // A full or disabled localStorage keeps the shortcuts for this page only.
  }
  return shortcuts
}

/** The invocation in a draft value, when it names a target and its arguments are an array. */
export function shortcutOf(value: Record<string, unknown>): HubShortcut | undefined {
  const target = value['target']
  const args = value['arguments'] ?? []
  if (typeof target !== 'string' || target.trim() === '' || !Array.isArray(args)) return undefined
  return { target: target.trim(), arguments: args as unknown[] }
}
