/**
 * Finds where each event-stream block ends and whether it was a block without data that set an id: the parser
 * dispatches nothing for such a block, yet EventSource takes its id as the last event id.
 */

// Only a line's first characters matter unless it may be an `id` line: the rest of a long data line is not kept.
const headChars = 5

export class BlockScanner {
  private line = ''
  private skipLf = false
  private hasData = false
  private id: string | undefined

  constructor(private readonly maxLineChars: number) {}

  /** Calls `onBlockEnd` for each blank line in `text`: `end` is the index just past it. */
  scan(text: string, onBlockEnd: (end: number, idOnly: string | undefined) => void): void {
    let i = 0
    if (this.skipLf && text.length > 0) {
      this.skipLf = false
      if (text.charCodeAt(0) === 10) i = 1
    }
    while (i < text.length) {
      const lf = text.indexOf('\n', i)
      const cr = text.indexOf('\r', i)
      const j = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
      if (j === -1) {
        this.keep(text.slice(i))
        return
      }
      const line = this.line === '' ? text.slice(i, j) : this.line + text.slice(i, j)
      this.line = ''
      let next = j + 1
      if (text.charCodeAt(j) === 13) {
        if (next < text.length && text.charCodeAt(next) === 10) next++
        else if (next === text.length) this.skipLf = true
      }
      if (line === '') {
        onBlockEnd(next, !this.hasData && this.id !== undefined ? this.id : undefined)
        this.hasData = false
        this.id = undefined
      } else {
        this.field(line)
      }
      i = next
    }
  }

  private keep(piece: string): void {
    this.line += piece
    const mayBeId = this.line.startsWith('id:') || 'id:'.startsWith(this.line)
    const cap = mayBeId ? this.maxLineChars : headChars
    if (this.line.length > cap) this.line = this.line.slice(0, cap)
  }

  private field(line: string): void {
    if (line === 'data' || line.startsWith('data:')) {
      this.hasData = true
    } else if (line === 'id' || line.startsWith('id:')) {
      const value = line.slice(line.charCodeAt(3) === 32 ? 4 : 3)
      // A NUL in the value makes the field ignored (EventSource).
      if (!value.includes('\0')) this.id = value
    }
  }
}
