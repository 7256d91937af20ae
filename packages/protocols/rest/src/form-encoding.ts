/**
 * Flattens values into name/value pairs for query strings and urlencoded bodies: scalar arrays repeat the name
 * (`tag=a&tag=b`), objects use deepObject brackets (`created[gt]=1`, as Stripe and most form decoders read them),
 * arrays inside objects are indexed (`items[0][price]=…`).
 */

export type Pair = [string, string]

export function scalarToString(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

export function formPairs(name: string, value: unknown, pairs: Pair[] = [], nested = false): Pair[] {
  if (value === undefined || value === null) return pairs
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const isScalar = item === null || typeof item !== 'object'
      formPairs(nested || !isScalar ? `${name}[${index}]` : name, item, pairs, nested || !isScalar)
    })
    return pairs
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) formPairs(`${name}[${key}]`, item, pairs, true)
    return pairs
  }
  pairs.push([name, scalarToString(value)])
  return pairs
}

export function encodePairs(pairs: Pair[]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
}
