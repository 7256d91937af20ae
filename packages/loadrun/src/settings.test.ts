import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { runBenchmark } from './run.js'
import type { RunSettings } from './types.js'

describe('run settings', () => {
  it.each<[RunSettings, string]>([
    [{ mode: 'closed', calls: 10, concurrency: 0 }, 'concurrency must be a whole number from 1 to 1000, not 0'],
    [{ mode: 'closed', calls: 10, concurrency: 1001 }, 'not 1001'],
    [{ mode: 'closed', concurrency: 1 }, 'either a number of calls or a duration'],
    [{ mode: 'closed', calls: 10, durationS: 1, concurrency: 1 }, 'either a number of calls or a duration'],
    [{ mode: 'closed', calls: 1.5, concurrency: 1 }, 'calls must be a whole number'],
    [{ mode: 'open', rate: 0, durationS: 1, concurrency: 1 }, 'rate must be a number of calls per second'],
    [{ mode: 'open', rate: 10, durationS: Number.NaN, concurrency: 1 }, 'durationS must be a number of seconds'],
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
})
