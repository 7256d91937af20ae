import { describe, expect, it } from 'vitest'
import type { SecondProgress } from '@wirebench/loadrun'
import { progressLine } from './bench-progress.js'

const second = (n: number, calls: number): SecondProgress => ({
  second: n,
  calls,
  errors: 0,
  throughput: calls,
  p50: 1.5,
  p90: 2,
  p99: 3,
  inFlight: 4,
  errorsByStatus: {},
})

describe('the bench progress line', () => {
  it('shows a bar of the time gone and the seconds left for a run with a duration', () => {
    const line = progressLine(second(3, 500), { mode: 'closed', durationS: 10, concurrency: 4 }, 1500)
    expect(line).toMatch(/^\[######--------------\] {2}30 % {2}7 s left {2}500 calls\/s {2}p50 1\.5 ms/)
  })

  it('shows the calls made of those asked for a run that counts them', () => {
    const line = progressLine(second(2, 400), { mode: 'closed', calls: 2000, concurrency: 4 }, 1000)
    expect(line).toMatch(/^\[##########----------\] {2}50 % {2}1000\/2000 calls/)
  })
})
