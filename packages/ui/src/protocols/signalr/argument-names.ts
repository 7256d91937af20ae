/**
 * Names the user gives a hub method's arguments (a hub cannot describe its methods), remembered per hub URL and
 * target, and how one argument's text becomes its value: JSON when it parses, else the text as a string.
 */

const keyOf = (hub: string): string => `wirebench.signalrArgNames.v1:${hub}`

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function readAll(hub: string): Record<string, string[]> {
  try {
    const parsed = JSON.parse(storage()?.getItem(keyOf(hub)) ?? '{}') as unknown
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, string[]>)
      : {}
  } catch {
    return {}
  }
}

export function readArgumentNames(hub: string, target: string): string[] {
  const names = readAll(hub)[target.toLowerCase()]
  return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : []
}

export function writeArgumentNames(hub: string, target: string, names: string[]): void {
  const all = readAll(hub)
  all[target.toLowerCase()] = names
  try {
    storage()?.setItem(keyOf(hub), JSON.stringify(all))
  } catch {
    // A full or disabled localStorage keeps the names for this page only.
  }
}

/** `user, message` → `['user', 'message']`. */
export function parseNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
}

/** What an argument's text sends: its JSON value, else the text itself (so `ada` is the string "ada"). */
export function argumentValue(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed === '') return null
  try {
    return JSON.parse(trimmed) as unknown
  } catch {
    return text
  }
}

/** How an argument value shows in its input: strings as they are, anything else as JSON. */
export function argumentText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}
