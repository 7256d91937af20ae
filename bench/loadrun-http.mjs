// The benchmark runner against autocannon (npm, not ours) on the same local HTTP target, same run.
// Baseline: autocannon with the same connections (closed loop) and the same rate (open loop, `-R`).
// Run: npx tsc -b tsconfig.build.json && node bench/loadrun-http.mjs   (LOADRUN_DURATION=<s>, default 5)
//
// The target runs in a child process, so it does not share an event loop with either client; the runner's call
// function is node:http on kept-alive sockets. Also measured: the runner's own cost per call (a call that does nothing).
// Goals (issue): closed-loop throughput ≥ 0.9× the baseline's; open-loop p50/p99 at 1,000/s within ±10 %.
//
// What the open-loop figures compare. autocannon's -R is not a schedule: each connection sends its share of the
// rate back to back at the top of every second, then waits; its latency is send → answer in whole milliseconds; and
// its coordinated-omission correction takes ceil(1 / per-connection rate) = 1 ms as the interval between requests
// whatever the rate, so every answer slower than 1 ms adds made-up samples below it. So the like-for-like pair is its
// raw send → answer time (ignoreCoordinatedOmission) against the runner's own call time (the call function timed
// here, not from its scheduled start); the runner's corrected figures (from the scheduled start, what it reports)
// are printed beside them. On an instant target both raw times are about a millisecond, under autocannon's resolution,
// and ±10 % means nothing: the 10 ms target (at the 1,000/s, and at 200/s; both far below saturation: about
// 10 calls in flight at 1,000/s) is where the check means something.
import { Agent, request } from 'node:http'
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { runBenchmark } from '../packages/loadrun/dist/index.js'

const durationS = Number(process.env.LOADRUN_DURATION ?? 5)
const connections = 32
/** The baseline (1,000/s on the instant target), then rates far below saturation. */
const openRuns = [
  { rate: 1000, path: '/' },
  { rate: 200, path: '/' },
  { rate: 1000, path: '/delay-10ms' },
  { rate: 200, path: '/delay-10ms' },
]

const targetSource = `
const { createServer } = require('node:http')
const server = createServer((req, res) => {
  const reply = () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok') }
  if (req.url === '/delay-10ms') return setTimeout(reply, 10)
  reply()
})
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
  const { origin, pathname } = new URL(url)
  const pool = new Pool(origin, { connections })
  return async (signal) => {
    const response = await pool.request({ path: pathname, method: 'GET', signal })
    await response.body.dump()
    return { ok: response.statusCode === 200, status: response.statusCode }
  }
}

const fixed = (n) => Number(n).toFixed(3)

/** The call, timed from when the runner calls it to when it settles (no schedule): its p50 and p99 in ms. */
function timed(call) {
  const times = []
  return {
    call: async (signal) => {
      const start = performance.now()
      try {
        return await call(signal)
      } finally {
        times.push(performance.now() - start)
      }
    },
    reset: () => void (times.length = 0),
    percentiles: () => {
      const sorted = Float64Array.from(times).sort()
      const at = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
      return { p50: at(50), p99: at(99) }
    },
  }
}

/** ours / theirs, and whether it is within ±10 %. */
const versus = (ours, theirs) =>
  theirs > 0
    ? `${fixed(ours / theirs)}x${Math.abs(ours / theirs - 1) <= 0.1 ? '' : ' (outside ±10 %)'}`
    : 'n/a (theirs 0)'

const { url, child } = await startTarget()
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
)
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

  for (const { rate, path } of openRuns) {
    const target = new URL(path, url).href
    const clock = timed(undiciCall(target))
    await runBenchmark({ call: clock.call, settings: { mode: 'closed', calls: 2000, concurrency: connections } })
    clock.reset()
    const open = await runBenchmark({
      call: clock.call,
      settings: { mode: 'open', rate, durationS, concurrency: connections },
    })
    const raw = clock.percentiles()
    const cannon = { url: target, connections, duration: durationS, overallRate: rate }
    const cannonRaw = await autocannon({ ...cannon, ignoreCoordinatedOmission: true })
    const cannonCorrected = await autocannon(cannon)
    console.log(
      `open loop ${rate}/s on ${path} ${durationS}s (rate met: ${open.rate.met}, ${open.rate.achieved}/s; autocannon ${Math.round(cannonRaw.requests.average)}/s):\n` +
        `  send → answer:   runner p50 ${fixed(raw.p50)} ms p99 ${fixed(raw.p99)} ms; autocannon (raw) p50 ${cannonRaw.latency.p50} ms p99 ${cannonRaw.latency.p99} ms` +
        `  → p50 ${versus(raw.p50, cannonRaw.latency.p50)}, p99 ${versus(raw.p99, cannonRaw.latency.p99)}\n` +
        `  corrected:       runner (from the scheduled start) p50 ${open.latencyMs.p50} ms p99 ${open.latencyMs.p99} ms; ` +
        `autocannon -R (its 1 ms correction) p50 ${cannonCorrected.latency.p50} ms p99 ${cannonCorrected.latency.p99} ms`,
    )
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
} finally {
  child.kill()
}
