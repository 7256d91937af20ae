/** Which console entries the filters keep: by kind and by text over the whole entry as shown (secrets masked). */
import { maskSecretValues } from '../response/secret-values.js'
import { CONSOLE_KINDS, type ConsoleEntry, type ConsoleKind } from './console-entry.js'

export interface ConsoleFilter {
  kinds: readonly ConsoleKind[]
  text: string
}

export function isFiltering(filter: ConsoleFilter): boolean {
  return filter.text.trim() !== '' || filter.kinds.length < CONSOLE_KINDS.length
}

/** A key naming the filter, so a window over the ring rescans only when it changes. */
export function filterKey(filter: ConsoleFilter, secrets: readonly string[]): string {
  return `${[...filter.kinds].sort().join(',')}\u0000${filter.text.trim().toLowerCase()}\u0000${secrets.length}`
}

/** The predicate for `filter`; each entry's search text is built once per predicate, when the entry is first tested. */
export function consolePredicate(filter: ConsoleFilter, secrets: readonly string[]): (entry: ConsoleEntry) => boolean {
  const kinds = new Set(filter.kinds)
  const needle = filter.text.trim().toLowerCase()
  return (entry) => {
    if (!kinds.has(entry.kind)) return false
    if (needle === '') return true
    return searchTextOf(entry, secrets).includes(needle)
  }
}

/** Protocol, method, status and the detail as JSON, masked and lower-cased. */
export function searchTextOf(entry: ConsoleEntry, secrets: readonly string[]): string {
  const parts = [entry.kind, entry.protocol, entry.method, entry.status ?? '', safeJson(entry.detail)]
  return maskSecretValues(parts.join(' '), secrets).toLowerCase()
}

export function safeJson(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space) ?? ''
  } catch {
    return String(value)
  }
}
