/** The console as NDJSON: one entry a line, ISO times, every secret value of the environment replaced by `***`. */
import { maskSecretValues } from '../response/secret-values.js'
import type { ConsoleEntry } from './console-entry.js'
import { safeJson } from './console-filter.js'

export function exportConsoleEntry(entry: ConsoleEntry): Record<string, unknown> {
  const line: Record<string, unknown> = {
    at: new Date(entry.at).toISOString(),
    kind: entry.kind,
    protocol: entry.protocol,
    method: entry.method,
    call: entry.callId,
  }
  if (entry.status !== undefined) line.status = entry.status
  if (entry.durationMs !== undefined) line.durationMs = Math.round(entry.durationMs * 1000) / 1000
  line.detail = entry.detail
  return line
}

/**
 * Each line is masked after it is serialized, so a secret is caught wherever it sits: a header of any name, a query,
 * a body, a frame (JSON-escaped and URL-encoded spellings are in the list).
 */
export function toConsoleNdjson(entries: Iterable<ConsoleEntry>, secrets: readonly string[]): string {
  let text = ''
  for (const entry of entries) text += `${maskSecretValues(safeJson(exportConsoleEntry(entry)), secrets)}\n`
  return text
}

/** `wirebench-console-2024-05-01T12-00-00.ndjson` */
export function consoleExportFilename(at = new Date()): string {
  return `wirebench-console-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.ndjson`
}
