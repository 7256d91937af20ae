/**
 * One workspace's call history under the config dir (personal, may hold response bodies: never in the workspace
 * folder). NDJSON segments `<n>.ndjson`, 0600 in a 0700 folder; bounded by entry count and bytes, whole oldest segments
 * dropped first. Appends are buffered and written after the call has answered (the builder runs at flush time, so
 * the call path pays for a push); searches run over an in-memory index of the searchable fields and read only the
 * entries of the page from disk. The index follows the disk (see segment-index), so a second workbench on the same
 * config dir appending to the same segments never makes a read fail.
 */
import { open, unlink, appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HistoryEntry, HistoryPage } from '@wirebench/core'
import { ensurePrivateDir, isNotFound } from '../files/atomic-file.js'
import { createSerialQueue } from '../files/serial-queue.js'
import { createSegmentIndex, segmentName } from './segment-index.js'
import type { Indexed } from './segment-index.js'

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

const flushDelayMs = 25

export function createHistoryStore(dir: string, limits: HistoryLimits = defaultHistoryLimits): HistoryStore {
  const queue = createSerialQueue(1024)
  const segmentBytes = Math.max(1, Math.floor(limits.maxBytes / limits.segments))
  const segmentEntries = Math.max(1, Math.floor(limits.maxEntries / limits.segments))
  let pending: HistoryBuilder[] = []
  let timer: NodeJS.Timeout | undefined
  let ready = false
  const disk = createSegmentIndex(dir)
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
    if (!ready) await ensurePrivateDir(dir, false)
    ready = true
    await disk.sync()
    // The next id must sort after the last one on disk, even within the same millisecond.
    const last = disk.index[disk.index.length - 1]
    const lastOnDisk = last ? Number(last.id.slice(0, 14)) : 0
    if (last && (lastOnDisk > lastAt || (lastOnDisk === lastAt && Number(last.id.slice(15)) > seq))) {
      lastAt = lastOnDisk
      seq = Number(last.id.slice(15))
    }
  }

  async function dropOldest(): Promise<void> {
    while (disk.segments.length > 1) {
      let bytes = 0
      let entries = 0
      for (const segment of disk.segments) {
        bytes += segment.bytes
        entries += segment.entries
      }
      if (bytes <= limits.maxBytes && entries <= limits.maxEntries) return
      const oldest = disk.segments[0]
      if (!oldest) return
      await unlink(join(dir, segmentName(oldest.n))).catch(() => undefined)
      disk.drop(oldest.n)
    }
  }

  async function write(builders: HistoryBuilder[]): Promise<void> {
    await load()
    const last = disk.segments[disk.segments.length - 1]
    let current = last
      ? { n: last.n, bytes: last.bytes + last.tail, entries: last.entries, tail: last.tail }
      : undefined
    let lines = ''
    const writeOut = async () => {
      if (lines === '' || !current) return
      // A torn last line (a crash, or a writer cut off) is closed first, so this entry starts a line of its own.
      const text = current.tail > 0 ? `\n${lines}` : lines
      current.tail = 0
      await appendFile(join(dir, segmentName(current.n)), text, { mode: 0o600 })
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
        current = { n: (current?.n ?? 0) + 1, bytes: 0, entries: 0, tail: 0 }
      }
      const line = JSON.stringify({ id: nextId(draft.at), ...draft } satisfies HistoryEntry)
      lines += `${line}\n`
      current.bytes += Buffer.byteLength(line) + 1
      current.entries++
    }
    await writeOut()
    // The index learns the new lines from the disk, where another process's lines may sit between them.
    await disk.sync()
    await dropOldest()
  }

  async function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = undefined
    const builders = pending
    pending = []
    if (builders.length > 0) await queue.run(() => write(builders))
  }

  /** The page's entries; one that is no longer where the index says (rewritten elsewhere) is re-indexed, not fatal. */
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
        const entry = JSON.parse(buffer.toString('utf8')) as HistoryEntry
        if (entry.id !== item.id) throw new Error('moved')
        out.push(entry)
      } catch {
        disk.reset(item.segment)
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
        for (let i = disk.index.length - 1; i >= 0; i--) {
          const item = disk.index[i] as Indexed
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
        for (const segment of disk.segments) {
          await unlink(join(dir, segmentName(segment.n))).catch(() => undefined)
          disk.drop(segment.n)
        }
      })
    },
  }
}
