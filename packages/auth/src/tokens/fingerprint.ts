/**
 * A synchronous fingerprint of an auth config (every field, secrets included) used to notice edits. It only lives in
 * memory next to the tokens it guards; two independent 53-bit hashes make an accidental collision negligible.
 */

/** Canonical JSON: object keys sorted, so key order never changes the fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

// cyrb53: a fast, well-distributed 53-bit string hash.
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

export function fingerprintOf(value: unknown): string {
  const text = canonical(value)
  return `${hash53(text, 1).toString(36)}.${hash53(text, 2).toString(36)}`
}
