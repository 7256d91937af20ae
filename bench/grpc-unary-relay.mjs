// gRPC relay overhead: a unary call through the workbench's POST /api/invoke vs a direct connect-node call to the same
// @grpc/grpc-js server. Baseline: the direct call. Run: node bench/grpc-unary-relay.mjs (needs npx tsc -b tsconfig.build.json)
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { create, createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import { createGrpcTransport } from '@connectrpc/connect-node'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import Fastify from 'fastify'
import { Pool } from 'undici'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const sequentialCalls = Number(process.env.RELAY_CALLS ?? 2000)
const warmupCalls = Number(process.env.RELAY_WARMUP ?? 2000)
const concurrentCalls = Number(process.env.RELAY_CONCURRENT_CALLS ?? 10_000)
const concurrency = 50
const goalRatio = 1.2
const fixtures = fileURLToPath(new URL('../tests/fixtures/grpc/', import.meta.url))
const require = createRequire(import.meta.url)

// The target: the Lab fixture's Echo on @grpc/grpc-js, with server reflection for the workbench's discovery.
const definition = protoLoader.loadSync(['wbtest/v1/lab.proto'], { includeDirs: [fixtures] })
const target = new grpc.Server()
const lab = grpc.loadPackageDefinition(definition).wbtest.v1.Lab
target.addService(lab.service, { echo: (call, callback) => callback(null, { text: call.request.text }) })
new ReflectionService(definition).addToServer(target)
const port = await new Promise((resolve, reject) =>
  target.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, p) =>
    error ? reject(error) : resolve(p),
  ),
)
const targetUrl = `http://127.0.0.1:${port}`

// The direct client needs the descriptors too: compiled from the fixture with buf, as a connect-node user would.
const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-'))
const setFile = join(scratch, 'set.binpb')
const buf = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf')
execFileSync(
  process.execPath,
  [buf, 'build', fixtures, '--path', join(fixtures, 'wbtest/v1/lab.proto'), '--as-file-descriptor-set', '-o', setFile],
  {
    env: { PATH: process.env.PATH ?? '', HOME: scratch, BUF_CACHE_DIR: join(scratch, 'cache') },
  },
)
const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, await readFile(setFile)))
const echo = registry.getService('wbtest.v1.Lab').methods.find((m) => m.name === 'Echo')
const transport = createGrpcTransport({ baseUrl: targetUrl })
const request = create(echo.input, { text: 'bench' })

const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-relay-'))
const workbench = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
const base = await workbench.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.token }
const relay = new Pool(base, { connections: concurrency })

// Reference floor: a bare Fastify route that makes the same connect-node call and answers JSON. What any relay costs.
const floorApp = Fastify({ logger: false })
floorApp.post('/relay', async () => {
  const reply = await transport.unary(echo, undefined, undefined, undefined, request)
  return { response: { text: reply.message.text }, status: 'OK' }
})
const floorBase = await floorApp.listen({ host: '127.0.0.1', port: 0 })
const floor = new Pool(floorBase, { connections: concurrency })

async function directCall() {
  const reply = await transport.unary(echo, undefined, undefined, undefined, request)
  if (reply.message.text !== 'bench') throw new Error('direct call failed')
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

const invokeBody = JSON.stringify({
  protocol: 'grpc',
  url: targetUrl,
  service: 'wbtest.v1.Lab',
  method: 'Echo',
  messages: [{ text: 'bench' }],
})
async function relayCall() {
  const res = await relay.request({ path: '/api/invoke', method: 'POST', headers, body: invokeBody })
  const result = await res.body.json()
  if (res.statusCode !== 200 || result.status !== 'OK') throw new Error(`invoke failed: ${JSON.stringify(result)}`)
}

const discovered = await relay.request({
  path: '/api/discover',
  method: 'POST',
  headers,
  body: JSON.stringify({ urls: [`grpc@${targetUrl}`] }),
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
  for (let i = 0; i < warmupCalls / 10; i++) await Promise.all(Array.from({ length: 10 }, call))
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
  const [d, f, r] = await interleaved([directCall, floorCall, relayCall])
  const dThroughput = await throughput(directCall)
  const fThroughput = await throughput(floorCall)
  const rThroughput = await throughput(relayCall)
  const ratio = r.p50 / d.p50
  console.log(
    `grpc unary relay: ${sequentialCalls} sequential calls after ${warmupCalls} warm-up; ${concurrentCalls} calls at concurrency ${concurrency}`,
  )
  console.log(
    `  baseline (direct connect-node → grpc-js)  p50 ${ms(d.p50)}  p99 ${ms(d.p99)}  throughput ${dThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  floor (bare Fastify + connect-node relay)  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  throughput ${fThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  workbench (/api/invoke → grpc-js)          p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  throughput ${rThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  ratio p50 ${ratio.toFixed(2)}x, p99 ${(r.p99 / d.p99).toFixed(2)}x; throughput ${(rThroughput / dThroughput).toFixed(2)}x of baseline`,
  )
  console.log(`  floor ratio p50 ${(f.p50 / d.p50).toFixed(2)}x; workbench above the floor p50 +${ms(r.p50 - f.p50)}`)
  console.log(`  goal p50 ≤ ${goalRatio}x direct: ${ratio <= goalRatio ? 'met' : 'NOT met'}`)
} finally {
  await Promise.all([relay.close(), floor.close()])
  await floorApp.close()
  await workbench.close()
  target.forceShutdown()
  await rm(configDir, { recursive: true, force: true })
  await rm(scratch, { recursive: true, force: true })
}
