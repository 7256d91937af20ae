/** Dotted paths into JSON values (`data.items.0.id`): numeric segments index arrays. Used by chaining and token paths. */

export function readPath(value: unknown, path: string): unknown {
  if (path.trim() === '') return value
  let current: unknown = value
  for (const segment of path.split('.')) {
    if (current === null || current === undefined) return undefined
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined
      current = current[Number(segment)]
    } else if (typeof current === 'object') {
      if (!Object.prototype.hasOwnProperty.call(current, segment)) return undefined
      current = (current as Record<string, unknown>)[segment]
    } else {
      return undefined
    }
  }
  return current
}

/** Renders a value read by a path as the text substituted into a template. */
export function pathValueToString(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}
