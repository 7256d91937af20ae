import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BenchRunSummary, BenchSecond, BenchStatus } from '@wirebench/core'
import { announceBenchMessage } from '../../state/bench-signal.js'
import type { BenchClient } from './bench-client.js'
import { silenceMs } from './bench-follow.js'
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

  it('reads no status while the live socket delivers the seconds; reads when it falls silent, and once after a gap', async () => {
    vi.useFakeTimers()
    try {
      const server = quietServer()
      const reads = vi.fn((run: string) => quietServer().status(run))
      server.status = reads
      const connect = vi.fn()
      store = createBenchStore(server, { connect })
      await store.getState().start('key', {
        call: { ...target, messages: [{}] },
        settings: { mode: 'closed', durationS: 30, concurrency: 1 },
      })
      // Following a run opens the socket: its seconds come that way.
      expect(connect).toHaveBeenCalledTimes(1)
      for (let n = 1; n <= 10; n += 1) {
        await vi.advanceTimersByTimeAsync(1000)
        announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(n) })
      }
      expect(reads).not.toHaveBeenCalled()
      // The socket went quiet: the status is the fallback, and the socket is asked to reopen.
      await vi.advanceTimersByTimeAsync(silenceMs + 500)
      expect(reads).toHaveBeenCalledTimes(1)
      expect(connect).toHaveBeenCalledTimes(2)
      await vi.advanceTimersByTimeAsync(silenceMs + 500)
      expect(reads).toHaveBeenCalledTimes(2)
      // Back, with seconds missed meanwhile: one read fills them in, then the socket alone again.
      reads.mockClear()
      announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(15) })
      expect(reads).toHaveBeenCalledTimes(1)
      for (let n = 16; n <= 20; n += 1) {
        await vi.advanceTimersByTimeAsync(1000)
        announceBenchMessage({ op: 'bench.progress', run: 'r1', progress: second(n) })
      }
      expect(reads).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('inserts a run adopted late by when it started, so the run just started stays the newest', async () => {
    const server = quietServer()
    let listed: (value: { runs: BenchRunSummary[] }) => void = () => undefined
    server.list = () => new Promise((resolve) => (listed = resolve))
    server.status = (run) =>
      Promise.resolve({
        run,
        state: 'finished',
        target,
        settings: { mode: 'closed', durationS: 5, concurrency: 1 },
        startedAt: 1,
        timeline: [],
      })
    store = createBenchStore(server)
    const adopting = store.getState().adopt('key', target)
    const started = await store.getState().start('key', {
      call: { ...target, messages: [{}] },
      settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    })
    expect(started).toEqual({ run: 'r1' })
    listed({ runs: [{ run: 'old', state: 'finished', target, startedAt: 1 } as BenchRunSummary] })
    await adopting
    expect(store.getState().order['key']).toEqual(['old', 'r1'])
  })

  it('marks a run the server forgot as no longer there, and a saved run with its file’s key', async () => {
    store = createBenchStore(quietServer())
    await store.getState().start('key', {
      call: { ...target, messages: [{}] },
      settings: { mode: 'closed', durationS: 5, concurrency: 1 },
    })
    store.getState().markSaved('r1', 'f1', 'rest|s|m')
    store.getState().markGone('r1')
    expect(store.getState().runs['r1']).toMatchObject({ isInServer: false, savedId: 'f1', savedKey: 'rest|s|m' })
  })
})
