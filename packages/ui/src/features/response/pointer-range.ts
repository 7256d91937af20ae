/**
 * Where a JSON pointer's value sits in the raw view's text, which is `JSON.stringify(value, null, 2)`: the text is
 * written again the same way while counting characters, so no parser with positions is needed. A member of an object
 * is covered from its key.
 */
export interface TextRange {
  from: number
  to: number
}

function segmentsOf(pointer: string): string[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

export function pointerRange(value: unknown, pointer: string): TextRange | undefined {
  const target = segmentsOf(pointer)
  let offset = 0
  let found: TextRange | undefined
  // `onPath`: the value is on the way to the target; `depth` its place on that way.
  const write = (node: unknown, indent: string, onPath: boolean, depth: number, keyStart: number): void => {
    const start = offset
    const isTarget = onPath && depth === target.length
    if (Array.isArray(node) || (typeof node === 'object' && node !== null)) {
      const entries: Array<[string, unknown]> = Array.isArray(node)
        ? node.map((v, i) => [String(i), v === undefined ? null : v])
        : Object.entries(node).filter(([, v]) => v !== undefined)
      const [open, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}']
      if (entries.length === 0) offset += 2
      else {
        offset += 1
        const inner = `${indent}  `
        entries.forEach(([key, child], index) => {
          offset += 1 + inner.length // newline and indentation
          const memberStart = offset
          if (!Array.isArray(node)) offset += JSON.stringify(key).length + 2
          const childOnPath = onPath && depth < target.length && target[depth] === key
          write(child, inner, childOnPath, depth + 1, memberStart)
          if (index < entries.length - 1) offset += 1
        })
        offset += 1 + indent.length + close.length
        void open
      }
    } else {
      offset += (JSON.stringify(node) ?? 'null').length
    }
    if (isTarget) found = { from: depth === 0 ? start : keyStart, to: offset }
  }
  write(value, '', true, 0, 0)
  return found
}
