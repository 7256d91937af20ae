/**
 * The benchmark's numbers against targets whose behaviour is known, through the whole path a user takes
 * (`wirebench bench` → discovery → the REST plugin's invoke → the load runner): a fixed 10 ms delay, a one-off 1 s
 * stall under open and closed loop, a target failing every 10th call, and the threshold exit codes with `--json`.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../servers/cli/run-cli.js'

interface BenchJson {
  calls: number
  errors: number
  durationS: number
  throughput: number
  latencyMs: Record<string, number>
  successLatencyMs?: Record<string, number>
  failureLatencyMs?: Record<string, number>
  byStatus: Record<string, number>
  rate?: { requested: number; achieved: number; met: boolean }
  thresholds: { expr: string; ok: boolean }[]
}

function openApi(origin: string): Record<string, unknown> {
  const get = (operationId: string) => ({
    get: { tags: ['load'], operationId, responses: { '200': { description: 'ok' } } },
  })
  return {
    openapi: '3.0.3',
    info: { title: 'Known targets', version: '1.0.0' },
    servers: [{ url: origin }],
    paths: {
      '/fixed-10ms': get('fixed'),
      '/instant': get('instant'),
      '/stall': get('stall'),
      '/every-10th-fails': get('flaky'),
    },
  }
}

/** Answers at `deadline` within a fraction of a millisecond: a timer gets close, a short setImmediate spin finishes. */
function replyAt(deadline: number, reply: () => void): void {
  const spin = (): void => {
    if (performance.now() >= deadline) reply()
    else setImmediate(spin)
  }
  setTimeout(spin, Math.max(0, deadline - performance.now() - 2))
}

let target: Server
let origin = ''
let dir = ''
let flaky = 0
/** The stall to come: it starts `afterMs` after the first /stall request that follows arming, and lasts `lengthMs`. */
let armed: { afterMs: number; lengthMs: number } | undefined
let stall = { from: Infinity, to: Infinity }
const seen = { stall: 0 }

