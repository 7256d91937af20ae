import { describe, expect, it } from 'vitest'
import { changeBenchForm, defaultBenchForm, describeSettings, readBenchForm } from './bench-settings.js'

describe('reading the benchmark settings form', () => {
  it('reads a duration run, a call-count run and a rate (open loop) with thresholds a line each', () => {
    expect(readBenchForm({ ...defaultBenchForm, thresholds: ' p95 < 200ms \n\nerror-rate < 0.01' })).toEqual({
      ok: true,
      settings: { mode: 'closed', durationS: 10, concurrency: 4 },
      thresholds: ['p95 < 200ms', 'error-rate < 0.01'],
    })
    const calls = readBenchForm({ ...defaultBenchForm, stopAfter: 'calls', calls: '500', warmup: '20' })
    expect(calls).toMatchObject({ settings: { mode: 'closed', calls: 500, concurrency: 4, warmup: 20 } })
    const open = readBenchForm({ ...defaultBenchForm, rate: '250', durationS: '5' })
    expect(open).toMatchObject({ settings: { mode: 'open', rate: 250, durationS: 5, concurrency: 4 } })
  })

  it('names the field that is wrong and what to write', () => {
    expect(readBenchForm({ ...defaultBenchForm, concurrency: '0' })).toMatchObject({ ok: false, field: 'concurrency' })
    expect(readBenchForm({ ...defaultBenchForm, concurrency: '2.5' })).toMatchObject({
      ok: false,
      field: 'concurrency',
    })
    expect(readBenchForm({ ...defaultBenchForm, durationS: 'ten' })).toMatchObject({
      ok: false,
      field: 'durationS',
      problem: expect.stringContaining('e.g. 10') as string,
    })
    expect(readBenchForm({ ...defaultBenchForm, rate: '-3' })).toMatchObject({ ok: false, field: 'rate' })
    // Above the runner's limit: refused in the form, with the range, before the server is asked.
    expect(readBenchForm({ ...defaultBenchForm, concurrency: '100000' })).toMatchObject({
      ok: false,
      field: 'concurrency',
      problem: 'Concurrency must be a whole number from 1 to 1000, e.g. 4.',
    })
    // A rate needs a duration: a fixed number of calls at a rate is not a mode of the runner.
    expect(readBenchForm({ ...defaultBenchForm, rate: '100', stopAfter: 'calls' })).toMatchObject({
      ok: false,
      field: 'durationS',
    })
  })

  it('describes a run’s load in a few words', () => {
    expect(describeSettings({ mode: 'closed', durationS: 5, concurrency: 2 })).toBe('5 s · c=2')
    expect(describeSettings({ mode: 'closed', calls: 200, concurrency: 8 })).toBe('200 calls · c=8')
    expect(describeSettings({ mode: 'open', rate: 100, durationS: 10, concurrency: 50 })).toBe(
      '10 s at 100/s · ≤50 in flight',
    )
  })
})

describe('changing the benchmark settings form', () => {
  it('gives a rate the open loop’s in-flight default when the field holds the closed loop’s, and takes it back', () => {
    const open = changeBenchForm(defaultBenchForm, 'rate', '1000')
    expect(open.concurrency).toBe('100')
    expect(changeBenchForm(open, 'rate', '').concurrency).toBe(defaultBenchForm.concurrency)
    // A number the user typed is theirs: kept either way.
    const typed = changeBenchForm({ ...defaultBenchForm, concurrency: '12' }, 'rate', '50')
    expect(typed.concurrency).toBe('12')
    expect(changeBenchForm({ ...open, concurrency: '30' }, 'rate', '').concurrency).toBe('30')
    // Changing the rate of an open loop leaves the field alone.
    expect(changeBenchForm({ ...open, concurrency: '4' }, 'rate', '200').concurrency).toBe('4')
  })
})
