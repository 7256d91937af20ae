/**
 * Benchmarks in the server: `POST /api/bench/start|stop|status` over a real socket against a real REST target, the
 * same invoke path as `/api/invoke` (variables fresh per call), live progress on the live WebSocket, the caps (a refused
 * start makes no call: the target's handler is a spy), Stop, and the workbench staying responsive during a run.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BenchStartRequest, BenchStatus, LiveServerMessage } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { connectLive, liveUrl } from '../servers/live/live-client.js'

function openApi(origin: string): Record<string, unknown> {
  const get = (operationId: string, parameters: unknown[] = []) => ({
    get: { tags: ['load'], operationId, parameters, responses: { '200': { description: 'ok' } } },
  })
  return {
    openapi: '3.0.3',
    info: { title: 'Load target', version: '1.0.0' },
    servers: [{ url: origin }],
    paths: {
      '/fast': get('fast', [{ name: 'x-id', in: 'header', schema: { type: 'string' } }]),
      '/slow': get('slow'),
      '/every-10th-fails': get('flaky'),
      '/items/{id}': get('item', [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]),
    },
  }
}

let target: Server
let origin = ''
/** Every request the target receives, the discovery document's excepted. */
const hits = vi.fn<(path: string, id: string | undefined) => void>()
let flakyCount = 0
let wb: StandaloneServer
let base = ''
let configDir = ''

beforeAll(async () => {
  target = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/openapi.json') return void response.end(JSON.stringify(openApi(origin)))
    hits(path, request.headers['x-id'] as string | undefined)
    const reply = (status: number): void => void response.writeHead(status).end('{"ok":true}')
    if (path === '/slow') return void setTimeout(() => reply(200), 200)
    if (path === '/every-10th-fails') return reply((flakyCount += 1) % 10 === 0 ? 503 : 200)
    reply(200)
  })
  target.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-bench-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
  const discovered = await api('/api/discover', { urls: [`${origin}/openapi.json`] })
  expect(discovered.status).toBe(200)
})
afterAll(async () => {
  await wb.close()
  await new Promise((resolve) => target.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})
beforeEach(() => {
  hits.mockClear()
})

async function api(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Record<string, unknown> }
}

function bench(method: string, settings: BenchStartRequest['settings'], extra: Partial<BenchStartRequest> = {}) {
  const request: BenchStartRequest = {
    call: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method, messages: [{}] },
    settings,
    ...extra,
  }
  return api('/api/bench/start', request)
}

