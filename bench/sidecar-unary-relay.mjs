// Sidecar unary relay: POST /api/invoke of the MQTT example's `publish` (QoS 0, pooled connection) through the stdio
// sidecar, against the same definition loaded in-process as a plugin (the named baseline: same logic, no process hop).
// Both workbenches talk to one aedes broker in its own process. p50 at concurrency 1 (interleaved rounds) and
// throughput at concurrency 16. Goal: the stdio hop adds at most 0.5 ms at p50.
// Run: npx tsc -b tsconfig.build.json && node bench/sidecar-unary-relay.mjs   (env: SIDECAR_CALLS, SIDECAR_WARMUP)
import { fork } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Pool } from 'undici'

const repoRoot = resolve(import.meta.dirname, '..')
const sequentialCalls = Number(process.env.SIDECAR_CALLS ?? 4000)
const warmupCalls = Number(process.env.SIDECAR_WARMUP ?? 2000)
const concurrentCalls = Number(process.env.SIDECAR_CONCURRENT_CALLS ?? 20_000)
const concurrency = 16
const goalP50OverheadMs = 0.5

if (process.argv.includes('--serve')) {
  // The broker runs apart: sharing the bench's event loop would slow both arms alike and hide the difference.
  const { Aedes } = await import('aedes')
  const broker = await Aedes.createBroker()
  const server = createServer(broker.handle)
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }))
  process.on('disconnect', () => server.close(() => broker.close()))
} else {
  await main()
}

/** The MQTT definition as an in-process ProtocolPlugin: the sidecar's logic without JSON-RPC or a process. */
async function inProcessPlugin() {
  const { mqttSidecar } = await import('../examples/sidecars/mqtt/dist/definition.js')
  const log = () => undefined
  return {
    id: 'mqtt',
    name: 'MQTT (in-process)',
    anyScheme: true,
    discover: (target, ctx) =>
      mqttSidecar.discover(
        { serverUrl: target.url, showInternalServices: false, metadata: ctx.metadata, markers: ctx.markers },
        { signal: ctx.signal, log },
      ),
    async invoke(call, ctx) {
      const answer = await mqttSidecar.invoke(
        {
          serverUrl: call.serverUrl ?? call.target,
          service: call.service,
          method: call.method,
          messages: call.messages,
          showInternalServices: false,
          metadata: ctx.metadata,
          markers: ctx.markers,
        },
        { signal: ctx.signal, log },
      )
      return { durationMs: 0, metadata: {}, status: 'OK', ...answer }
    },
    dispose: () => mqttSidecar.close?.(),
  }
}

async function main() {
  const { createStandaloneServer } = await import('../packages/server/dist/index.js')
  const broker = fork(import.meta.filename, ['--serve'], { stdio: 'inherit' })
  const port = await new Promise((ok) => broker.once('message', (m) => ok(m.port)))
  const brokerUrl = `mqtt://127.0.0.1:${port}`
  const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-sidecar-'))

  const sidecarWb = await createStandaloneServer({
    port: 0,
    configDir: join(scratch, 'a'),
    uiDir: null,
    logLevel: false,
    plugins: [],
    pluginDirs: [join(repoRoot, 'examples/sidecars/mqtt')],
    sidecarLimits: { pingIntervalMs: 0 },
  })
  const inProcessWb = await createStandaloneServer({
    port: 0,
    configDir: join(scratch, 'b'),
    uiDir: null,
    logLevel: false,
    plugins: [await inProcessPlugin()],
    sidecars: false,
  })
  const bases = { sidecar: await sidecarWb.listen(), inProcess: await inProcessWb.listen() }
  const pools = {
    sidecar: new Pool(bases.sidecar, { connections: concurrency }),
    inProcess: new Pool(bases.inProcess, { connections: concurrency }),
  }
  const tokens = { sidecar: sidecarWb.token, inProcess: inProcessWb.token }
  const body = JSON.stringify({
    protocol: 'mqtt',
    url: brokerUrl,
    service: 'Broker',
    method: 'publish',
    messages: [{ topic: 'bench/relay', payload: { reading: 21.5 }, qos: 0 }],
  })
  const caller = (arm) => async () => {
    const res = await pools[arm].request({
      path: '/api/invoke',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': tokens[arm] },
      body,
    })
    const result = await res.body.json()
    if (res.statusCode !== 200 || result.status !== 'OK') throw new Error(`${arm}: ${JSON.stringify(result)}`)
  }
  const calls = { inProcess: caller('inProcess'), sidecar: caller('sidecar') }

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
  async function interleaved(list) {
    const rounds = 4
    const perRound = Math.ceil(sequentialCalls / rounds)
    for (const call of list) for (let i = 0; i < warmupCalls; i++) await call()
    const samples = list.map(() => [])
    for (let round = 0; round < rounds; round++) {
      for (const [k, call] of list.entries()) {
        for (let i = 0; i < perRound; i++) {
          const t = performance.now()
          await call()
          samples[k].push(performance.now() - t)
        }
      }
    }
    return samples.map((s) => {
      const sorted = Float64Array.from(s).sort()
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
    })
  }
  async function throughput(call) {
    for (let i = 0; i < warmupCalls / 10; i++) await Promise.all(Array.from({ length: concurrency }, call))
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
    const [inProcess, sidecar] = await interleaved([calls.inProcess, calls.sidecar])
    const inProcessRate = await throughput(calls.inProcess)
    const sidecarRate = await throughput(calls.sidecar)
    const overhead = sidecar.p50 - inProcess.p50
    console.log(
      `sidecar-unary-relay: MQTT publish (QoS 0) via /api/invoke; ${sequentialCalls} sequential calls after ${warmupCalls} warm-up; ${concurrentCalls} calls at concurrency ${concurrency}`,
    )
    console.log(
      `  baseline (same definition in-process)  p50 ${ms(inProcess.p50)}  p99 ${ms(inProcess.p99)}  throughput ${inProcessRate.toFixed(0)} req/s`,
    )
    console.log(
      `  sidecar (stdio, JSON-RPC)              p50 ${ms(sidecar.p50)}  p99 ${ms(sidecar.p99)}  throughput ${sidecarRate.toFixed(0)} req/s (${(sidecarRate / inProcessRate).toFixed(2)}x of in-process)`,
    )
    console.log(
      `  stdio hop at p50: +${ms(overhead)} (${(sidecar.p50 / inProcess.p50).toFixed(2)}x); goal ≤ +${goalP50OverheadMs} ms: ${overhead <= goalP50OverheadMs ? 'met' : 'NOT met'}`,
    )
  } finally {
    await pools.sidecar.close()
    await pools.inProcess.close()
    await sidecarWb.close()
    await inProcessWb.close()
    broker.disconnect()
    await rm(scratch, { recursive: true, force: true })
  }
}
