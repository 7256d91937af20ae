import { describe, expect, it } from 'vitest'
import { createLatencyHistogram, recordLatency, summarise } from './histogram.js'

describe('the latency summary', () => {
  it('never puts the mean outside min and max, even for one call', () => {
    for (const ms of [242.044, 0.0013, 1.5, 59_999.9, 13.377]) {
      const histogram = createLatencyHistogram()
      recordLatency(histogram, ms)
      const summary = summarise(histogram)
      expect(summary.mean, `${ms} ms`).toBeGreaterThanOrEqual(summary.min)
      expect(summary.mean, `${ms} ms`).toBeLessThanOrEqual(summary.max)
    }
  })

  it('keeps the figures in order over many calls', () => {
    const histogram = createLatencyHistogram()
    for (let i = 1; i <= 1000; i += 1) recordLatency(histogram, i / 10)
    const { min, mean, p50, p99, p999, max } = summarise(histogram)
    expect(min).toBeLessThanOrEqual(mean)
    expect(mean).toBeCloseTo(50.05, 0)
    expect(p50).toBeLessThanOrEqual(p99)
    expect(p999).toBeLessThanOrEqual(max)
  })
})
