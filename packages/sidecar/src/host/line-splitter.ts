/**
 * NDJSON framing of the stdio transport: splits a byte stream into lines, bounded. A line longer than the limit is
 * never buffered whole; the splitter reports it once and stops, because a peer that writes such lines cannot be
 * resynchronised safely.
 */

export interface LineSplitter {
  /** Feeds a chunk; calls `onLine` for each complete line (without its `\n`, `\r\n` tolerated). */
  push(chunk: Buffer): void
}

export interface LineSplitterOptions {
  maxLineBytes: number
  onLine(line: string): void
  /** Called once when a line exceeds `maxLineBytes`; nothing more is parsed after it. */
  onOverflow(bytesSeen: number): void
}

const NEWLINE = 0x0a

export function createLineSplitter(options: LineSplitterOptions): LineSplitter {
  const { maxLineBytes } = options
  const onLine = (line: string) => options.onLine(line)
  const onOverflow = (bytes: number) => options.onOverflow(bytes)
  let pending: Buffer[] = []
  let pendingBytes = 0
  let isBroken = false

  const emit = (bytes: Buffer) => {
    let line = bytes.toString('utf8')
    if (line.endsWith('\r')) line = line.slice(0, -1)
    if (line.trim() !== '') onLine(line)
  }

  return {
    push(chunk) {
      if (isBroken) return
      let start = 0
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
        const piece = chunk.subarray(start, at)
        if (pendingBytes + piece.length > maxLineBytes) {
          isBroken = true
          onOverflow(pendingBytes + piece.length)
          return
        }
        if (pendingBytes === 0) emit(piece)
        else {
          pending.push(piece)
          emit(Buffer.concat(pending, pendingBytes + piece.length))
          pending = []
          pendingBytes = 0
        }
        start = at + 1
      }
      if (start < chunk.length) {
        const rest = chunk.subarray(start)
        pendingBytes += rest.length
        if (pendingBytes > maxLineBytes) {
          isBroken = true
          pending = []
          onOverflow(pendingBytes)
          return
        }
        // Copied: the stream may reuse the chunk's memory.
        pending.push(Buffer.from(rest))
      }
    },
  }
}
