/** Text shown for live log entries: one-line previews (cached, only computed for rows on screen) and clock times. */
import { base64ByteLength, formatBytes } from '../../components/format.js'
import type { LiveEntry } from '../../state/live-store.js'

const PREVIEW_CHARS = 240
const previews = new WeakMap<LiveEntry, string>()

function oneLine(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? typeof value
  } catch {
    // BigInt or a cycle: nothing a server frame carries, but the log must not throw.
    return `(${typeof value})`
  }
}

/** A single line of at most a few hundred characters (long messages are cut with an ellipsis). */
export function previewOf(entry: LiveEntry): string {
  let text = previews.get(entry)
  if (text !== undefined) return text
  if (entry.kind === 'headers' || entry.kind === 'trailers') {
    const pairs = Object.entries(entry.data as Record<string, string>)
    text = pairs.length ? pairs.map(([k, v]) => `${k}: ${v}`).join('  ·  ') : `no ${entry.kind}`
  } else if (entry.direction === 'in' && entry.binary !== undefined) {
    text = `binary · ${formatBytes(base64ByteLength(entry.binary))}`
  } else {
    text = oneLine(entry.data).replace(/\s+/g, ' ')
  }
  if (text.length > PREVIEW_CHARS) text = `${text.slice(0, PREVIEW_CHARS)}…`
  previews.set(entry, text)
  return text
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** Local wall-clock time with milliseconds (`14:03:07.412`). */
export function formatClock(epochMs: number): string {
  if (epochMs === lastClock.at) return lastClock.text
  const d = new Date(epochMs)
  const text = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  lastClock.at = epochMs
  lastClock.text = text
  return text
}

// Frames of one batch share their receive time: remember the last one formatted.
const lastClock = { at: Number.NaN, text: '' }

/** Elapsed time as `m:ss.t` (or `h:mm:ss` past an hour). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, ms)
  const hours = Math.floor(total / 3_600_000)
  const minutes = Math.floor((total % 3_600_000) / 60_000)
  const seconds = Math.floor((total % 60_000) / 1000)
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`
  return `${minutes}:${pad(seconds)}.${Math.floor((total % 1000) / 100)}`
}

export function formatRate(perSecond: number): string {
  if (perSecond >= 10_000) return `${Math.round(perSecond / 1000)}k/s`
  if (perSecond >= 100) return `${Math.round(perSecond).toLocaleString()}/s`
  return `${perSecond.toFixed(perSecond >= 10 ? 0 : 1)}/s`
}
