/**
 * A cheap estimate of how much memory a parsed JSON value holds, without serializing it again: strings count their
 * length, other leaves a few bytes, containers their keys and a little overhead. It is a budget measure, not exact.
 */

/** Roughly what a number, boolean, null or container header costs; enough to stop many tiny values looking free. */
const LEAF_BYTES = 8

export function estimateJsonBytes(value: unknown): number {
  let bytes = 0
  // An explicit stack: a deeply nested payload (which JSON.parse accepts) must not overflow the call stack here.
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') bytes += item.length + 2
    else if (typeof item !== 'object' || item === null) bytes += LEAF_BYTES
    else if (Array.isArray(item)) {
      bytes += LEAF_BYTES
      for (const element of item) stack.push(element)
    } else {
      bytes += LEAF_BYTES
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue
        bytes += key.length + 4
        stack.push((item as Record<string, unknown>)[key])
      }
    }
  }
  return bytes
}
