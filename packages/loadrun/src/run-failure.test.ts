import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { isRequestRefusal } from './request-refusal.js'
import { runBenchmark } from './run.js'

/** A call whose request cannot be made from call `from` on (the plugin refuses it before anything is sent). */
function refusedFrom(from: number): { call: () => Promise<{ ok: boolean; status: number }>; made: () => number } {
  let made = 0
  return {
    call: async () => {
      made += 1
      await new Promise((resolve) => setImmediate(resolve))
      if (made >= from) throw new WorkbenchError('invalid_request', 'Field bookId is required.')
      return { ok: true, status: 200 }
    },
    made: () => made,
  }
}

describe('a run whose calls cannot be made', () => {
  it('ends at the first refusal and rejects with it, making no further calls', async () => {
    const target = refusedFrom(30)
    const run = runBenchmark({
      call: target.call,
      settings: { mode: 'closed', calls: 10_000, concurrency: 4 },
      isRunFailure: isRequestRefusal,
    })
    await expect(run).rejects.toThrow('Field bookId is required.')
    // The refusal and the calls already in flight beside it: nothing started after.
    expect(target.made()).toBeLessThanOrEqual(30 + 4)
  })

  it('ends in the warm-up too, before anything is measured', async () => {
    const target = refusedFrom(1)
    const run = runBenchmark({
      call: target.call,
      settings: { mode: 'open', rate: 1000, durationS: 5, concurrency: 8, warmup: 100 },
      isRunFailure: isRequestRefusal,
    })
    await expect(run).rejects.toMatchObject({ code: 'invalid_request' })
    expect(target.made()).toBeLessThanOrEqual(8)
  })

  it("counts the target's own failures and other thrown errors as results", async () => {
    let made = 0
    const result = await runBenchmark({
      call: () => {
        made += 1
        return made % 2 === 0
          ? Promise.reject(new WorkbenchError('upstream_unreachable', 'Connection refused.'))
          : Promise.resolve({ ok: false, status: 503 })
      },
      settings: { mode: 'closed', calls: 40, concurrency: 2 },
      isRunFailure: isRequestRefusal,
    })
    expect(result.calls).toBe(40)
    expect(result.byStatus).toEqual({ '503': 20, upstream_unreachable: 20 })
  })
})
