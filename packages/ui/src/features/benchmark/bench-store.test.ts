import { afterEach, describe, expect, it } from 'vitest'
import type { BenchRunSummary, BenchSecond, BenchStatus } from '@wirebench/core'
import { announceBenchMessage } from '../../state/bench-signal.js'
import type { BenchClient } from './bench-client.js'
import { createBenchStore, type BenchRun, type BenchStore } from './bench-store.js'

const second = (n: number): BenchSecond => ({
  second: n,
  calls: 10,
  errors: 0,
  throughput: 10,
  p50: 1,
  p90: 2,
  p99: 3,
  inFlight: 1,
  errorsByStatus: {},
})

/** A server that accepts one run and answers `running` with no seconds, so only the live socket's messages move it. */
function quietServer(): BenchClient {
  const status: BenchStatus = {
    run: 'r1',
    state: 'running',
    target: { protocol: 'rest', url: 'u', service: 's', method: 'm' },
    settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    startedAt: 0,
    timeline: [],
  }
  return {
    start: () => Promise.resolve({ run: 'r1' }),
    stop: () => Promise.resolve(status),
    status: () => Promise.resolve(status),
    list: () => Promise.resolve({ runs: [] }),
    exportRun: () => Promise.reject(new Error('not used')),
    saved: () => Promise.resolve({ benchmarks: [], problems: [] }),
    save: () => Promise.reject(new Error('not used')),
    exportSaved: () => Promise.reject(new Error('not used')),
    deleteSaved: () => Promise.reject(new Error('not used')),
  }
}

describe('the page’s benchmark runs', () => {
  let store: BenchStore | undefined
  afterEach(() => store?.getState().dispose())

  it('follows a run by the live socket’s bench.progress and bench.ended, seconds in order and never twice', async () => {
    store = createBenchStore(quietServer())
    await store.getState().start('key', {
      call: { protocol: 'rest', url: 'u', service: 's', method: 'm', messages: [{}] },
      settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    })
    announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(2) })
    announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(1) })
    announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(2) })
    // Another page's run is not this page's.
    announceBenchMessage({ op: 'bench.progress', run: 'other', progress: second(1) })
    expect(store.getState().runs['r1']?.timeline.map((s) => s.second)).toEqual([1, 2])
    expect(store.getState().runs['other']).toBeUndefined()

    const latency = { min: 1, mean: 1, p50: 1, p75: 1, p90: 2, p95: 2, p99: 3, p999: 3, max: 3 }
    announceBenchMessage({
      op: 'bench.ended',
      run: 'r1',
      status: {
        run: 'r1',
        state: 'stopped',
        target: { protocol: 'rest', url: 'u', service: 's', method: 'm' },
        settings: { mode: 'closed', durationS: 5, concurrency: 1 },
        startedAt: 0,
        timeline: [second(1), second(2), second(3)],
        result: {
          calls: 30,
          errors: 0,
          errorRate: 0,
          durationS: 3,
          throughput: 10,
          latencyMs: latency,
          successLatencyMs: latency,
          failureLatencyMs: latency,
          byStatus: { '200': 30 },
          timeline: [second(1), second(2), second(3)],
          stopped: true,
          settings: { mode: 'closed', durationS: 5, concurrency: 1 },
          thresholds: [],
          histogram: [{ upperMs: 1, count: 30 }],
        },
      },
    })
    const run = store.getState().runs['r1']
    expect(run?.state).toBe('stopped')
    expect(run?.result?.calls).toBe(30)
    expect(run?.timeline.map((s) => s.second)).toEqual([1, 2, 3])
  })

  const target = { protocol: 'rest', url: 'u', service: 's', method: 'm' }
  const savedOne = (id: string, label: string): BenchRun => ({
    id: `saved:${id}`,
    methodKey: 'key',
    protocol: 'rest',
    label: `${label} · saved 26/11/2026, 10:00`,
    state: 'finished',
    settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    startedAt: 0,
    timeline: [],
    isInServer: false,
    savedId: id,
  })

  it('numbers a run started after saved runs past the highest saved number', async () => {
    store = createBenchStore(quietServer())
    store.getState().addSaved('key', [savedOne('a', 'Run 1'), savedOne('b', 'Run 3')])
    await store.getState().start('key', {
      call: { ...target, messages: [{}] },
      settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    })
    expect(store.getState().runs['r1']?.label).toBe('Run 4')
  })

  it('renumbers a run adopted after a reload when the saved runs read back later carry its number', async () => {
    const server = quietServer()
    server.list = () =>
      Promise.resolve({
        runs: [{ run: 'r1', state: 'running', target, startedAt: 0 } as BenchRunSummary],
      })
    store = createBenchStore(server)
    await store.getState().adopt('key', target)
    expect(store.getState().runs['r1']?.label).toBe('Run 1')
    store.getState().addSaved('key', [savedOne('a', 'Run 1')])
    const labels = (store.getState().order['key'] ?? []).map((id) => store!.getState().runs[id]?.label)
    expect(labels).toEqual(['Run 1 · saved 26/11/2026, 10:00', 'Run 2'])
  })
})
