// Paced writing shared by the stream-relay targets: `count` messages at `perSecond` (0 = flat out), waiting for the
// transport to drain when it says so, stopping when the reader goes away.
import { setTimeout as sleep } from 'node:timers/promises'

/** A reading shaped like the demo's telemetry, numbered from 1. */
export function reading(n) {
  return {
    stationId: 'st-harbor',
    sensorId: n % 2 ? 'harbor-temp' : 'harbor-hum',
    kind: n % 2 ? 'KIND_TEMPERATURE' : 'KIND_HUMIDITY',
    value: Math.round(Math.sin(n / 20) * 1000) / 100,
    takenAt: new Date().toISOString(),
    sequence: String(n),
  }
}

/**
 * Calls `write(n)` for n = 1…count at the pace asked. `write` returns false when the transport's buffer is full;
 * `drained()` resolves when it may write again; `isGone()` tells when the reader left.
 */
export async function pace({ count, perSecond, write, drained, isGone }) {
  const started = performance.now()
  let n = 0
  while (n < count && !isGone()) {
    const due = perSecond > 0 ? Math.min(count, Math.floor(((performance.now() - started) * perSecond) / 1000)) : count
    while (n < due && !isGone()) {
      n++
      if (!write(n)) await drained()
    }
    if (perSecond > 0) await sleep(2)
  }
  return n
}
