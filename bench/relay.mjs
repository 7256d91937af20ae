// Relay overhead: POST /api/invoke through the workbench vs a direct undici call to the same local target.
// Baseline: the direct call. Run: node bench/relay.mjs   (needs a build: npx tsc -b tsconfig.build.json)
import { createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
async function interleaved(calls) {
  const rounds = 4
  const perRound = Math.ceil(sequentialCalls / rounds)
  for (const call of calls) for (let i = 0; i < warmupCalls; i++) await call()
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

async function throughput(call) {
  for (let i = 0; i < warmupCalls; i++) await Promise.all(Array.from({ length: 10 }, call))
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < concurrentCalls) await call()
    }),
  )
  return concurrentCalls / ((performance.now() - started) / 1000)
}

const ms = (v) => `${v.toFixed(3)} ms`
try {
  const [d1, f1, r1] = await interleaved([directCall, floorCall, relayCall])
  const dThroughput = await throughput(directCall)
  const fThroughput = await throughput(floorCall)
  const rThroughput = await throughput(relayCall)
  const overheadP50 = r1.p50 - d1.p50
  console.log(
    `relay: ${sequentialCalls} sequential calls after ${warmupCalls} warm-up; ${concurrentCalls} calls at concurrency ${concurrency}`,
  )
  console.log(
    `  baseline (direct undici → target)   p50 ${ms(d1.p50)}  p99 ${ms(d1.p99)}  throughput ${dThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  floor (bare Fastify+undici relay)   p50 ${ms(f1.p50)}  p99 ${ms(f1.p99)}  throughput ${fThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  workbench (/api/invoke → target)    p50 ${ms(r1.p50)}  p99 ${ms(r1.p99)}  throughput ${rThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  overhead p50 +${ms(overheadP50)} (${(r1.p50 / d1.p50).toFixed(2)}x), p99 +${ms(r1.p99 - d1.p99)} (${(r1.p99 / d1.p99).toFixed(2)}x)`,
  )
  console.log(`  throughput ratio ${(rThroughput / dThroughput).toFixed(2)}x of baseline`)
  console.log(`  floor overhead p50 +${ms(f1.p50 - d1.p50)}; workbench above the floor p50 +${ms(r1.p50 - f1.p50)}`)
  console.log(`  goal p50 overhead ≤ +${goalP50OverheadMs} ms: ${overheadP50 <= goalP50OverheadMs ? 'met' : 'NOT met'}`)
} finally {
  await Promise.all([direct.close(), relay.close(), floor.close(), floorUpstream.close()])
  await floorApp.close()
  await workbench.close()
  await new Promise((resolve) => target.close(resolve))
  await rm(configDir, { recursive: true, force: true })
}
