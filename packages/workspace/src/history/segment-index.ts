/**
 * The in-memory index of a history folder's NDJSON segments, kept in step with the disk rather than with what this
 * process wrote: another workbench on the same config dir may append to the same segment, drop old segments or
 * clear them, and a crash may leave a torn last line. Each sync re-reads the folder listing and the bytes each segment
 * gained since the last sync, and indexes whole lines only.
 */
import { open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { HistoryEntry } from '@wirebench/core'
import { isNotFound } from '../files/atomic-file.js'

export interface Indexed {
  id: string
  text: string
  segment: number
  offset: number
  length: number
}

export interface Segment {
  n: number
  /** Bytes indexed: the end of the last whole line read. */
  bytes: number
  entries: number
  /** Bytes after the last newline (a line being written by another process, or torn by a crash). */
  tail: number
}

const segmentPattern = /^(\d{8})\.ndjson$/

export function segmentName(n: number): string {
  return `${String(n).padStart(8, '0')}.ndjson`
}

export function searchText(entry: HistoryEntry): string {
  const { request } = entry
  return `${request.method} ${request.url} ${entry.status} ${request.name ?? ''} ${request.service} ${request.protocol}`.toLowerCase()
}

export interface SegmentIndex {
  segments: Segment[]
  /** Oldest first (ids increase). */
  index: Indexed[]
  sync(): Promise<void>
  /** Forgets a segment's lines so the next sync reads it again from the start (it changed under us). */
  reset(n: number): void
  drop(n: number): void
}

/** The file's size and its bytes from `from` on (none when it is shorter); undefined when it is gone. */
async function readFrom(path: string, from: number): Promise<{ size: number; bytes: Buffer } | undefined> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    if (isNotFound(error)) return undefined
    throw error
  })
  if (!handle) return undefined
  try {
    const { size } = await handle.stat()
    if (size <= from) return { size, bytes: Buffer.alloc(0) }
    const buffer = Buffer.alloc(size - from)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from)
    return { size, bytes: buffer.subarray(0, bytesRead) }
  } finally {
    await handle.close()
  }
}

export function createSegmentIndex(dir: string): SegmentIndex {
  const state: SegmentIndex = {
    segments: [],
    index: [],
    async sync() {
      const present = (await readdir(dir))
        .map((name) => segmentPattern.exec(name)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number)
        .sort((a, b) => a - b)
      const known = new Set(present)
      for (const segment of state.segments.filter((s) => !known.has(s.n))) state.drop(segment.n)
      let unordered = false
      for (const n of present) {
        let segment = state.segments.find((s) => s.n === n)
        if (!segment) {
          segment = { n, bytes: 0, entries: 0, tail: 0 }
          state.segments.push(segment)
          state.segments.sort((a, b) => a.n - b.n)
        }
        let read = await readFrom(join(dir, segmentName(n)), segment.bytes)
        if (read && read.size < segment.bytes) {
          // Shorter than what was indexed: cleared and started again by another process.
          state.reset(n)
          read = await readFrom(join(dir, segmentName(n)), 0)
        }
        if (read === undefined) {
          state.drop(n)
          continue
        }
        const { bytes } = read
        const last = bytes.lastIndexOf(10)
        segment.tail = bytes.length - (last + 1)
        let offset = 0
        while (offset <= last) {
          const end = bytes.indexOf(10, offset)
          try {
            const entry = JSON.parse(bytes.subarray(offset, end).toString('utf8')) as HistoryEntry
            const previous = state.index[state.index.length - 1]
            if (previous && previous.id > entry.id) unordered = true
            state.index.push({
              id: entry.id,
              text: searchText(entry),
              segment: n,
              offset: segment.bytes + offset,
              length: end - offset,
            })
            segment.entries++
          } catch {
            // A line torn by a crash (and closed by the next append's newline) is skipped; the rest still reads.
          }
          offset = end + 1
        }
        segment.bytes += last + 1
      }
      // Two processes appending to one segment interleave; pages walk the index newest first.
      if (unordered) state.index.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    },
    reset(n) {
      state.index = state.index.filter((item) => item.segment !== n)
      const segment = state.segments.find((s) => s.n === n)
      if (segment) Object.assign(segment, { bytes: 0, entries: 0, tail: 0 })
    },
    drop(n) {
      state.index = state.index.filter((item) => item.segment !== n)
      state.segments = state.segments.filter((s) => s.n !== n)
    },
  }
  return state
}
