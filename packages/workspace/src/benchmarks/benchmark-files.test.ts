import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BenchResult } from '@wirebench/core'
import { createBenchmarkFiles, methodFolder, storableUrl } from './benchmark-files.js'

const latency = { min: 1, mean: 2, p50: 2, p75: 2, p90: 3, p95: 3, p99: 4, p999: 4, max: 5 }
const result: BenchResult = {
  calls: 10,
  errors: 1,
  errorRate: 0.1,
  durationS: 1,
  throughput: 10,
  latencyMs: latency,
  successLatencyMs: latency,
  failureLatencyMs: latency,
  byStatus: { '200': 9, '503': 1 },
  timeline: [],
  stopped: false,
  settings: { mode: 'closed', calls: 10, concurrency: 1 },
  thresholds: [{ expr: 'p95 < 200ms', ok: true, actual: 3 }],
  histogram: [{ upperMs: 2, count: 10 }],
}
const target = { protocol: 'rest', url: 'http://127.0.0.1:1/openapi.json', service: 'load', method: 'fast' }

describe('benchmark files in a workspace folder', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-benchfiles-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('lists a saved run again for its method key, and not for another', async () => {
    const files = createBenchmarkFiles(dir)
    const saved = await files.save({ key: 'rest|a|load|fast', label: 'Run 1', target, result })
    expect((await files.list('rest|a|load|fast')).benchmarks).toEqual([saved])
    expect((await files.list('rest|a|load|slow')).benchmarks).toEqual([])
    const names = await readdir(join(dir, 'benchmarks', methodFolder('rest|a|load|fast')))
    expect(names).toHaveLength(1)
    expect(names[0]).toMatch(/\.json$/)
  })

  it('keeps no credentials of the address: user info and the query are dropped', async () => {
    const files = createBenchmarkFiles(dir)
    const secretTarget = { ...target, url: 'https://me:hunter2@api.example/openapi.json?api_key=s3cret' }
    await files.save({ key: 'k', label: 'Run 1', target: secretTarget, result })
    const [name] = await readdir(join(dir, 'benchmarks', methodFolder('k')))
    const text = await readFile(join(dir, 'benchmarks', methodFolder('k'), name ?? ''), 'utf8')
    expect(text).not.toContain('hunter2')
    expect(text).not.toContain('s3cret')
    expect(storableUrl('mcp+stdio://everything?token=x')).toBe('mcp+stdio://everything')
  })

  it('moves a file that fails validation aside and reports it, keeping the good ones', async () => {
    const files = createBenchmarkFiles(dir)
    const saved = await files.save({ key: 'k', label: 'Run 1', target, result })
    const folder = join(dir, 'benchmarks', methodFolder('k'))
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, '0000-broken.json'), '{"version":1,"id":"x"')
    await writeFile(join(folder, '0001-shape.json'), JSON.stringify({ ...saved, result: { calls: 'many' } }))
    const listed = await files.list('k')
    expect(listed.benchmarks).toEqual([saved])
    expect(listed.problems.map((problem) => problem.path)).toEqual([
      `benchmarks/${methodFolder('k')}/0000-broken.json`,
      `benchmarks/${methodFolder('k')}/0001-shape.json`,
    ])
    expect(listed.problems[1]?.reason).toContain('result.calls')
    expect(listed.problems.every((problem) => problem.keptAs?.includes('.corrupt-'))).toBe(true)
    // Kept aside, not deleted, and not reported again.
    expect((await readdir(folder)).filter((name) => name.includes('.corrupt-'))).toHaveLength(2)
    expect((await files.list('k')).problems).toEqual([])
  })

  it('refuses an empty key before touching the folder', async () => {
    await expect(createBenchmarkFiles(dir).save({ key: '', label: 'x', target, result })).rejects.toThrow(/key/)
    expect(await readdir(dir)).toEqual([])
  })
})
