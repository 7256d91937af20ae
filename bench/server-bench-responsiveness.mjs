// The workbench's responsiveness while it runs a benchmark at full speed: latency of GET /api/protocols (a cheap
// route through every gate) sampled every 20 ms, idle vs during a closed-loop run of a REST method at concurrency 64.
// Baseline: the same samples with no run. Goal (issue): the workbench stays responsive (p99 during the run well under
// 100 ms; the figure is printed with the ratio to idle).
// Run: npx tsc -b tsconfig.build.json && node bench/server-bench-responsiveness.mjs [seconds]   (default 10)
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const durationS = Number(process.argv[2] ?? 10)

// The target runs in a child process, so its work does not count against the workbench's event loop.
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
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-resp-'))
const wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
const base = await wb.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': wb.token }
const post = async (path, body) => {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return response.json()
}

async function sample(seconds) {
  const latencies = []
  const end = performance.now() + seconds * 1000
  while (performance.now() < end) {
    const at = performance.now()
    await (await fetch(`${base}/api/protocols`, { headers })).arrayBuffer()
    latencies.push(performance.now() - at)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  latencies.sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { n: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) }
}

try {
  await post('/api/discover', { urls: [`${origin}/openapi.json`] })
  const idle = await sample(Math.min(5, durationS))
  const { run } = await post('/api/bench/start', {
    call: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'fast', messages: [{}] },
    settings: { mode: 'closed', durationS, concurrency: 64 },
  })
  const busy = await sample(durationS - 0.5)
  let status
  do {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await post('/api/bench/status', { run })
  } while (status.state === 'running')
  const f = (n) => n.toFixed(1)
  console.log(
    `run: ${status.result.calls} calls in ${status.result.durationS} s = ${status.result.throughput}/s at c=64`,
  )
  console.log(
    `GET /api/protocols idle:   n=${idle.n} p50 ${f(idle.p50)} ms  p99 ${f(idle.p99)} ms  max ${f(idle.max)} ms`,
  )
  console.log(
    `GET /api/protocols in run: n=${busy.n} p50 ${f(busy.p50)} ms  p99 ${f(busy.p99)} ms  max ${f(busy.max)} ms`,
  )
  console.log(`ratio in run / idle: p50 ${f(busy.p50 / idle.p50)}x  p99 ${f(busy.p99 / idle.p99)}x`)
} finally {
  await wb.close()
  child.kill()
  await rm(configDir, { recursive: true, force: true })
}
