// The benchmark runner against autocannon (npm, not ours) on the same local HTTP target, same run.
// Baseline: autocannon with the same connections (closed loop) and the same rate (open loop, `-R`).
// Run: npx tsc -b tsconfig.build.json && node bench/loadrun-http.mjs
//
// The target runs in a child process, so it does not share an event loop with either client; the runner's call
// function is node:http on kept-alive sockets. Also measured: the runner's own cost per call (a call that does nothing).
// Goals (issue): closed-loop throughput ≥ 0.9× the baseline's; open-loop p50/p99 at 1,000/s within ±10 %.
import { Agent, request } from 'node:http'
import { spawn } from 'node:child_process'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { runBenchmark } from '../packages/loadrun/dist/index.js'

const durationS = Number(process.env.LOADRUN_DURATION ?? 5)
const connections = 32
const rate = 1000

const targetSource = `
const { createServer } = require('node:http')
const server = createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok') })
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => console.log(server.address().port))`

function startTarget() {
  const child = spawn(process.execPath, ['-e', targetSource], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk) => resolve({ url: `http://127.0.0.1:${String(chunk).trim()}/`, child }))
  })
}

function httpCall(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  return (signal) =>
    new Promise((resolve, reject) => {
      const outgoing = request(url, { agent, signal }, (response) => {
        response.resume()
        response.once('end', () => resolve({ ok: response.statusCode === 200, status: response.statusCode }))
      })
      outgoing.once('error', reject)
      outgoing.end()
    })
}

/** The same GET on an undici Pool, the client the workbench's REST plugin and the server's runner path use. */
function undiciCall(url) {
  const pool = new Pool(new URL(url).origin, { connections })
  return async (signal) => {
    const response = await pool.request({ path: '/', method: 'GET', signal })
    await response.body.dump()
    return { ok: response.statusCode === 200, status: response.statusCode }
  }
}

const fixed = (n) => Number(n).toFixed(3)

const { url, child } = await startTarget()
try {
  const noop = await runBenchmark({
    call: () => Promise.resolve({ ok: true, status: 200 }),
    settings: { mode: 'closed', calls: 500_000, concurrency: 10 },
  })
  console.log(
    `runner alone (no-op call, c=10): ${Math.round(noop.throughput)} calls/s = ${fixed(1e6 / noop.throughput)} µs per call`,
  )

  const nodeHttp = httpCall(url)
  const undici = undiciCall(url)
  const closedSettings = { mode: 'closed', durationS, concurrency: connections, warmup: 5000 }
  const closed = await runBenchmark({ call: nodeHttp, settings: closedSettings })
  const closedUndici = await runBenchmark({ call: undici, settings: closedSettings })
  const cannonClosed = await autocannon({ url, connections, duration: durationS })
  const cannonRate = cannonClosed.requests.average
  console.log(
    `closed loop c=${connections} ${durationS}s: autocannon ${Math.round(cannonRate)}/s (p50 ${cannonClosed.latency.p50} ms); ` +
      `runner+node:http ${Math.round(closed.throughput)}/s (p50 ${closed.latencyMs.p50} ms, ratio ${fixed(closed.throughput / cannonRate)}); ` +
      `runner+undici ${Math.round(closedUndici.throughput)}/s (p50 ${closedUndici.latencyMs.p50} ms, ratio ${fixed(closedUndici.throughput / cannonRate)}); goal >= 0.9`,
  )

  const open = await runBenchmark({
    call: undici,
    settings: { mode: 'open', rate, durationS, concurrency: connections, warmup: 2000 },
  })
  const cannonOpen = await autocannon({ url, connections, duration: durationS, overallRate: rate })
  console.log(
    `open loop ${rate}/s ${durationS}s: runner+undici p50 ${open.latencyMs.p50} ms p99 ${open.latencyMs.p99} ms ` +
      `(rate met: ${open.rate.met}, ${open.rate.achieved}/s); autocannon -R p50 ${cannonOpen.latency.p50} ms ` +
      `p99 ${cannonOpen.latency.p99} ms (${Math.round(cannonOpen.requests.average)}/s)`,
  )
} finally {
  child.kill()
}
