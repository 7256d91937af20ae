// Relay overhead: POST /api/invoke through the workbench vs a direct undici call to the same local target.
// Baseline: the direct call. Reference floor: a bare Fastify + undici relay (what any relay costs).
// Run: npx tsc -b tsconfig.build.json && node bench/relay.mjs [--runs N] [--profile <dir>]
//
// Every arm (client, target, workbench, floor) shares this process's event loop, so throughput at concurrency 50 is a
// contest of CPU per call; wall times on a busy machine are noisy, the process's CPU time per call (process.cpuUsage()
// around each throughput phase) much less so; both are measured in alternating rounds of the arms. With --runs N (same servers, N full measurements) the summary gives the
// medians. --profile <dir> writes a sampled CPU profile (50 µs interval) of the floor's and the workbench's throughput
// phases, after the measured runs, to <dir>/floor.cpuprofile and <dir>/workbench.cpuprofile (Chrome DevTools opens them).
import { createServer } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import { Pool } from 'undici'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const sequentialCalls = Number(process.env.RELAY_CALLS ?? 2000)
// Every arm gets the same warm-up, long enough for the JIT to settle the workbench's larger code path too
// (with 300 its p50 still drifted down by 0.02-0.08 ms over the measured calls).
const warmupCalls = Number(process.env.RELAY_WARMUP ?? 2000)
const concurrentCalls = Number(process.env.RELAY_CONCURRENT_CALLS ?? 10_000)
const concurrency = 50
const goalP50OverheadMs = 0.3
/** The workbench's throughput at concurrency 50 should be at least this share of the floor's. */
const goalFloorThroughput = 0.9

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, profile: { type: 'string' } },
})
const runs = Number(flags.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number of runs, 1 or more (got ${flags.runs})`)

// The target: a tiny node:http service that documents itself.
const payload = JSON.stringify({ id: 7, name: 'Rex', tags: ['good', 'dog'] })
const target = createServer((req, res) => {
  if (req.url === '/openapi.json') {
    const { port } = target.address()
    res.setHeader('content-type', 'application/json')
    res.end(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'bench', version: '1' },
        servers: [{ url: `http://127.0.0.1:${port}` }],
        paths: {
          '/pet': { get: { tags: ['pets'], operationId: 'getPet', responses: { 200: { description: 'a pet' } } } },
        },
      }),
    )
    return
  }
  res.setHeader('content-type', 'application/json')
  res.end(payload)
})
await new Promise((resolve) => target.listen(0, '127.0.0.1', resolve))
const targetOrigin = `http://127.0.0.1:${target.address().port}`

const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-relay-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }

// Reference floor: a bare Fastify route relaying with undici, no gates, validation or plugin. What any relay costs.
const floorUpstream = new Pool(targetOrigin, { connections: concurrency })
const floorApp = Fastify({ logger: false })
floorApp.post('/relay', async () => {
  const res = await floorUpstream.request({ path: '/pet', method: 'GET' })
  return { response: await res.body.json(), status: 'OK' }
})
const floorBase = await floorApp.listen({ host: '127.0.0.1', port: 0 })

const direct = new Pool(targetOrigin, { connections: concurrency })
const relay = new Pool(base, { connections: concurrency })
const floor = new Pool(floorBase, { connections: concurrency })

async function directCall() {
  const res = await direct.request({ path: '/pet', method: 'GET' })
  await res.body.json()
}

