/** The last lines a sidecar wrote to stderr, bounded in lines and line length: shown in the plugin list and the UI. */

export interface StderrRing {
  /** Feeds raw bytes as they arrive (lines may span chunks). */
  push(chunk: Buffer): void
  /** The kept lines, oldest first (a partial last line included). */
  lines(): string[]
  clear(): void
}

export interface StderrRingOptions {
  maxLines?: number
  /** Longer lines are cut and marked with `…`. */
  maxLineChars?: number
}

export function createStderrRing(options: StderrRingOptions = {}): StderrRing {
  const maxLines = options.maxLines ?? 200
  const maxLineChars = options.maxLineChars ?? 2000
  const kept: string[] = []
  let partial = ''

  const keep = (line: string) => {
    kept.push(line.length > maxLineChars ? `${line.slice(0, maxLineChars)}…` : line)
    if (kept.length > maxLines) kept.splice(0, kept.length - maxLines)
  }

  return {
    push(chunk) {
      const text = partial + chunk.toString('utf8')
      const parts = text.split(/\r?\n/)
      partial = parts.pop() ?? ''
      // A line that never ends must not grow without bound.
      if (partial.length > maxLineChars) {
        keep(partial)
        partial = ''
      }
      for (const line of parts) keep(line)
    },
    lines: () => (partial === '' ? [...kept] : [...kept, partial]).slice(-maxLines),
    clear() {
      kept.length = 0
      partial = ''
    },
  }
}
