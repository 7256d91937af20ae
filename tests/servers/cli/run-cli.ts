/**
 * Runs the `wirebench` command line in this process (the same `run` the executable calls) with its output captured,
 * standard input given as lines, and every write observable as it happens.
 */
import { run } from 'wirebench'

export interface CliResult {
  code: number
  out: string
  err: string
}

export interface RunCliOptions {
  /** Standard input, chunk by chunk (each may hold several lines). */
  stdin?: AsyncIterable<string>
  /** Called with each stdout write as it happens. */
  onOut?: (text: string) => void
  isTTY?: boolean
}

export async function runCli(args: readonly string[], options: RunCliOptions = {}): Promise<CliResult> {
  let out = ''
  let err = ''
  const code = await run(['node', 'wirebench', ...args], {
    out: (text) => {
      out += text
      options.onOut?.(text)
    },
    err: (text) => (err += text),
    ...(options.stdin ? { stdin: options.stdin } : {}),
    isTTY: options.isTTY ?? false,
  })
  return { code, out, err }
}

/** The NDJSON lines of an output, parsed. */
export function ndjson(out: string): unknown[] {
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown)
}
