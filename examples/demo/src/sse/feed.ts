/** The station feed's events: sequence-numbered, named by kind, JSON data (a plain-text checkpoint every tenth). */

export interface FeedEvent {
  id: string
  /** Absent for the unnamed events a browser's EventSource delivers as `message`. */
  event?: string
  data: string
  retry?: number
}

/** The telemetry demo's stations, so the feeds read like the gRPC service's readings. */
export const feedStations = ['st-harbor', 'st-ridge', 'st-airport', 'st-valley'] as const

const statuses = ['online', 'degraded', 'online', 'offline'] as const

/** Deterministic per sequence number, so that a resumed stream carries on exactly where the dropped one stopped. */
export function feedEvent(seq: number, stations: readonly string[] = feedStations): FeedEvent {
  const station = stations[seq % stations.length] ?? feedStations[0]
  const id = String(seq)
  if (seq % 10 === 0) {
    // Multi-line text on purpose: SSE joins data lines with a newline, and not every event is JSON.
    return { id, data: `Checkpoint ${seq}\n${stations.length} stations reporting` }
  }
  if (seq % 5 === 0) {
    const data = { seq, station, status: statuses[(seq / 5) % statuses.length] }
    return { id, event: 'status', data: JSON.stringify(data) }
  }
  const data = {
    seq,
    station,
    temperatureC: Math.round((8 + ((seq * 37) % 160) / 10) * 10) / 10,
    humidityPct: 40 + ((seq * 13) % 50),
    at: new Date().toISOString(),
  }
  return { id, event: 'reading', data: JSON.stringify(data) }
}

/** The wire form of one event, fields in the order the SSE specification lists them. */
export function formatEvent(event: FeedEvent): string {
  let text = `id: ${event.id}\n`
  if (event.event !== undefined) text += `event: ${event.event}\n`
  if (event.retry !== undefined) text += `retry: ${event.retry}\n`
  for (const line of event.data.split('\n')) text += `data: ${line}\n`
  return `${text}\n`
}
