// Hub invoke relay: `invoke` (Echo) through POST /api/invoke vs the official @microsoft/signalr client invoking the
// same hub directly, in the same run (baseline: the direct client), p50 at concurrency 1. The hub is our server
// (examples/demo, written from the SignalR specs); it counts negotiates, which shows the workbench reuses one hub
// connection across calls. Run: npx tsc -b tsconfig.build.json && node bench/signalr-invoke-relay.mjs
//      (SIGNALR_CALLS, SIGNALR_WARMUP; SIGNALR_TRANSPORT = WebSockets | ServerSentEvents | LongPolling)
import { createRequire } from 'node:module'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Pool } from 'undici'
import { chatHub, startHubServer } from '../examples/demo/dist/index.js'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const require = createRequire(import.meta.url)
const { HttpTransportType, HubConnectionBuilder, LogLevel } = require('@microsoft/signalr')

const calls = Number(process.env.SIGNALR_CALLS ?? 3000)
const warmup = Number(process.env.SIGNALR_WARMUP ?? 2000)
const transport = process.env.SIGNALR_TRANSPORT ?? 'WebSockets'
const goalP50OverheadMs = 0.5

const hubServer = await startHubServer({ hubs: [{ path: '/hubs/chat', hub: chatHub }] })
const hubUrl = hubServer.url('/hubs/chat')
const stats = hubServer.endpoint('/hubs/chat').stats

const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-signalr-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const relay = new Pool(base, { connections: 1 })
const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }

const direct = new HubConnectionBuilder()
  .withUrl(hubUrl, { transport: HttpTransportType[transport] })
  .configureLogging(LogLevel.None)
  .build()
await direct.start()
const payload = { id: 7, name: 'Rex', tags: ['good', 'dog'] }

async function directCall() {
  await direct.invoke('Echo', payload)
}

const invokeBody = JSON.stringify({
  protocol: 'signalr',
  url: hubUrl,
  service: 'chat',
  method: 'invoke',
  messages: [{ target: 'Echo', arguments: [payload], transport }],
})
async function relayCall() {
  const res = await relay.request({ path: '/api/invoke', method: 'POST', headers, body: invokeBody })
  const result = await res.body.json()
  if (res.statusCode !== 200 || result.status !== 'OK') throw new Error(`invoke failed: ${JSON.stringify(result)}`)
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** Sequential latency of each arm, in alternating rounds so load drift hits both alike. */
async function interleaved(arms) {
  const rounds = 4
  const perRound = Math.ceil(calls / rounds)
  for (const arm of arms) for (let i = 0; i < warmup; i++) await arm()
  const samples = arms.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (const [k, arm] of arms.entries()) {
      for (let i = 0; i < perRound; i++) {
        const t = performance.now()
        await arm()
        samples[k].push(performance.now() - t)
      }
    }
  }
  return samples.map((list) => {
    const sorted = Float64Array.from(list).sort()
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
  })
}

const ms = (v) => `${v.toFixed(3)} ms`
try {
  const negotiatesBefore = stats.negotiates
  const [d, r] = await interleaved([directCall, relayCall])
  const relayNegotiates = stats.negotiates - negotiatesBefore
  const overhead = r.p50 - d.p50
  console.log(
    `signalr-invoke-relay: ${calls} sequential Echo invocations per arm after ${warmup} warm-up, ${transport}`,
  )
  console.log(`  baseline (official client → hub)      p50 ${ms(d.p50)}  p99 ${ms(d.p99)}`)
  console.log(`  workbench (/api/invoke → hub)         p50 ${ms(r.p50)}  p99 ${ms(r.p99)}`)
  console.log(`  overhead p50 +${ms(overhead)} (${(r.p50 / d.p50).toFixed(2)}x), p99 +${ms(r.p99 - d.p99)}`)
  console.log(
    `  negotiates at the hub during ${calls + warmup} workbench calls: ${relayNegotiates} (one connection reused)`,
  )
  console.log(
    `  goal p50 overhead ≤ +${goalP50OverheadMs} ms with one connection: ${overhead <= goalP50OverheadMs && relayNegotiates <= 1 ? 'met' : 'NOT met'}`,
  )
} finally {
  await direct.stop()
  await relay.close()
  await workbench.close()
  await hubServer.close()
  await rm(configDir, { recursive: true, force: true })
}
