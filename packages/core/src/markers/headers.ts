/** Header merging and query-string appending shared by every protocol. */

/** Merges helper output under user metadata: the user's value wins on a case-insensitive name collision. */
export function mergeHeaders(user: Record<string, string>, helper: Record<string, string>): Record<string, string> {
  const taken = new Set(Object.keys(user).map((k) => k.toLowerCase()))
  const merged: Record<string, string> = { ...user }
  for (const [key, value] of Object.entries(helper)) {
    if (!taken.has(key.toLowerCase())) {
      merged[key] = value
      taken.add(key.toLowerCase())
    }
  }
  return merged
}

/** Finds a header by case-insensitive name. */
export function getHeader(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase()
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === lower) return value
  return undefined
}

/**
 * Appends `name=value` pairs right before the wire: `&` when the URL already has a query string, `?` otherwise.
 * Existing parameters (and any fragment) are preserved; names and values are URI-escaped.
 */
export function appendQueryParams(url: string, params: ReadonlyArray<{ name: string; value: string }>): string {
  if (params.length === 0) return url
  const hashIndex = url.indexOf('#')
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex)
  const fragment = hashIndex === -1 ? '' : url.slice(hashIndex)
  const encoded = params.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).join('&')
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'
  return `${base}${separator}${encoded}${fragment}`
}
