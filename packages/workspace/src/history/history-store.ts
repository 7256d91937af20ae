/**
 * One workspace's call history under the config dir (personal, may hold response bodies: never in the workspace
 * folder). NDJSON segments `<n>.ndjson`, 0600 in a 0700 folder; bounded by entry count and bytes, whole oldest segments
 * dropped first. Appends are buffered and written after the call has answered (the builder runs at flush time, so
 * the call path pays for a push); searches run over an in-memory index of the searchable fields and read only the
 * entries of the page from disk.
 */
import { open, readdir, readFile, unlink, appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HistoryEntry, HistoryPage } from '@wirebench/core'
import { ensurePrivateDir, isNotFound } from '../files/atomic-file.js'
import { createSerialQueue } from '../files/serial-queue.js'

export interface HistoryLimits {
  maxEntries: number
  maxBytes: number
  /** Segments the bounds are split into: the unit that is dropped. */
  segments: number
}

export const defaultHistoryLimits: HistoryLimits = { maxEntries: 100_000, maxBytes: 256 * 1024 * 1024, segments: 20 }

/** Everything but the id, which the store assigns (unique and increasing). */
export type HistoryDraft = Omit<HistoryEntry, 'id'>

export type HistoryBuilder = () => HistoryDraft | undefined | Promise<HistoryDraft | undefined>

export interface HistoryQuery {
  q?: string
  limit?: number
  /** Only entries older than this id (the last id of the previous page). */
  before?: string
}

export interface HistoryStore {
  /** Queues an entry; `build` runs when the buffer is flushed, off the call path (undefined: nothing to record). */
  append(build: HistoryBuilder): void
  /** Writes what is queued (tests, shutdown, and before every read). */
  flush(): Promise<void>
  page(query: HistoryQuery): Promise<HistoryPage>
  clear(): Promise<void>
}

interface Indexed {
  id: string
  text: string
  segment: number
  offset: number
  length: number
}

interface Segment {
  n: number
  bytes: number
  entries: number
}

const segmentPattern = /^(\d{8})\.ndjson$/
const flushDelayMs = 25

function segmentName(n: number): string {
  return `${String(n).padStart(8, '0')}.ndjson`
}

function searchText(entry: HistoryEntry): string {
  const { request } = entry
  return `${request.method} ${request.url} ${entry.status} ${request.name ?? ''} ${request.service} ${request.protocol}`.toLowerCase()
}

