/** Reads the `import "…";` statements of .proto source text, skipping comments and string contents elsewhere. */

export interface ProtoImport {
  path: string
  /** 1-based position of the `import` keyword. */
  line: number
  column: number
}

/** Blanks comments out (keeping line breaks) so that a commented-out import is not taken for a real one. */
function withoutComments(source: string): string {
  let out = ''
  let i = 0
  while (i < source.length) {
    const c = source[i]
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') {
        out += ' '
        i++
      }
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end === -1 ? source.length : end + 2
      out += source.slice(i, stop).replace(/[^\n]/g, ' ')
      i = stop
    } else if (c === '"' || c === "'") {
      // Copy a string literal whole, so a `//` inside it is not mistaken for a comment.
      let j = i + 1
      while (j < source.length && source[j] !== c && source[j] !== '\n') j += source[j] === '\\' ? 2 : 1
      out += source.slice(i, j + 1)
      i = j + 1
    } else {
      out += c
      i++
    }
  }
  return out
}

export function readImports(source: string): ProtoImport[] {
  const text = withoutComments(source)
  const found: ProtoImport[] = []
  const pattern = /(^|[;\s}])import\s+(?:(?:public|weak)\s+)?(["'])([^"'\n]*)\2\s*;/g
  // Line numbers advance incrementally so a file of many imports stays linear.
  let line = 1
  let lineStart = 0
  let scanned = 0
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const offset = match.index + (match[1]?.length ?? 0)
    for (; scanned < offset; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++
        lineStart = scanned + 1
      }
    }
    found.push({ path: match[3] ?? '', line, column: offset - lineStart + 1 })
  }
  return found
}
