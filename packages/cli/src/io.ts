/** Where a command writes and reads: the terminal in production, buffers in tests. */
export interface CliIo {
  out(text: string): void
  err(text: string): void
  /** Standard input (`-d @-`); read only when a command asks for it. */
  stdin?: AsyncIterable<string | Uint8Array>
  /** Output goes to a terminal: JSON is printed pretty, otherwise compact. */
  isTTY?: boolean
}

/** Pretty JSON on a terminal, one compact line otherwise. */
export function formatJson(value: unknown, isTTY: boolean | undefined): string {
  return `${isTTY ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`
}

/** One NDJSON line, whatever the output is. */
export function formatLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`
}
