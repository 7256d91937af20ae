/** StreamReadings and UploadReadings: readings generated on the fly (fast enough for throughput tests) and summed up. */
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { status } from '@grpc/grpc-js'
import type { ServerReadableStream, ServerWritableStream, sendUnaryData } from '@grpc/grpc-js'
import type { Reading, SensorStats, StreamReadingsRequest, UploadSummary } from './messages.js'
import { ReadingQuality, SensorKind, millisOf, secondsOf } from './messages.js'
import { statusError } from './rich-error.js'
import type { FieldViolation, InvalidArgument } from './rich-error.js'
import type { StationStore } from './stations.js'

export const readingLimits = { maxCount: 100_000, defaultCount: 10, maxIntervalMs: 10_000, maxUploadSensors: 1000 }

const baseline: Record<SensorKind, { mean: number; swing: number }> = {
  [SensorKind.UNSPECIFIED]: { mean: 0, swing: 1 },
  [SensorKind.TEMPERATURE]: { mean: 14, swing: 6 },
  [SensorKind.HUMIDITY]: { mean: 70, swing: 15 },
  [SensorKind.PRESSURE]: { mean: 1013, swing: 8 },
  [SensorKind.WIND_SPEED]: { mean: 6, swing: 5 },
  [SensorKind.RAINFALL]: { mean: 0.4, swing: 0.4 },
}

/** A plausible, repeatable value: a slow wave plus a little deterministic noise. */
function valueAt(kind: SensorKind, sequence: number): number {
  const { mean, swing } = baseline[kind] ?? baseline[SensorKind.UNSPECIFIED]
  const noise = (((sequence * 2_654_435_761) >>> 0) / 0xffffffff - 0.5) * swing * 0.1
  return Math.round((mean + swing * Math.sin(sequence / 20) + noise) * 100) / 100
}

function checkRequest(request: StreamReadingsRequest): FieldViolation[] {
  const violations: FieldViolation[] = []
  if (request.count > readingLimits.maxCount) {
    violations.push({ field: 'count', description: `must be at most ${readingLimits.maxCount}` })
  }
  if (request.intervalMs > readingLimits.maxIntervalMs) {
    violations.push({ field: 'interval_ms', description: `must be at most ${readingLimits.maxIntervalMs}` })
  }
  return violations
}

export interface StreamReadingsOptions {
  stations: StationStore
  invalidArgument: InvalidArgument
}

export async function streamReadings(
  call: ServerWritableStream<StreamReadingsRequest, Reading>,
  options: StreamReadingsOptions,
): Promise<void> {
  const request = call.request
  const violations = checkRequest(request)
  if (violations.length > 0) {
    call.emit(
      'error',
      options.invalidArgument({ message: 'The stream request is out of range.', reason: 'OUT_OF_RANGE', violations }),
    )
    return
  }
  const station = options.stations.get(request.stationId)
  if (!station) {
    call.emit('error', statusError(status.NOT_FOUND, `No station "${request.stationId}"; try st-harbor.`))
    return
  }
  const sensors = station.sensors.filter((s) => request.kinds.length === 0 || request.kinds.includes(s.kind))
  if (sensors.length === 0) {
    call.emit('error', statusError(status.FAILED_PRECONDITION, `${station.id} has none of the requested sensor kinds.`))
    return
  }
  const count = request.count === 0 ? readingLimits.defaultCount : request.count
  const stop = new AbortController()
  call.once('cancelled', () => stop.abort())
  try {
    for (let i = 1; i <= count && !stop.signal.aborted; i++) {
      const sensor = sensors[(i - 1) % sensors.length]
      if (!sensor) break
      const reading: Reading = {
        stationId: station.id,
        sensorId: sensor.id,
        kind: sensor.kind,
        value: valueAt(sensor.kind, i),
        takenAt: secondsOf(Date.now()),
        sequence: BigInt(i),
        quality: i % 97 === 0 ? ReadingQuality.SUSPECT : ReadingQuality.GOOD,
      }
      // Respect flow control: a slow reader pauses the generator instead of growing the send buffer.
      if (!call.write(reading)) await once(call, 'drain', { signal: stop.signal })
      if (request.intervalMs > 0 && i < count) await sleep(request.intervalMs, undefined, { signal: stop.signal })
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error
  }
  if (!stop.signal.aborted) call.end()
}

interface Running {
  count: number
  min: number
  max: number
  sum: number
}

export function uploadReadings(call: ServerReadableStream<Reading, UploadSummary>, done: sendUnaryData<UploadSummary>) {
  const bySensor = new Map<string, Running>()
  let accepted = 0
  let rejected = 0
  let first = Infinity
  let last = -Infinity
  call.on('data', (reading: Reading) => {
    let stats = bySensor.get(reading.sensorId)
    if (reading.sensorId === '' || (!stats && bySensor.size >= readingLimits.maxUploadSensors)) {
      rejected++
      return
    }
    if (!stats) bySensor.set(reading.sensorId, (stats = { count: 0, min: Infinity, max: -Infinity, sum: 0 }))
    stats.count++
    stats.min = Math.min(stats.min, reading.value)
    stats.max = Math.max(stats.max, reading.value)
    stats.sum += reading.value
    accepted++
    if (reading.takenAt) {
      const at = millisOf(reading.takenAt)
      first = Math.min(first, at)
      last = Math.max(last, at)
    }
  })
  call.once('end', () => {
    const summary: UploadSummary = { accepted: BigInt(accepted), rejected: BigInt(rejected), bySensor: {} }
    for (const [id, { count, min, max, sum }] of bySensor) {
      const stats: SensorStats = { count: BigInt(count), min, max, mean: Math.round((sum / count) * 1000) / 1000 }
      summary.bySensor[id] = stats
    }
    if (Number.isFinite(first)) {
      summary.firstTakenAt = secondsOf(first)
      summary.lastTakenAt = secondsOf(last)
      summary.span = secondsOf(last - first)
    }
    done(null, summary)
  })
}
