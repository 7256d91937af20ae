// The benchmark runner against autocannon (npm, not ours) on the same local HTTP target, same run.
// Baseline: autocannon with the same connections (closed loop) and the same rate (open loop, `-R`).
// Run: npx tsc -b tsconfig.build.json && node bench/loadrun-http.mjs   (LOADRUN_DURATION=<s>, default 5; LOADRUN_ROUNDS)
//
// The target runs in a child process, so it does not share an event loop with either client; the runner's call
// function is node:http on kept-alive sockets. Also measured: the runner's own cost per call (a call that does nothing).
// Goals (issue): closed-loop throughput ≥ 0.9× the baseline's; open-loop p50/p99 at 1,000/s within ±10 %.
//
// The open-loop check (the issue's: p50/p99 at 1,000 calls/s vs autocannon -R 1000 on the same target, ±10 %) runs
// on a target that answers after 10 ms — on an instant one every figure is about a millisecond, under autocannon's
// whole-millisecond resolution, and ±10 % means nothing. It compares what each tool reports: the runner's latency from
// each call's scheduled start (what a user sees) against autocannon's send → answer time (`ignoreCoordinatedOmission`:
// its own correction takes 1 ms as the interval between requests whatever the rate, and gives a p50 of 6 ms on a 10 ms
// target). A p99 of 5,000 calls swings by a millisecond from run to run in every tool, so the rounds alternate the
// tools and the ratio is of the medians (LOADRUN_ROUNDS, default 5).
// The load is not the same shape: autocannon's -R sends each connection's share of the second back to back at its
// start, so the target holds 20–32 calls at once where the runner's schedule holds about 10 — printed as the target's
// in-flight count at each arrival. hey (Debian package `hey`, Go, not ours; optional), `-c 20 -q 50`, paces each
// worker evenly and is printed as a second baseline when installed. The runner's send → answer time (its call timed
// here, not from the schedule) is printed too: the difference to its reported figure is its own lateness in sending.
import { Agent, request } from 'node:http'
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import { Pool } from 'undici'
import { runBenchmark } from '../packages/loadrun/dist/index.js'

const durationS = Number(process.env.LOADRUN_DURATION ?? 5)
const connections = 32
const rounds = Number(process.env.LOADRUN_ROUNDS ?? 5)
/** The rate, and one far below it; both on the 10 ms target (about 10 and 2 calls in flight). */
const openRates = [1000, 200]

// `/stats` answers the in-flight counts seen at each arrival since the last `/stats` (p50, p99, max) and forgets them.
const targetSource = `
const { createServer } = require('node:http')
let inFlight = 0
let seen = []
const server = createServer((req, res) => {
  if (req.url === '/stats') {
    const sorted = seen.sort((a, b) => a - b)
    const at = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
    seen = []
    res.end(JSON.stringify({ p50: at(50), p99: at(99), max: at(100) }))
    return
  }
  inFlight++
  seen.push(inFlight)
  const reply = () => { inFlight--; res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok') }
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

const median = (values) => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** hey at `rate` for `seconds`: workers of 50 calls/s each (one every 20 ms, twice the target's delay); p50/p99 in ms. */
async function hey(target, rate, seconds) {
  const workers = String(Math.max(1, Math.round(rate / 50)))
  const { stdout } = await promisify(execFile)('hey', ['-c', workers, '-q', '50', '-z', `${seconds}s`, target])
  const at = (p) => Number(new RegExp(` ${p}% in ([0-9.]+) secs`).exec(stdout)?.[1]) * 1000
  return { p50: at(50), p99: at(99) }
}

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

  const target = new URL('/delay-10ms', url).href
  const stats = async () => (await fetch(new URL('/stats', url))).json()
  const clock = timed(undiciCall(target))
  await runBenchmark({ call: clock.call, settings: { mode: 'closed', calls: 2000, concurrency: connections } })
  const heyInstalled = await hey(target, 100, 1).then(
    () => true,
    () => false,
  )
  if (!heyInstalled) console.log('hey is not installed (apt-get install hey): autocannon is the only baseline')
  for (const rate of openRates) {
    const figures = { runner: [], runnerRaw: [], autocannon: [], hey: [] }
    const inFlight = { runner: [], autocannon: [], hey: [] }
    await stats()
    for (let round = 1; round <= rounds; round++) {
      clock.reset()
      const open = await runBenchmark({
        call: clock.call,
        settings: { mode: 'open', rate, durationS, concurrency: connections },
      })
      if (!open.rate.met) console.log(`  round ${round}: the runner did not meet ${rate}/s (${open.rate.achieved}/s)`)
      figures.runner.push(open.latencyMs)
      figures.runnerRaw.push(clock.percentiles())
      inFlight.runner.push(await stats())
      const cannon = await autocannon({
        url: target,
        connections,
        duration: durationS,
        overallRate: rate,
        ignoreCoordinatedOmission: true,
      })
      figures.autocannon.push(cannon.latency)
      inFlight.autocannon.push(await stats())
      if (heyInstalled) {
        figures.hey.push(await hey(target, rate, durationS))
        inFlight.hey.push(await stats())
      }
    }
    const mid = (list, key) => median(list.map((f) => f[key]))
    const line = (name, list, seenAtTarget) =>
      `  ${name.padEnd(34)} p50 ${fixed(mid(list, 'p50')).padStart(7)} ms  p99 ${fixed(mid(list, 'p99')).padStart(7)} ms` +
      `  (p99 by round: ${list.map((f) => f.p99.toFixed(1)).join(' ')})` +
      (seenAtTarget ? `  in flight at the target p50 ${mid(seenAtTarget, 'p50')} max ${mid(seenAtTarget, 'max')}` : '')
    console.log(
      [
        `open loop ${rate}/s on the 10 ms target, ${rounds} rounds of ${durationS} s, medians:`,
        line('runner (from the scheduled start)', figures.runner, inFlight.runner),
        line('runner (send → answer)', figures.runnerRaw),
        line('autocannon -R (send → answer)', figures.autocannon, inFlight.autocannon),
        ...(heyInstalled ? [line(`hey -c ${rate / 50} -q 50 (send → answer)`, figures.hey, inFlight.hey)] : []),
        `  runner vs autocannon: p50 ${versus(mid(figures.runner, 'p50'), mid(figures.autocannon, 'p50'))}, ` +
          `p99 ${versus(mid(figures.runner, 'p99'), mid(figures.autocannon, 'p99'))}` +
          (heyInstalled
            ? `; vs hey: p50 ${versus(mid(figures.runner, 'p50'), mid(figures.hey, 'p50'))}, ` +
              `p99 ${versus(mid(figures.runner, 'p99'), mid(figures.hey, 'p99'))}`
            : '') +
          ' (goal: within ±10 %)',
      ].join('\n'),
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
