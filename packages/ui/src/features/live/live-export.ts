/** The live log as a download: NDJSON (one entry a line) or one JSON document with the call's facts around it. */
import type { LiveCallState, LiveEntry } from '../../state/live-store.js'

export type ExportFormat = 'ndjson' | 'json'

/** The exported form of one entry: what the log shows, with ISO times. */
export function exportEntry(entry: LiveEntry): Record<string, unknown> {
  const at = new Date(entry.at).toISOString()
  if (entry.direction === 'out') {
    const out: Record<string, unknown> = {
      direction: 'sent',
      ref: entry.ref,
      at,
      outcome: entry.outcome,
      data: entry.data,
    }
    if (entry.problem) out.problem = { title: entry.problem.title, detail: entry.problem.detail }
    return out
  }
  const out: Record<string, unknown> = { direction: 'received', seq: entry.seq, at, type: entry.kind }
  if (entry.kind === 'message') {
    out.data = entry.data
    if (entry.binary !== undefined) out.binary = entry.binary
    if (entry.meta) out.meta = entry.meta
  } else {
    out.metadata = entry.data
  }
  return out
}

export function toNdjson(entries: readonly LiveEntry[]): string {
  return entries.map((e) => `${JSON.stringify(exportEntry(e))}\n`).join('')
}

export function toJsonDocument(call: LiveCallState, entries: readonly LiveEntry[], method: string): string {
  return JSON.stringify(
    {
      method,
      status: call.status,
      startedAt: new Date(call.startedAt).toISOString(),
      endedAt: call.endedAt === undefined ? undefined : new Date(call.endedAt).toISOString(),
      counts: {
        received: call.received,
        sent: call.sent,
        refused: call.refused,
        droppedByServer: call.dropped,
        evicted: call.evicted,
      },
      headers: call.headers,
      trailers: call.trailers,
      end: call.end,
      problem: call.problem && { title: call.problem.title, detail: call.problem.detail, code: call.problem.code },
      entries: entries.map(exportEntry),
    },
    null,
    2,
  )
}

/** Starts a browser download of `text` (octet-stream, so the blob can never render as a document). */
export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/octet-stream' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** `Service.Method-2024-05-01T12-00-00.ndjson` */
export function exportFilename(method: string, format: ExportFormat, at = new Date()): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, '-')
  return `${method.replace(/[^A-Za-z0-9._-]+/g, '_')}-${stamp}.${format}`
}
