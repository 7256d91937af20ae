/** Reads a feed request's options from its query string, POST body and `Last-Event-ID`, within the demo's bounds. */
import { feedStations } from './feed.js'

export const sseLimits = {
  maxStreams: 100,
  maxBodyBytes: 16 * 1024,
  minIntervalMs: 10,
  maxIntervalMs: 60_000,
  maxCount: 100_000,
  maxStations: 32,
  /** Sent as `retry` on each connection's first event: how long a client waits before reconnecting. */
  retryMs: 2000,
  minRetryMs: 100,
  maxRetryMs: 60_000,
}

export interface FeedOptions {
  /** Sequence number of the first event to send (1, or one past `Last-Event-ID`). */
  start: number
  /** Last sequence number of the feed; endless when absent. */
  count?: number
  intervalMs: number
  /** The `retry` of each connection's first event. */
  retryMs: number
  /** Drop the connection after this many events on it, so that clients can show reconnection. */
  dropAfter?: number
  stations: readonly string[]
}

export class FeedRequestError extends Error {}

function integer(name: string, value: unknown, min: number, max: number): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new FeedRequestError(`${name} must be an integer from ${min} to ${max}.`)
  }
  return number
}

function stationList(value: unknown): readonly string[] {
  if (value === undefined) return feedStations
  const ok = Array.isArray(value) && value.length > 0 && value.length <= sseLimits.maxStations
  if (!ok || !value.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 64)) {
    throw new FeedRequestError(`stations must be a list of 1 to ${sseLimits.maxStations} names.`)
  }
  return value as string[]
}

/** `body` is the parsed POST body (an object) or undefined for GET; its fields win over the query string's. */
export function feedOptions(url: URL, lastEventId: string | undefined, body?: Record<string, unknown>): FeedOptions {
  const param = (name: string): unknown => body?.[name] ?? url.searchParams.get(name) ?? undefined
  const resumeFrom = lastEventId ?? url.searchParams.get('lastEventId') ?? undefined
  const last = resumeFrom === undefined ? 0 : integer('Last-Event-ID', resumeFrom, 0, Number.MAX_SAFE_INTEGER)
  const count = integer('count', param('count'), 1, sseLimits.maxCount)
  const dropAfter = integer('dropAfter', param('dropAfter'), 1, sseLimits.maxCount)
  const intervalMs = integer('interval', param('interval'), sseLimits.minIntervalMs, sseLimits.maxIntervalMs) ?? 1000
  const retryMs = integer('retry', param('retry'), sseLimits.minRetryMs, sseLimits.maxRetryMs) ?? sseLimits.retryMs
  const queryStations = url.searchParams.getAll('station')
  const stations = stationList(body?.['stations'] ?? (queryStations.length > 0 ? queryStations : undefined))
  return {
    start: (last ?? 0) + 1,
    intervalMs,
    retryMs,
    stations,
    ...(count === undefined ? {} : { count }),
    ...(dropAfter === undefined ? {} : { dropAfter }),
  }
}
