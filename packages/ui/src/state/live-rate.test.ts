import { describe, expect, it } from 'vitest'
import { createRateMeter } from './live-rate.js'

describe('createRateMeter', () => {
  it('reads a steady stream as its rate per second', () => {
    const meter = createRateMeter(1000)
    // 100 messages every 16 ms for 3 s: 6,250 msg/s.
    for (let t = 0, total = 0; t <= 3000; t += 16, total += 100) meter.record(t, total)
    expect(meter.rate(2992)).toBeGreaterThan(6000)
    expect(meter.rate(2992)).toBeLessThan(6500)
  })

  it('falls to zero once messages stop arriving', () => {
    const meter = createRateMeter(1000)
    for (let t = 0; t <= 1000; t += 100) meter.record(t, t)
    expect(meter.rate(1000)).toBeGreaterThan(900)
    expect(meter.rate(2500)).toBe(0)
  })

  it('reads zero before anything arrived', () => {
    expect(createRateMeter().rate(123)).toBe(0)
  })
})