export function createHistoryStore(dir: string, limits: HistoryLimits = defaultHistoryLimits): HistoryStore {
  const queue = createSerialQueue(1024)
  const segmentBytes = Math.max(1, Math.floor(limits.maxBytes / limits.segments))
  const segmentEntries = Math.max(1, Math.floor(limits.maxEntries / limits.segments))
  let pending: HistoryBuilder[] = []
  let timer: NodeJS.Timeout | undefined
  let loaded = false
  let index: Indexed[] = []
  let segments: Segment[] = []
  let lastAt = 0
  let seq = 0

  function nextId(at: number): string {
    if (at > lastAt) {
      lastAt = at
      seq = 0
    } else {
      seq++
    }
    return `${String(lastAt).padStart(14, '0')}-${String(seq).padStart(6, '0')}`
  }

  async function load(): Promise<void> {
    if (loaded) return
    await ensurePrivateDir(dir, false)
    const names = (await readdir(dir)).filter((name) => segmentPattern.test(name)).sort()
    for (const name of names) {
      const n = Number(segmentPattern.exec(name)?.[1])
      const bytes = await readFile(join(dir, name))
      const segment: Segment = { n, bytes: bytes.length, entries: 0 }
      let offset = 0
      while (offset < bytes.length) {
        let end = bytes.indexOf(10, offset)
        if (end === -1) end = bytes.length
        try {
          const entry = JSON.parse(bytes.subarray(offset, end).toString('utf8')) as HistoryEntry
          index.push({ id: entry.id, text: searchText(entry), segment: n, offset, length: end - offset })
          segment.entries++
        } catch {
          // A line cut by a crash mid-write is skipped; the rest of the segment still reads.
        }
        offset = end + 1
      }
      segments.push(segment)
    }
    // The next id must sort after the last one on disk, even within the same millisecond.
    const last = index[index.length - 1]
    if (last) {
      lastAt = Number(last.id.slice(0, 14))
      seq = Number(last.id.slice(15))
    }
    loaded = true
  }

  async function dropOldest(): Promise<void> {
    const total = () =>
      segments.reduce((sum, s) => ({ bytes: sum.bytes + s.bytes, entries: sum.entries + s.entries }), {
        bytes: 0,
        entries: 0,
      })
    while (segments.length > 1) {
      const { bytes, entries } = total()
      if (bytes <= limits.maxBytes && entries <= limits.maxEntries) return
      const oldest = segments.shift()
      if (!oldest) return
      await unlink(join(dir, segmentName(oldest.n))).catch(() => undefined)
      index = index.filter((item) => item.segment !== oldest.n)
    }
  }

  async function write(builders: HistoryBuilder[]): Promise<void> {
    await load()
    let lines = ''
    let current = segments[segments.length - 1]
    const added: Indexed[] = []
    const writeOut = async () => {
      if (lines === '' || !current) return
      await appendFile(join(dir, segmentName(current.n)), lines, { mode: 0o600 })
      lines = ''
    }
    for (const build of builders) {
      let draft: HistoryDraft | undefined
      try {
        draft = await build()
      } catch {
        draft = undefined
      }
      if (!draft) continue
      if (!current || current.bytes >= segmentBytes || current.entries >= segmentEntries) {
        await writeOut()
        current = { n: (current?.n ?? 0) + 1, bytes: 0, entries: 0 }
        segments.push(current)
      }
      const entry: HistoryEntry = { id: nextId(draft.at), ...draft }
      const line = JSON.stringify(entry)
      const length = Buffer.byteLength(line)
      added.push({ id: entry.id, text: searchText(entry), segment: current.n, offset: current.bytes, length })
      lines += `${line}\n`
      current.bytes += length + 1
      current.entries++
    }
    await writeOut()
    index.push(...added)
    await dropOldest()
  }

  async function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    const builders = pending
    pending = []
    if (builders.length > 0) await queue.run(() => write(builders))
  }

  async function readEntries(items: Indexed[]): Promise<HistoryEntry[]> {
    const out: HistoryEntry[] = []
    for (const item of items) {
      const handle = await open(join(dir, segmentName(item.segment)), 'r').catch((error: unknown) => {
        if (isNotFound(error)) return undefined
        throw error
      })
      if (!handle) continue
      try {
        const buffer = Buffer.alloc(item.length)
        await handle.read(buffer, 0, item.length, item.offset)
        out.push(JSON.parse(buffer.toString('utf8')) as HistoryEntry)
      } finally {
        await handle.close()
      }
    }
    return out
  }

  return {
    append(build) {
      pending.push(build)
      timer ??= setTimeout(() => void flushNow().catch(() => undefined), flushDelayMs)
    },
    flush: flushNow,
    async page(query) {
      await flushNow()
      return queue.run(async () => {
        await load()
        const terms = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
        const limit = Math.max(1, Math.min(query.limit ?? 50, 500))
        const page: Indexed[] = []
        let total = 0
        for (let i = index.length - 1; i >= 0; i--) {
          const item = index[i] as Indexed
          if (terms.length > 0 && !terms.every((term) => item.text.includes(term))) continue
          total++
          if (page.length < limit && (query.before === undefined || item.id < query.before)) page.push(item)
        }
        return { entries: await readEntries(page), total }
      })
    },
    async clear() {
      await flushNow()
      await queue.run(async () => {
        await load()
        for (const segment of segments) await unlink(join(dir, segmentName(segment.n))).catch(() => undefined)
        segments = []
        index = []
      })
    },
  }
}
