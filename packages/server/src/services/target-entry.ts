/** Parses discovery entries: a plain URL, or `protocol@url` pinning one registered plugin. */

export interface TargetEntry {
  /** The entry as the user wrote it (trimmed); attempts report it so the UI can match its URL list. */
  entry: string
  /** The URL handed to the plugins. */
  url: string
  /** The pinned plugin id, when the entry had a `protocol@` prefix naming a registered plugin. */
  pinned?: string
}

const pluginIdPattern = /^[a-z][a-z0-9_-]*$/i

/**
 * `rest@http://host/doc.json` pins `rest` only when `rest` is a registered id and the rest is an absolute URL;
 * anything else (`http://user@host/`, `foo@bar`) is a plain URL.
 */
export function parseTargetEntry(raw: string, isPluginId: (id: string) => boolean): TargetEntry {
  const entry = raw.trim()
  const at = entry.indexOf('@')
  if (at > 0) {
    const id = entry.slice(0, at)
    const rest = entry.slice(at + 1)
    if (pluginIdPattern.test(id) && isPluginId(id) && isAbsoluteUrl(rest)) return { entry, url: rest, pinned: id }
  }
  return { entry, url: entry }
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value)
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(value)
  } catch {
    return false
  }
}

/** Drops repeated entries, keeping the first occurrence and the caller's order. */
export function uniqueEntries(entries: readonly TargetEntry[]): TargetEntry[] {
  const seen = new Set<string>()
  return entries.filter((e) => {
    const key = `${e.pinned ?? '*'}\u0000${e.url}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
