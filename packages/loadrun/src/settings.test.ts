import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { runBenchmark } from './run.js'
import { checkSettings } from './settings.js'
import type { RunSettings } from './types.js'

describe('run settings', () => {
  it.each<[RunSettings, string]>([
    [
      { mode: 'closed', calls: 10, concurrency: 0 },
      'concurrency must be a whole number of calls at once from 1 to 1,000, not 0',
    ],
    [{ mode: 'closed', calls: 10, concurrency: 1001 }, 'not 1001'],
    [{ mode: 'closed', concurrency: 1 }, 'either a number of calls or a duration'],
    [{ mode: 'closed', calls: 10, durationS: 1, concurrency: 1 }, 'either a number of calls or a duration'],
    [{ mode: 'closed', calls: 1.5, concurrency: 1 }, 'calls must be a whole number'],
    [{ mode: 'open', rate: 0, durationS: 1, concurrency: 1 }, 'rate must be a number of calls per second'],
    [{ mode: 'open', rate: 10, durationS: Number.NaN, concurrency: 1 }, 'durationS must be a number of seconds'],
    // The warm-up of an open loop runs at its rate: 7,200 calls at 0.01/s would take 8 days.
    [
      { mode: 'open', rate: 0.01, durationS: 10, concurrency: 1, warmup: 7200 },
      'warmup 7200 at rate 0.01/s would warm up for 720,000 s, longer than a run may last (86,400 s).',
    ],
  ])('refuses %j before making any call', async (settings, message) => {
    let calls = 0
    const call = (): Promise<{ ok: boolean; status: number }> => {
      calls += 1
      return Promise.resolve({ ok: true, status: 200 })
    }
    const run = runBenchmark({ call, settings })
    await expect(run).rejects.toThrow(message)
    await expect(run).rejects.toBeInstanceOf(WorkbenchError)
    expect(calls).toBe(0)
  })

  it("names a setting as its caller does, with rounded bounds, the caller's caps and a hint", () => {
    const refusal = (settings: RunSettings): WorkbenchError => {
      try {
        checkSettings(settings, {
          field: (name) => `settings.${name}`,
          caps: { rate: 20_000, concurrency: 500, durationS: 3600 },
        })
      } catch (error) {
        if (error instanceof WorkbenchError) return error
      }
      throw new Error('not refused')
    }
    const rate = refusal({ mode: 'open', rate: -5, durationS: 1, concurrency: 1 })
    expect(rate.message).toBe('settings.rate must be a number of calls per second from 0.00028 to 20,000, not -5.')
    expect(rate.hint).toBe('Set settings.rate to a number of calls per second from 0.00028 to 20,000.')
    const warmup = refusal({ mode: 'open', rate: 1, durationS: 10, concurrency: 1, warmup: 7200 })
    expect(warmup.message).toBe(
      'settings.warmup 7200 at settings.rate 1/s would warm up for 7,200 s, longer than a run may last (3,600 s).',
    )
    expect(warmup.hint).toBe('Ask for at most 3,600 warm-up calls at this rate.')
    expect(refusal({ mode: 'closed', calls: 1, concurrency: 501 }).message).toBe(
      'settings.concurrency must be a whole number of calls at once from 1 to 500, not 501.',
    )
  })
})
