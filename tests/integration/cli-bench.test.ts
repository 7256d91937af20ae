/**
 * `wirebench bench` against the REST demo, run in process as the executable runs it: the result table and --json,
 * errors counted by HTTP status, threshold exit codes, and usage errors before anything is sent.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { runCli } from '../servers/cli/run-cli.js'
import { requireBuiltCli, spawnCli } from '../servers/server/cli-process.js'

interface BenchJson {
  calls: number
  errors: number
  durationS: number
  throughput: number
  latencyMs: Record<string, number>
  byStatus: Record<string, number>
  rate?: { requested: number; met: boolean }
  thresholds: { expr: string; ok: boolean }[]
}

describe('wirebench bench against the REST demo', () => {
  let demo: DemoHandle
  let dir: string
  let rest: string
  const cli = (args: string[]) => runCli(['bench', '--url', rest, ...args, '--config-dir', dir])

  beforeAll(async () => {
    demo = await startDemo({ host: '127.0.0.1' })
    rest = demo.services.find((s) => s.protocol === 'rest')?.url ?? ''
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-bench-'))
  })
  afterAll(async () => {
    await demo?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('runs N calls at a concurrency and prints one JSON object with percentiles and thresholds', async () => {
    const { code, out, err } = await cli([
      'Books/getBook',
      '-d',
      '{"bookId": 1}',
      '-n',
      '150',
      '-c',
      '4',
      '--warmup',
      '10',
      '--threshold',
      'p95 < 5s',
      '--threshold',
      'error-rate < 0.01',
      '--json',
    ])
    expect(code, err).toBe(0)
    const result = JSON.parse(out) as BenchJson
    expect(result.calls).toBe(150)
    expect(result.errors).toBe(0)
    expect(result.byStatus).toEqual({ '200': 150 })
    expect(result.latencyMs.p50).toBeGreaterThan(0)
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(result.latencyMs.p99 ?? Infinity)
    expect(result.throughput).toBeGreaterThan(0)
    expect(result.thresholds).toEqual([
      { expr: 'p95 < 5s', ok: true, actual: expect.any(Number) as number },
      { expr: 'error-rate < 0.01', ok: true, actual: 0 },
    ])
  })

  it("exits 2 with the plugin's words when every call is refused before it is sent", async () => {
    // No -d: getBook's required bookId is missing, so no call can be made; a table of 100 % invalid_request would
    // measure nothing.
    const { code, out, err } = await cli(['Books/getBook', '-n', '200', '-c', '4'])
    expect(code, err).toBe(2)
    expect(err).toMatch(/bookId/)
    expect(out).not.toMatch(/invalid_request/)
  })

  it('exits 1 when a threshold fails, counting errors by HTTP status in the table', async () => {
    const { code, out } = await cli([
      'Books/getBook',
      '-d',
      '{"bookId": 424242}',
      '-n',
      '20',
      '--threshold',
      'error-rate < 0.01',
    ])
    expect(code).toBe(1)
    expect(out).toMatch(/^calls 20 {3}errors 20 \(100\.00 %\)/m)
    expect(out).toMatch(/^by status +404 20$/m)
    expect(out).toMatch(/^threshold +FAIL {2}error-rate < 0\.01 {2}\(was 1\)$/m)
  })

  it('runs an open loop at a rate for a duration and reports the rate', async () => {
    // The last call is due one interval before the time is up, and a call still unstarted then is not made (the rate
    // is reported as not met): 10/s leaves 100 ms for a busy machine's scheduling, where 50/s left 20 ms.
    const { code, out, err } = await cli([
      'Books/getBook',
      '-d',
      '{"bookId": 1}',
      '--rate',
      '10',
      '--duration',
      '1',
      '--json',
    ])
    expect(code, err).toBe(0)
    const result = JSON.parse(out) as BenchJson
    expect(result.calls).toBe(10)
    expect(result.rate).toMatchObject({ requested: 10, met: true })
  })

  it('benchmarks a gRPC unary method through the same path, errors counted by gRPC status name', async () => {
    const grpc = demo.services.find((s) => s.protocol === 'grpc')?.url ?? ''
    const run = (stationId: string) =>
      runCli([
        'bench',
        '--url',
        grpc,
        'Telemetry/GetStation',
        '-d',
        JSON.stringify({ stationId }),
        '-n',
        '40',
        '-c',
        '4',
        // A gRPC method carries no safety information: the demo's station lookup changes nothing.
        '--allow-writes',
        '--json',
        '--config-dir',
        dir,
      ])
    const ok = await run('st-ridge')
    expect(ok.code, ok.err).toBe(0)
    expect((JSON.parse(ok.out) as BenchJson).byStatus).toEqual({ OK: 40 })
    const missing = await run('nope')
    expect((JSON.parse(missing.out) as BenchJson).byStatus).toEqual({ NotFound: 40 })
  })

  it('shows each second on a terminal, then the table', async () => {
    const { code, out, err } = await runCli(
      ['bench', '--url', rest, 'Books/getBook', '-d', '{"bookId": 1}', '--duration', '2.3', '--config-dir', dir],
      { isTTY: true },
    )
    expect(code, err).toBe(0)
    // Each second is written after a carriage return and an erase-line sequence (ESC [2K).
    const eraseLine = `${String.fromCharCode(27)}[2K`
    const writes = err.split('\r').slice(1)
    expect(writes.every((write) => write.startsWith(eraseLine))).toBe(true)
    // A bar of the time gone and the seconds left, then the second's figures.
    const seconds = writes.map((write) =>
      /^\[[#-]{20}\] +\d+ % {2}(\d+) s left {2}\d+ calls\/s {2}p50 [\d.]+ ms {2}p99 [\d.]+ ms {2}errors 0 {2}in flight [01]\n?$/.exec(
        write.slice(eraseLine.length),
      ),
    )
    expect(seconds.map((match) => match?.[1])).toEqual(['2', '1', '0'])
    expect(writes.at(-1)).toContain('[####################] 100 %')
    expect(err.endsWith('\n')).toBe(true)
    expect(out).toMatch(/^calls \d+ {3}errors 0 \(0\.00 %\) {3}duration 2\.3\d* s/m)
  })

  it('exits 130 when Ctrl-C stops the run, after printing what was measured', async () => {
    requireBuiltCli()
    // A target of this test's own, so the signal goes once calls are arriving (before that, Node's default would end
    // the process during discovery).
    let calls = 0
    const origin: { url?: string } = {}
    const target = createServer((request, response) => {
      if (request.url === '/openapi.json') {
        const doc = {
          openapi: '3.0.3',
          info: { title: 'ping', version: '1' },
          servers: [{ url: origin.url }],
          paths: {
            '/ping': { get: { tags: ['Ping'], operationId: 'ping', responses: { 200: { description: 'ok' } } } },
          },
        }
        return void response.end(JSON.stringify(doc))
      }
      calls += 1
      setTimeout(() => response.end('{}'), 5)
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    origin.url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    try {
      const run = spawnCli(
        ['bench', '--url', `${origin.url}/openapi.json`, 'Ping/ping', '--duration', '60', '-c', '2', '--json'].concat([
          '--threshold',
          'p99 < 60s',
          '--config-dir',
          dir,
        ]),
      )
      await expect.poll(() => calls, { timeout: 20_000 }).toBeGreaterThan(20)
      run.child.kill('SIGINT')
      const { code } = await run.exited
      expect(code, run.stderr()).toBe(130)
      const result = JSON.parse(run.stdout()) as BenchJson & { stopped: boolean }
      expect(result.stopped).toBe(true)
      expect(result.calls).toBeGreaterThan(0)
      expect(result.durationS).toBeLessThan(60)
      // The threshold held on the part that ran, and the run still does not pass.
      expect(result.thresholds).toEqual([{ expr: 'p99 < 60s', ok: true, actual: expect.any(Number) as number }])
    } finally {
      await new Promise((resolve) => target.close(resolve))
    }
  })

  it('refuses a bad threshold or setting with a usage error before calling anything', async () => {
    const threshold = await cli(['Books/getBook', '--threshold', 'p96 < 1ms'])
    expect(threshold.code).toBe(2)
    expect(threshold.err).toContain('--threshold: Threshold "p96 < 1ms": unknown metric "p96".')
    const concurrency = await cli(['Books/getBook', '-c', '5000'])
    expect(concurrency.code).toBe(2)
    expect(concurrency.err).toContain('-c must be a whole number of calls at once from 1 to 1,000, not 5000')
    const both = await cli(['Books/getBook', '-n', '5', '--duration', '1'])
    expect(both.code).toBe(2)
    expect(both.err).toContain('Give -n or --duration, not both.')
  })
})