async function floorCall() {
  const res = await floor.request({
    path: '/relay',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  await res.body.json()
}

const docUrl = `${targetOrigin}/openapi.json`
const invokeBody = JSON.stringify({ protocol: 'rest', url: docUrl, service: 'pets', method: 'getPet', messages: [{}] })
async function relayCall() {
  const res = await relay.request({ path: '/api/invoke', method: 'POST', headers, body: invokeBody })
  const result = await res.body.json()
  if (res.statusCode !== 200 || result.status !== 'OK') throw new Error(`invoke failed: ${JSON.stringify(result)}`)
}

const discovered = await relay.request({
  path: '/api/discover',
  method: 'POST',
  headers,
  body: JSON.stringify({ urls: [docUrl] }),
})
const discovery = await discovered.body.json()
if (discovery.services?.length !== 1) throw new Error(`discovery failed: ${JSON.stringify(discovery)}`)

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** Sequential latency of each call kind, measured in alternating rounds so load drift hits all kinds alike. */
async function interleaved(calls, warmUp) {
  const rounds = 4
  const perRound = Math.ceil(sequentialCalls / rounds)
  if (warmUp) for (const call of calls) for (let i = 0; i < warmupCalls; i++) await call()
  const samples = calls.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (const [k, call] of calls.entries()) {
      for (let i = 0; i < perRound; i++) {
        const t = performance.now()
        await call()
        samples[k].push(performance.now() - t)
      }
    }
  }
  return samples.map((list) => {
    const sorted = Float64Array.from(list).sort()
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
  })
}

/** One throughput phase: `total` calls at concurrency 50; its wall time and this process's CPU time (user + system). */
async function phase(call, total, profileName) {
  const profiler = flags.profile && profileName ? await startProfile() : undefined
  let next = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await call()
    }),
  )
  const elapsedMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  if (profiler) await stopProfile(profiler, profileName)
  return { elapsedMs, cpuUs: cpu.user + cpu.system }
}

/**
 * Calls per second at concurrency 50 and CPU time per call of each call kind, measured in alternating rounds (as the
 * sequential latencies are): load from other processes on a shared machine drifts over seconds, and one long phase per
 * kind let that drift decide the ratio (0.49x and 1.14x of the floor in two runs of the same build).
 */
async function throughputs(calls) {
  const rounds = 4
  const perRound = Math.ceil(concurrentCalls / rounds)
  for (const call of calls)
    for (let i = 0; i < warmupCalls / 10; i++) await Promise.all(Array.from({ length: 10 }, call))
  const sums = calls.map(() => ({ elapsedMs: 0, cpuUs: 0 }))
  for (let round = 0; round < rounds; round++) {
    for (const [k, call] of calls.entries()) {
      const { elapsedMs, cpuUs } = await phase(call, perRound)
      sums[k].elapsedMs += elapsedMs
      sums[k].cpuUs += cpuUs
    }
  }
  const total = perRound * rounds
  return sums.map(({ elapsedMs, cpuUs }) => ({ perSecond: total / (elapsedMs / 1000), cpuPerCallUs: cpuUs / total }))
}

async function startProfile() {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 50 })
  await session.post('Profiler.start')
  return session
}

