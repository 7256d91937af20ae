/**
 * A text filter over a JSON value, for finding things in a response body the tree only shows in part: which nodes
 * match (their key, or their value when it is a scalar), which containers lead to a match (shown open), and which
 * containers matched by key (kept whole, opened as the user chooses).
 */
import { childEntries, childId, isContainer } from './json-nodes.js'

export interface JsonFilter {
  /** Lower-cased text looked for. */
  needle: string
  /** Nodes that match or lead to a match. */
  kept: ReadonlySet<string>
  /** Containers whose own key matched: everything below them is kept. */
  whole: ReadonlySet<string>
  /** How many keys and values match. */
  matches: number
}

/** The text a scalar shows in the tree (strings without their quotes). */
export function scalarText(value: unknown): string {
  // Numbers, booleans and null read as JSON writes them.
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
}

export function filterJson(root: unknown, query: string): JsonFilter {
  const needle = query.toLowerCase()
  const kept = new Set<string>()
  const whole = new Set<string>()
  let matches = 0
  // An explicit stack (deep documents must not overflow the call stack); a node is pushed again after its children
  // to learn whether any of them was kept.
  type Frame = { value: unknown; id: string; key: string | null; parents: string[] }
  const stack: Frame[] = [{ value: root, id: '', key: null, parents: [] }]
  const keep = (frame: Frame) => {
    kept.add(frame.id)
    for (const parent of frame.parents) kept.add(parent)
  }
  while (stack.length) {
    const frame = stack.pop()!
    const keyMatches = frame.key !== null && frame.key.toLowerCase().includes(needle)
    if (!isContainer(frame.value)) {
      const valueMatches = scalarText(frame.value).toLowerCase().includes(needle)
      if (keyMatches || valueMatches) {
        matches += (keyMatches ? 1 : 0) + (valueMatches ? 1 : 0)
        keep(frame)
      }
      continue
    }
    if (keyMatches) {
      matches++
      whole.add(frame.id)
      keep(frame)
      continue
    }
    const parents = [...frame.parents, frame.id]
    const isArray = Array.isArray(frame.value)
    for (const [key, child] of childEntries(frame.value)) {
      stack.push({ value: child, id: childId(frame.id, key), key: isArray ? null : key, parents })
    }
  }
  return { needle, kept, whole, matches }
}
