/** A bounded ring of the lines a server process wrote to stderr: the newest `maxLines`, each cut at `maxLineChars`. */

export interface StderrRingOptions {
  maxLines: number
  maxLineChars: number
  /** Called with each batch of complete lines as they arrive. */
  onLines?: (lines: string[]) => void
}

export class StderrRing {
  private readonly options: StderrRingOptions
  private lines: string[] = []
  private partial = ''
  private dropped = 0

  constructor(options: StderrRingOptions) {
    this.options = options
  }

  /** Adds a chunk of output; complete lines go into the ring, a trailing partial line waits for its end. */
  write(chunk: string): void {
    const text = this.partial + chunk
    const parts = text.split('\n')
    // The unfinished last part is kept, but never more than one line's worth: a process writing no newline stays bounded.
    this.partial = (parts.pop() ?? '').slice(-this.options.maxLineChars)
    if (parts.length > 0) this.add(parts)
  }

  /** Adds lines that did not come from stderr (stdout noise), marked as such. */
  note(line: string): void {
    this.add([line])
  }

  /** Flushes the partial last line (the process ended). */
  end(): void {
    if (this.partial !== '') this.add([this.partial])
    this.partial = ''
  }

  tail(count = this.options.maxLines): string[] {
    return this.lines.slice(-count)
  }

  get droppedLines(): number {
    return this.dropped
  }

  private add(raw: string[]): void {
    const lines = raw.map((line) => {
      const clean = line.replace(/\r$/, '')
      return clean.length > this.options.maxLineChars ? `${clean.slice(0, this.options.maxLineChars)}…` : clean
    })
    this.lines.push(...lines)
    const excess = this.lines.length - this.options.maxLines
    if (excess > 0) {
      this.lines.splice(0, excess)
      this.dropped += excess
    }
    this.options.onLines?.(lines)
  }
}
