// Memory over a long benchmark at full speed: the workbench's server-side run of a REST method (closed loop, c=32)
// against a local target, RSS and heap sampled every 10 s. Baseline: the RSS once the run has warmed up (after its
// first minute, or its first quarter if shorter), so start-up and JIT growth are not counted. Goal (issue): flat,
// ≤ 10 MB growth over a 10-minute run.
// Run: npx tsc -b tsconfig.build.json && node --expose-gc bench/loadrun-memory.mjs [--minutes 10]
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const { values: flags } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } })
const durationS = Number(flags.minutes) * 60
const warmS = Math.min(60, durationS / 4)
const sampleEveryS = 10

const targetSource = `
const { createServer } = require('node:http')
let origin = ''
const doc = () => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: origin }],
  paths: { '/fast': { get: { tags: ['load'], operationId: 'fast', responses: { 200: { description: 'ok' } } } } } })
const server = createServer((req, res) => {
  if (req.url === '/openapi.json') return res.end(doc())
  res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}')
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => { origin = 'http://127.0.0.1:' + server.address().port; console.log(origin) })`

const child = spawn(process.execPath, ['-e', targetSource], { stdio: ['ignore', 'pipe', 'inherit'] })
const origin = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim())))
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-mem-'))
const wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
const base = await wb.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': wb.token }
const post = async (path, body) =>
  (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()
const mb = (bytes) => bytes / 1024 / 1024

function sample(atS) {
  globalThis.gc?.()
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage()
  return { atS, rss: mb(rss), heap: mb(heapUsed), heapTotal: mb(heapTotal), external: mb(external) }
}

try {
  await post('/api/discover', { urls: [`${origin}/openapi.json`] })
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; gc between samples: ${globalThis.gc ? 'yes' : 'no (run with --expose-gc)'}`,
  )
  const { run } = await post('/api/bench/start', {
    call: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'fast', messages: [{}] },
    settings: { mode: 'closed', durationS, concurrency: 32 },
  })
  const start = performance.now()
  const samples = []
  let status
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, sampleEveryS * 1000))
    const atS = (performance.now() - start) / 1000
    status = await post('/api/bench/status', { run })
    if (status.state !== 'running') break
    samples.push(sample(atS))
    const last = samples.at(-1)
    console.log(
      `  ${last.atS.toFixed(0).padStart(4)} s  rss ${last.rss.toFixed(1)} MB  heap ${last.heap.toFixed(1)} MB` +
        `  (V8 heap reserved ${last.heapTotal.toFixed(1)} MB, external ${last.external.toFixed(1)} MB)`,
    )
  }
  const warm = samples.find((s) => s.atS >= warmS) ?? samples[0]
  const steady = samples.filter((s) => s.atS >= warm.atS)
  const end = samples.at(-1)
  // RSS saw-tooths by tens of MB as the allocator takes and returns pages: the least-squares slope over the steady
  // samples says more about growth than two samples do.
  const slope = (key) => {
    const n = steady.length
    const mx = steady.reduce((a, s) => a + s.atS, 0) / n
    const my = steady.reduce((a, s) => a + s[key], 0) / n
    const sxy = steady.reduce((a, s) => a + (s.atS - mx) * (s[key] - my), 0)
    const sxx = steady.reduce((a, s) => a + (s.atS - mx) ** 2, 0)
    return sxx === 0 ? 0 : (sxy / sxx) * 60
  }
  const rssValues = steady.map((s) => s.rss)
  const minutes = (end.atS - warm.atS) / 60
  console.log(
    `run: ${status.result.calls} calls in ${status.result.durationS} s = ${status.result.throughput}/s at c=32, ${status.result.errors} errors`,
  )
  console.log(
    `after warm-up (${warm.atS.toFixed(0)} s to ${end.atS.toFixed(0)} s): RSS ${warm.rss.toFixed(1)} -> ${end.rss.toFixed(1)} MB (range ${Math.min(...rssValues).toFixed(1)}–${Math.max(...rssValues).toFixed(1)}), trend ${(slope('rss') * minutes).toFixed(1)} MB over the run; heap ${warm.heap.toFixed(1)} -> ${end.heap.toFixed(1)} MB, trend ${(slope('heap') * minutes).toFixed(1)} MB   (goal <= 10 MB growth)`,
  )
  // The saw-tooth makes any two samples (and a slope pulled by one late spike) a poor measure: the medians of the
  // first and last two minutes after warm-up say whether the floor moved.
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const window = Math.max(1, Math.round(120 / sampleEveryS))
  const first = steady.slice(0, window)
  const last = steady.slice(-window)
  for (const key of ['rss', 'heapTotal', 'external']) {
    const from = median(first.map((s) => s[key]))
    const to = median(last.map((s) => s[key]))
    console.log(
      `  ${key.padEnd(9)} median of the first ${first.length} samples ${from.toFixed(1)} MB, of the last ${last.length} ${to.toFixed(1)} MB: ${(to - from).toFixed(1)} MB`,
    )
  }
  // The floor: what RSS comes back down to between the collector's and the allocator's swings. A leak raises it; the
  // saw-tooth above it (tens of MB either way, from one sample to the next) does not. Lowest sample of each third.
  const third = Math.max(1, Math.floor(steady.length / 3))
  const floorOf = (samples) => Math.min(...samples.map((s) => s.rss))
  const [floorFrom, floorTo] = [floorOf(steady.slice(0, third)), floorOf(steady.slice(-third))]
  console.log(
    `  rss floor (lowest sample) of the first third ${floorFrom.toFixed(1)} MB, of the last third ${floorTo.toFixed(1)} MB: ${(floorTo - floorFrom).toFixed(1)} MB`,
  )
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await wb.close()
  child.kill()
  await rm(configDir, { recursive: true, force: true })
}
