/**
 * Values as the UI shows them: MessagePack brings binary, timestamps, maps and 64-bit integers that JSON does not
 * have; they become base64 strings, ISO dates, objects and decimal strings.
 */
export function toJsonValue(value: unknown, depth = 0): unknown {
  if (depth > 64) return '[nested too deep]'
  if (value === undefined) return null
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Uint8Array)
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('base64')
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item, depth + 1))
  if (value instanceof Map) {
    const entries = [...(value as Map<unknown, unknown>).entries()]
    return Object.fromEntries(entries.map(([k, v]) => [String(k), toJsonValue(v, depth + 1)]))
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // A key from the wire must not reach an object's prototype.
      if (key === '__proto__') continue
      out[key] = toJsonValue(item, depth + 1)
    }
    return out
  }
  return typeof value === 'symbol' ? value.toString() : '[unsupported value]'
}