beforeAll(async () => {
  target = createServer((request: IncomingMessage, response: ServerResponse) => {
    const arrived = performance.now()
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const reply = (status: number): void => void response.writeHead(status).end('{"ok":true}')
    if (path === '/openapi.json') return void response.end(JSON.stringify(openApi(origin)))
    if (path === '/fixed-10ms') return replyAt(arrived + 10, () => reply(200))
    // The same call answered at once: what the call path itself costs, which a 10 ms answer adds 10 ms to.
    if (path === '/instant') return reply(200)
    if (path === '/stall') {
      seen.stall += 1
      if (armed) {
        stall = { from: arrived + armed.afterMs, to: arrived + armed.afterMs + armed.lengthMs }
        armed = undefined
      }
      // The whole server stalls (a GC pause, a blocked loop): what arrives meanwhile is answered at its end. Otherwise
      // 4 ms, so that one closed-loop caller makes about the open loop's 200 calls a second.
      if (arrived >= stall.from && arrived < stall.to) return void setTimeout(() => reply(200), stall.to - arrived)
      return void setTimeout(() => reply(200), 4)
    }
    // A failure answers at once, a success after 30 ms (never sooner: replyAt): the blend flatters the successes.
    if (path === '/every-10th-fails') {
      if ((flaky += 1) % 10 === 0) return reply(500)
      return replyAt(arrived + 30, () => reply(200))
    }
    reply(404)
  })
  target.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  dir = await mkdtemp(join(tmpdir(), 'wb-bench-known-'))
})
afterAll(async () => {
  target.closeAllConnections()
  await new Promise((resolve) => target.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

async function bench(args: string[]): Promise<{ code: number; result: BenchJson; raw: Record<string, unknown> }> {
  const { code, out, err } = await runCli([
    'bench',
    '--url',
    `${origin}/openapi.json`,
    ...args,
    '--json',
    '--config-dir',
    dir,
  ])
  expect(out, err).not.toBe('')
  const raw = JSON.parse(out) as Record<string, unknown>
  return { code, result: raw as unknown as BenchJson, raw }
}

describe('benchmark figures against known targets', () => {
  // The figures are times: on a CI machine whose cores are all busy a run can lose a millisecond to scheduling, so the
  // timing tests get two more tries (a broken runner is off in every try).
  it('measures a fixed 10 ms delay at concurrency 1 with p50 within 10 % of 10 ms', { retry: 2 }, async () => {
    // The target's 10 ms come on top of what the call path costs on this machine (discovery's REST plugin, HTTP on
    // loopback: about 1 ms here, more on a busy CI machine): measured the same way, answered at once, and taken off.
    const transport = (await bench(['load/instant', '-n', '100', '-c', '1', '--warmup', '10'])).result
    const { code, result } = await bench(['load/fixed', '-n', '100', '-c', '1', '--warmup', '10'])
    expect(code).toBe(0)
    expect(result.calls).toBe(100)
    expect(result.byStatus).toEqual({ '200': 100 })
    const [p50, atOnce] = [result.latencyMs.p50 ?? Number.NaN, transport.latencyMs.p50 ?? Number.NaN]
    expect(p50 - atOnce, `p50 ${p50} ms, at once ${atOnce} ms`).toBeGreaterThanOrEqual(9)
    expect(p50 - atOnce, `p50 ${p50} ms, at once ${atOnce} ms`).toBeLessThanOrEqual(11)
    expect(result.latencyMs.p50).toBeLessThanOrEqual(10 + 3)
    expect(result.latencyMs.min).toBeGreaterThanOrEqual(10)
    // One call at a time: about 100 a second, never more.
    expect(result.throughput).toBeLessThan(101)
  })

  it(
    'shows a one-second stall in the open-loop p99 at 200/s, while one closed-loop caller at a similar rate hides it',
    { retry: 2, timeout: 20_000 },
    async () => {
      armed = { afterMs: 1000, lengthMs: 1000 }
      // At most 5 calls in flight: were latency counted from the real start, only the 5 calls caught in the stall would
      // be slow, fewer than the 1 % of ~800 that p99 looks at. Five callers clear the backlog in the last two seconds.
      const open = (await bench(['load/stall', '--rate', '200', '--duration', '4', '-c', '5'])).result
      // Calls due during the stall waited up to 1 s behind it: counted from their scheduled start, a quarter of the run
      // is late by 0–1,000 ms, so p99 lands near the end of the stall. The other seconds are on time but for the backlog's
      // catch-up: p50 stays far below the stall (loose, for a loaded CI machine).
      expect(open.calls).toBeGreaterThan(750)
      expect(open.errors).toBe(0)
      expect(open.rate).toMatchObject({ requested: 200, met: true })
      expect(open.latencyMs.p99).toBeGreaterThan(800)
      expect(open.latencyMs.p50).toBeLessThan(200)

      armed = { afterMs: 1000, lengthMs: 1000 }
      const closed = (await bench(['load/stall', '--duration', '4', '-c', '1'])).result
      // The one caller waits out the stall in a single call and makes no others meanwhile: the stall is one sample.
      expect(closed.latencyMs.max).toBeGreaterThan(900)
      expect(closed.latencyMs.p99).toBeLessThan(200)
      expect(closed.throughput).toBeGreaterThan(50)
      expect(closed.throughput).toBeLessThan(300)
    },
  )

  it('counts the errors of a target failing every 10th call exactly, by HTTP status', async () => {
    flaky = 0
    const { code, result } = await bench(['load/flaky', '-n', '300', '-c', '3'])
    expect(code).toBe(0)
    expect(result.calls).toBe(300)
    expect(result.errors).toBe(30)
    expect(result.byStatus).toEqual({ '200': 270, '500': 30 })
  })

  it('shows the latencies of successes and fast failures apart, in --json and in the table', async () => {
    flaky = 0
    const { result } = await bench(['load/flaky', '-n', '100', '-c', '2'])
    expect(result.errors).toBe(10)
    // The successes waited 30 ms; the failures answered at once (a busy machine may delay a few, so their middle is
    // compared, with room to spare).
    expect(result.successLatencyMs?.min).toBeGreaterThanOrEqual(30)
    expect(result.failureLatencyMs?.p50).toBeLessThan(15)
    expect(result.latencyMs.min).toBe(result.failureLatencyMs?.min)
    // A run without failures keeps one set of figures.
    expect((await bench(['load/fixed', '-n', '5'])).raw).not.toHaveProperty('successLatencyMs')

    flaky = 0
    const table = await runCli([
      'bench',
      '--url',
      `${origin}/openapi.json`,
      'load/flaky',
      '-n',
      '50',
      '--config-dir',
      dir,
    ])
    expect(table.out).toMatch(/^latency \(ms\) {2}min [\d.]+ .*\n {2}ok {10}min [\d.]+ .*\n {2}failed {6}min [\d.]+ /m)
  })

  it('exits 0 when every threshold passes and 1 when one fails, with the --json object the issue names', async () => {
    const thresholds = ['--threshold', 'p50 < 50ms', '--threshold', 'error-rate < 0.2', '--threshold', 'throughput > 1']
    const pass = await bench(['load/fixed', '-n', '20', ...thresholds])
    expect(pass.code).toBe(0)
    expect(pass.result.thresholds.map(({ expr, ok }) => ({ expr, ok }))).toEqual([
      { expr: 'p50 < 50ms', ok: true },
      { expr: 'error-rate < 0.2', ok: true },
      { expr: 'throughput > 1', ok: true },
    ])
    // `{calls, errors, durationS, throughput, latencyMs: {min, mean, p50, p75, p90, p95, p99, p999, max},
    // thresholds: [{expr, ok}]}`: every named field there with its type (more may follow).
    expect(pass.raw).toMatchObject({
      calls: 20,
      errors: 0,
      durationS: expect.any(Number) as number,
      throughput: expect.any(Number) as number,
    })
    expect(Object.keys(pass.result.latencyMs)).toEqual([
      'min',
      'mean',
      'p50',
      'p75',
      'p90',
      'p95',
      'p99',
      'p999',
      'max',
    ])
    expect(Object.values(pass.result.latencyMs).every((value) => typeof value === 'number' && value > 0)).toBe(true)

    // A 10 ms target cannot have a p50 under 5 ms: that one threshold fails, and only it.
    const fail = await bench(['load/fixed', '-n', '20', ...thresholds, '--threshold', 'p50 < 5ms'])
    expect(fail.code).toBe(1)
    expect(fail.result.thresholds.map(({ ok }) => ok)).toEqual([true, true, true, false])
    flaky = 0
    const errors = await bench(['load/flaky', '-n', '20', '--threshold', 'error-rate < 0.05'])
    expect(errors.code).toBe(1)
    expect(errors.result.thresholds).toMatchObject([{ expr: 'error-rate < 0.05', ok: false }])
  })
})
