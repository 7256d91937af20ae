// MCP relay overhead: tools/call (echo) through POST /api/invoke vs a direct MCP SDK client on the same server, at
// concurrency 1 and 16, and the `initialize`s the server saw while the workbench relayed (its session is reused).
// Baseline: the direct SDK client. Run: node bench/mcp-relay.mjs   (needs a build: npx tsc -b tsconfig.build.json)
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Pool } from 'undici'
import { createStandaloneServer } from '../packages/server/dist/index.js'
import { startMcpTargetProcess } from './mcp-targets/server.mjs'

const calls = Number(process.env.MCP_RELAY_CALLS ?? 2000)
const warmupCalls = Number(process.env.MCP_RELAY_WARMUP ?? 1000)
const goalP50OverheadMs = 0.5

// The target runs in its own process: this one does only what is measured (the clients and the workbench).
const target = await startMcpTargetProcess()
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-mcp-relay-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }
const relay = new Pool(base, { connections: 16 })

// The SDK passes each session's one long-lived signal to every fetch, and fetch's Request keeps an abort listener on it
// until the Request is collected: thousands pile up and each new one scans them. The workbench gives each request a
// signal of its own (AbortSignal.any); the baseline gets the same, so the comparison is of the relay alone.
const fetchWithOwnSignal = (url, init) =>
  fetch(url, init?.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init)
const client = new Client({ name: 'bench-direct', version: '1' })
await client.connect(new StreamableHTTPClientTransport(new URL(target.url), { fetch: fetchWithOwnSignal }))

const directCall = async () => {
  const result = await client.callTool({ name: 'echo', arguments: { message: 'hi' } })
  if (result.content[0]?.text !== 'hi') throw new Error(`direct call failed: ${JSON.stringify(result)}`)
}
const invokeBody = JSON.stringify({
  protocol: 'mcp',
  url: target.url,
  service: 'Tools',
  method: 'echo',
  messages: [{ message: 'hi' }],
})
const relayCall = async () => {
  const res = await relay.request({ path: '/api/invoke', method: 'POST', headers, body: invokeBody })
  const result = await res.body.json()
  if (res.statusCode !== 200 || result.status !== 'OK') throw new Error(`invoke failed: ${JSON.stringify(result)}`)
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** `total` calls with `concurrency` workers: per-call latency percentiles and throughput. */
async function measure(call, concurrency, total) {
  const samples = new Float64Array(total)
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t = performance.now()
        await call()
        samples[i] = performance.now() - t
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  samples.sort()
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), throughput: total / seconds }
}

const ms = (v) => `${v.toFixed(3)} ms`
try {
  // The first relayed call discovers the tool list over a new session: that is the one initialize the relay may cost.
  await relayCall()
  for (let i = 0; i < warmupCalls; i++) {
    await directCall()
    await relayCall()
  }
  const initializesBefore = await target.initializes()
  console.log(`mcp-relay: tools/call echo, ${calls} calls per arm and concurrency after ${warmupCalls} warm-up`)
  let goalMet = true
  for (const concurrency of [1, 16]) {
    // Alternating halves, so load drift on a shared machine hits both arms alike.
    const halves = []
    for (let round = 0; round < 2; round++) {
      halves.push([await measure(directCall, concurrency, calls / 2), await measure(relayCall, concurrency, calls / 2)])
    }
    const avg = (k, field) => (halves[0][k][field] + halves[1][k][field]) / 2
    const direct = { p50: avg(0, 'p50'), p99: avg(0, 'p99'), throughput: avg(0, 'throughput') }
    const relayed = { p50: avg(1, 'p50'), p99: avg(1, 'p99'), throughput: avg(1, 'throughput') }
    const overhead = relayed.p50 - direct.p50
    if (concurrency === 1 && overhead > goalP50OverheadMs) goalMet = false
    console.log(`  concurrency ${concurrency}`)
    console.log(
      `    baseline (SDK client → server)        p50 ${ms(direct.p50)}  p99 ${ms(direct.p99)}  ${direct.throughput.toFixed(0)} calls/s`,
    )
    console.log(
      `    workbench (/api/invoke → server)      p50 ${ms(relayed.p50)}  p99 ${ms(relayed.p99)}  ${relayed.throughput.toFixed(0)} calls/s`,
    )
    console.log(
      `    overhead p50 +${ms(overhead)} (${(relayed.p50 / direct.p50).toFixed(2)}x); throughput ${(relayed.throughput / direct.throughput).toFixed(2)}x of baseline`,
    )
  }
  const extra = (await target.initializes()) - initializesBefore
  console.log(`  initialize requests during the measured relay calls: ${extra} (the session is reused; goal 0)`)
  console.log(
    `  goal p50 overhead ≤ +${goalP50OverheadMs} ms at concurrency 1 and 0 extra initializes: ${goalMet && extra === 0 ? 'met' : 'NOT met'}`,
  )
} finally {
  await client.close()
  await relay.close()
  await workbench.close()
  await target.close()
  await rm(configDir, { recursive: true, force: true })
}