async function finished(run: string): Promise<BenchStatus> {
  for (;;) {
    const { json } = await api('/api/bench/status', { run })
    const status = json as unknown as BenchStatus
    if (status.state !== 'running') return status
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('server-side benchmarks', () => {
  it("fails the run with the plugin's words when every call is refused before it is sent, sending nothing", async () => {
    // No `id` for a required path parameter: the REST plugin refuses the call before the wire, so a load result of
    // 100 % `invalid_request` would measure nothing; the run fails and says what is missing.
    const started = await bench('item', { mode: 'closed', calls: 500, concurrency: 8, warmup: 20 })
    expect(started.status).toBe(200)
    const status = await finished(started.json.run as string)
    expect(status.state).toBe('failed')
    expect(status.error).toMatch(/\bid\b/)
    expect(status.result).toBeUndefined()
    expect(hits).not.toHaveBeenCalled()
  })

  it('runs through the invoke path with variables fresh per call, thresholds judged, progress on the live socket', async () => {
    const live = await connectLive(liveUrl(base), { token: wb.token })
    try {
      const started = await bench(
        'fast',
        { mode: 'closed', durationS: 1.5, concurrency: 4, warmup: 5 },
        {
          call: {
            protocol: 'rest',
            url: `${origin}/openapi.json`,
            service: 'load',
            method: 'fast',
            messages: [{ 'x-id': '${uuid}' }],
            metadata: { 'x-tenant': '${tenant}' },
          },
          variables: [{ tenant: 'acme' }],
          thresholds: ['error-rate < 0.01', 'p99 < 1ms'],
        },
      )
      expect(started.status).toBe(200)
      const run = started.json.run as string
      const status = await finished(run)
      expect(status.state).toBe('finished')
      const result = status.result!
      expect(result.calls).toBeGreaterThan(50)
      expect(result.errors).toBe(0)
      // Every call substituted `${uuid}` afresh: as many distinct ids as calls (warm-up included).
      const ids = hits.mock.calls.map(([, id]) => id)
      expect(ids.every((id) => typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id))).toBe(true)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBe(result.calls + 5)
      expect(result.thresholds.map((t) => [t.expr, t.ok])).toEqual([
        ['error-rate < 0.01', true],
        ['p99 < 1ms', result.latencyMs.p99 < 1],
      ])
      expect(result.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(result.calls)
      // Live: one progress message a second, then the end, carrying the same figures as status.
      const ended = await live.waitFor(
        (m: LiveServerMessage): m is Extract<LiveServerMessage, { op: 'bench.ended' }> =>
          m.op === 'bench.ended' && m.run === run,
      )
      expect(ended.status.result?.calls).toBe(result.calls)
      const progress = live.messages.filter((m) => m.op === 'bench.progress' && m.run === run)
      expect(progress.length).toBeGreaterThanOrEqual(1)
      expect(progress.length).toBe(status.result?.timeline.length)
      expect(status.timeline).toEqual([])
      // The status never echoes metadata or variables.
      expect(JSON.stringify(status)).not.toContain('acme')
    } finally {
      await live.close()
    }
  })

  it('counts errors by status, per second and in total', async () => {
    const { json } = await bench('flaky', { mode: 'closed', calls: 100, concurrency: 2 })
    const result = (await finished(json.run as string)).result!
    expect(result.byStatus).toEqual({ '200': 90, '503': 10 })
    const perSecond = result.timeline.reduce((sum, second) => sum + (second.errorsByStatus['503'] ?? 0), 0)
    expect(perSecond).toBe(10)
    // The result as files: JSON as `wirebench bench --json` prints it, CSV a row a second then the total, k6 summary.
    const file = async (format: string) => (await api('/api/bench/export', { run: json.run, format })).json
    const exported = JSON.parse(String((await file('json')).text)) as Record<string, unknown>
    expect(exported).toMatchObject({
      // What was measured, so the file stands on its own (never the call's metadata).
      target: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'flaky' },
      calls: 100,
      errors: 10,
      byStatus: { '503': 10 },
      settings: { mode: 'closed' },
    })
    expect(exported.timeline).toEqual(result.timeline)
    const csv = await file('csv')
    expect(csv).toMatchObject({ mediaType: 'text/csv', fileName: expect.stringMatching(/\.csv$/) })
    // The total, then (calls failed) the successes' and the failures' own totals.
    const totals = String(csv.text).trimEnd().split('\n').slice(-3)
    expect(totals.map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'total,100,10',
      'total_ok,90,0',
      'total_failed,10,10',
    ])
    // The file says what was measured and how: the run's settings and target end every row.
    expect(String(csv.text).trimEnd().split('\n').at(-1)).toMatch(
      /,closed,\d+,,,100,,rest,http:\/\/127\.0\.0\.1:\d+\/openapi\.json,load,/,
    )
    expect(exported).toMatchObject({
      successLatencyMs: result.successLatencyMs,
      failureLatencyMs: result.failureLatencyMs,
    })
    // A REST run: the metrics its k6 script reports over HTTP, no checks line (the script makes no check).
    const summary = String((await file('k6-summary')).text)
    expect(summary).toMatch(/http_req_failed\.+: 10\.00% ✓ 10 ✗ 90/)
    expect(summary).toMatch(/http_req_duration\.+: avg=/)
    expect(summary).not.toContain('checks')
  })

  it('keeps the password of a user:pass@ address out of the run as every reader sees it, and out of every export', async () => {
    const withPassword = origin.replace('http://', 'http://demo:hunter2pw@')
    const started = await api('/api/bench/start', {
      call: {
        protocol: 'rest',
        url: `${withPassword}/openapi.json?api_key=k3y-value`,
        service: 'load',
        method: 'flaky',
        messages: [{}],
      },
      settings: { mode: 'closed', calls: 20, concurrency: 2 },
      allowStateChanging: true,
    })
    expect(started.status, JSON.stringify(started.json)).toBe(200)
    const status = await finished(started.json.run as string)
    expect(status.target.url).toBe(`${origin}/openapi.json?api_key=***`)
    const seen = [JSON.stringify(status), JSON.stringify((await api('/api/bench/list', {})).json)]
    for (const format of ['json', 'csv', 'k6-summary']) {
      seen.push(String((await api('/api/bench/export', { run: started.json.run, format })).json.text))
    }
    for (const text of seen) {
      expect(text).not.toContain('hunter2pw')
      expect(text).not.toContain('k3y-value')
    }
  })

  it('keeps the latest finished runs of each method, whatever runs of other methods came after', async () => {
    const run = async (method: string): Promise<string> => {
      const started = await bench(method, { mode: 'closed', calls: 1, concurrency: 1 })
      expect(started.status, JSON.stringify(started.json)).toBe(200)
      await finished(started.json.run as string)
      return started.json.run as string
    }
    const compared = await run('fast')
    const others: string[] = []
    for (let i = 0; i < 17; i++) others.push(await run('flaky'))
    // The page still comparing its run of `fast` can save and export it.
    expect((await api('/api/bench/status', { run: compared })).status).toBe(200)
    expect((await api('/api/bench/export', { run: compared, format: 'json' })).status).toBe(200)
    // Of `flaky`, the 16 latest are kept.
    expect((await api('/api/bench/status', { run: others[0] })).status).toBe(404)
    expect((await api('/api/bench/status', { run: others[1] })).status).toBe(200)
  })

  it('refuses a start above the caps or with a bad threshold, unknown protocol or blocked target, making no call', async () => {
    const refusals = [
      await bench('fast', { mode: 'closed', calls: 10, concurrency: 5000 }),
      await bench('fast', { mode: 'open', rate: 1_000_000, durationS: 1, concurrency: 10 }),
      await bench('fast', { mode: 'closed', durationS: 7200, concurrency: 1 }),
      await bench('fast', { mode: 'open', rate: -5, durationS: 1, concurrency: 1 }),
      await bench('fast', { mode: 'closed', calls: 10, concurrency: 1 }, { thresholds: ['p95 fast'] }),
      await api('/api/bench/start', {
        call: { protocol: 'nope', url: `${origin}/openapi.json`, service: 'load', method: 'fast', messages: [{}] },
        settings: { mode: 'closed', calls: 10, concurrency: 1 },
      }),
      await api('/api/bench/start', {
        call: {
          protocol: 'rest',
          url: `${origin}/openapi.json`,
          service: 'load',
          method: 'fast',
          messages: [{}],
          serverUrl: 'http://169.254.169.254/',
        },
        settings: { mode: 'closed', calls: 10, concurrency: 1 },
      }),
    ]
    // A start that slipped through would have called by now: the target saw nothing.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(hits).not.toHaveBeenCalled()
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 403])
    expect(String(refusals[0]!.json.detail)).toMatch(/1000/)
    expect(String(refusals[1]!.json.detail)).toMatch(/Rate 1000000 is above this workbench's limit of 20000/)
    // The body's field, a readable range with this workbench's cap on top.
    expect(refusals[3]!.json.detail).toBe(
      'settings.rate must be a number of calls per second from 0.00028 to 20,000, not -5.',
    )
    // The calls an open loop plans count against the cap on calls, as a count does.
    const planned = await bench('fast', { mode: 'open', rate: 10_000, durationS: 3600, concurrency: 10 })
    expect(planned.status).toBe(400)
    expect(planned.json.detail).toBe("Calls (with warm-up) 36000000 is above this workbench's limit of 10000000 calls.")
    expect(hits).not.toHaveBeenCalled()
  })

  it('stops a run early: calls in flight cancelled, the partial result kept, another start refused while it runs', async () => {
    const first = await bench('slow', { mode: 'closed', durationS: 60, concurrency: 2 })
    // A page that lost the id (a reload) finds the running run, without its request.
    const listed = await api('/api/bench/list', {})
    expect(listed.status).toBe(200)
    const runs = listed.json.runs as Array<Record<string, unknown>>
    const running = runs.filter((run) => run.state === 'running')
    expect(running.map((run) => run.run)).toEqual([first.json.run])
    expect(running[0]).toEqual({
      run: expect.any(String) as string,
      state: 'running',
      target: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'slow' },
      settings: { mode: 'closed', durationS: 60, concurrency: 2 },
      startedAt: expect.any(Number) as number,
    })
    expect((await api('/api/bench/list', { all: true })).status).toBe(400)
    hits.mockClear()
    // One run at a time: two in one process would measure each other.
    const second = await bench('fast', { mode: 'closed', calls: 10, concurrency: 1 })
    expect(second.status).toBe(503)
    expect(second.json.detail).toBe('A benchmark is running already (load/slow).')
    expect(hits.mock.calls.filter(([path]) => path === '/fast')).toHaveLength(0)
    await new Promise((resolve) => setTimeout(resolve, 700))
    const stoppedAt = performance.now()
    const stopped = await api('/api/bench/stop', { run: first.json.run })
    expect(performance.now() - stoppedAt).toBeLessThan(1000)
    const status = stopped.json as unknown as BenchStatus
    expect(status.state).toBe('stopped')
    expect(status.result?.stopped).toBe(true)
    expect(status.result?.calls).toBeGreaterThanOrEqual(4)
    expect(status.result?.latencyMs.p50).toBeGreaterThanOrEqual(200)
    expect((await api('/api/bench/status', { run: 'no-such-run' })).status).toBe(404)
  })

  it('keeps the workbench responsive during a full-speed run', async () => {
    const { json } = await bench('fast', { mode: 'closed', durationS: 2, concurrency: 64 })
    const latencies: number[] = []
    await new Promise((resolve) => setTimeout(resolve, 200))
    for (let i = 0; i < 20; i += 1) {
      const at = performance.now()
      const response = await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': wb.token ?? '' } })
      await response.arrayBuffer()
      latencies.push(performance.now() - at)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const result = (await finished(json.run as string)).result!
    latencies.sort((a, b) => a - b)
    const median = latencies[10]!
    const worst = latencies[19]!
    console.info(
      `bench responsiveness: ${result.throughput} calls/s at c=64; GET /api/protocols during the run: median ${median.toFixed(1)} ms, max ${worst.toFixed(1)} ms`,
    )
    expect(result.calls).toBeGreaterThan(100)
    expect(worst).toBeLessThan(1000)
  })
})