async function stopProfile(session, name) {
  const { profile } = await session.post('Profiler.stop')
  session.disconnect()
  await mkdir(flags.profile, { recursive: true })
  await writeFile(join(flags.profile, `${name}.cpuprofile`), JSON.stringify(profile))
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

const ms = (v) => `${v.toFixed(3)} ms`
const us = (v) => `${v.toFixed(0)} µs`

function report({ d, f, r, dT, fT, rT }) {
  const overheadP50 = r.p50 - d.p50
  const floorShare = rT.perSecond / fT.perSecond
  console.log(
    `relay: ${sequentialCalls} sequential calls after ${warmupCalls} warm-up; ${concurrentCalls} calls at concurrency ${concurrency}; all arms in one process`,
  )
  console.log(
    `  baseline (direct undici → target)   p50 ${ms(d.p50)}  p99 ${ms(d.p99)}  throughput ${dT.perSecond.toFixed(0)} req/s  CPU ${us(dT.cpuPerCallUs)}/call`,
  )
  console.log(
    `  floor (bare Fastify+undici relay)   p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  throughput ${fT.perSecond.toFixed(0)} req/s  CPU ${us(fT.cpuPerCallUs)}/call`,
  )
  console.log(
    `  workbench (/api/invoke → target)    p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  throughput ${rT.perSecond.toFixed(0)} req/s  CPU ${us(rT.cpuPerCallUs)}/call`,
  )
  console.log(
    `  overhead p50 +${ms(overheadP50)} (${(r.p50 / d.p50).toFixed(2)}x), p99 +${ms(r.p99 - d.p99)} (${(r.p99 / d.p99).toFixed(2)}x)`,
  )
  console.log(
    `  throughput ratio ${(rT.perSecond / dT.perSecond).toFixed(2)}x of baseline, ${floorShare.toFixed(2)}x of the floor`,
  )
  console.log(`  floor overhead p50 +${ms(f.p50 - d.p50)}; workbench above the floor p50 +${ms(r.p50 - f.p50)}`)
  const cpuRatio = rT.cpuPerCallUs / fT.cpuPerCallUs
  console.log(
    `  CPU per call: workbench ${cpuRatio.toFixed(2)}x the floor's (+${us(rT.cpuPerCallUs - fT.cpuPerCallUs)}); the floor's relay hop over a direct call +${us(fT.cpuPerCallUs - dT.cpuPerCallUs)}`,
  )
  console.log(`  goal p50 overhead ≤ +${goalP50OverheadMs} ms: ${overheadP50 <= goalP50OverheadMs ? 'met' : 'NOT met'}`)
  console.log(
    `  goal throughput ≥ ${goalFloorThroughput}x of the floor: ${floorShare >= goalFloorThroughput ? 'met' : 'NOT met'}`,
  )
  return {
    overheadP50,
    aboveFloorP50: r.p50 - f.p50,
    floorShare,
    cpuRatio,
    cpuExtraUs: rT.cpuPerCallUs - fT.cpuPerCallUs,
  }
}

function summarize(outcomes) {
  const list = (key, format) => outcomes.map((o) => format(o[key])).join(', ')
  const mid = (key) => median(outcomes.map((o) => o[key]))
  const x = (v) => `${v.toFixed(2)}x`
  console.log(`summary of ${outcomes.length} runs (medians):`)
  console.log(`  overhead p50 +${ms(mid('overheadP50'))}  (runs: ${list('overheadP50', (v) => v.toFixed(3))})`)
  console.log(`  workbench above the floor p50 +${ms(mid('aboveFloorP50'))}`)
  console.log(`  throughput ${x(mid('floorShare'))} of the floor  (runs: ${list('floorShare', x)})`)
  console.log(
    `  CPU per call ${x(mid('cpuRatio'))} the floor's, +${us(mid('cpuExtraUs'))}  (runs: ${list('cpuExtraUs', us)})`,
  )
  console.log(
    `  goals: p50 overhead ≤ +${goalP50OverheadMs} ms ${mid('overheadP50') <= goalP50OverheadMs ? 'met' : 'NOT met'}; throughput ≥ ${goalFloorThroughput}x of the floor ${mid('floorShare') >= goalFloorThroughput ? 'met' : 'NOT met'}`,
  )
}

try {
  const outcomes = []
  for (let run = 1; run <= runs; run++) {
    if (runs > 1) console.log(`run ${run} of ${runs}`)
    // The servers stay up between runs: only the first run needs the warm-up.
    const [d, f, r] = await interleaved([directCall, floorCall, relayCall], run === 1)
    const [dT, fT, rT] = await throughputs([directCall, floorCall, relayCall])
    outcomes.push(report({ d, f, r, dT, fT, rT }))
  }
  if (runs > 1) summarize(outcomes)
  if (flags.profile) {
    // A phase of its own: sampling costs CPU, so the measured runs above are never profiled.
    await phase(floorCall, concurrentCalls, 'floor')
    await phase(relayCall, concurrentCalls, 'workbench')
    console.log(`profiles of one throughput phase each: ${join(flags.profile, '{floor,workbench}.cpuprofile')}`)
  }
} finally {
  await Promise.all([direct.close(), relay.close(), floor.close(), floorUpstream.close()])
  await floorApp.close()
  await workbench.close()
  await new Promise((resolve) => target.close(resolve))
  await rm(configDir, { recursive: true, force: true })
}
