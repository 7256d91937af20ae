/** The nodes of a JSON value as a tree: which values are containers, their children, and each node's id. */
export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null
}

export function childEntries(value: Record<string, unknown> | unknown[]): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value)
}

/** Ids are JSON-pointer-like paths; `~` and `/` in keys are escaped so two keys never share an id. */
export function childId(parent: string, key: string): string {
  return `${parent}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
}

/** The keys from the root to the node with this id (`childId` read back). */
export function idSegments(id: string): string[] {
  if (id === '') return []
  return id
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}
