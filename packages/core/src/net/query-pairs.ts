/**
 * The `name=value` pairs of an address's query rewritten one by one, the rest of the text (path, fragment) kept as
 * written: the address need not parse as a URL (a template, a pinned `grpc@…`), and nothing is re-encoded.
 */
export function mapQueryPairs(text: string, map: (pair: QueryPair) => string): string {
  const at = text.indexOf('?')
  if (at < 0) return text
  const hash = text.indexOf('#', at)
  const end = hash < 0 ? text.length : hash
  const query = text
    .slice(at + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      return map(equals < 0 ? { pair, key: pair } : { pair, key: pair.slice(0, equals), value: pair.slice(equals + 1) })
    })
    .join('&')
  return `${text.slice(0, at + 1)}${query}${text.slice(end)}`
}

export interface QueryPair {
  /** The pair as written. */
  pair: string
  /** The name as written (still encoded). */
  key: string
  /** The value as written (still encoded); absent for a name without `=`. */
  value?: string
}

/** A query name or value decoded (`+` as a space), or as written when it is no valid encoding. */
export function decodedQueryName(key: string): string {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '))
  } catch {
    return key
  }
}
