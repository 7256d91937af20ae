/** Small readers shared by the document's validators: what a JSON value is, in words, and JSON Pointers. */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** "null", "an array", "a string"…: what a value is, for messages. */
export const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`

/** A JSON Pointer (RFC 6901) from its segments. */
export const pointer = (...parts: Array<string | number>): string =>
  parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
