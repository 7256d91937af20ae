import { describe, expect, it } from 'vitest'
import type { SecondProgress } from '@wirebench/loadrun'
import { createProgressPrinter, progressLine } from './bench-progress.js'

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

describe('the bench progress printer', () => {
  it('keeps the last whole second’s figures when the run ends with a sliver of drained calls', () => {
    let text = ''
    const printer = createProgressPrinter(
      { out: () => undefined, err: (chunk) => (text += chunk) },
      {
        mode: 'closed',
        durationS: 2,
        concurrency: 2,
      },
    )
    printer.onProgress({ ...second(1, 500), lengthS: 1 })
    printer.onProgress({ ...second(2, 520), lengthS: 1 })
    // 2 calls in 3 ms would read as 667 calls/s.
    printer.onProgress({ ...second(3, 2), throughput: 667, p99: 90, lengthS: 0.003 })
    printer.end()
    const last = text.split('\r').at(-1) ?? ''
    expect(last).toContain('100 %')
    expect(last).toContain('520 calls/s')
    expect(last).not.toContain('667')
  })
})
