// gRPC relay overhead: a unary call through the workbench's POST /api/invoke vs a direct connect-node call to the same
// @grpc/grpc-js server. Baseline: the direct call. Reference arms: one bare HTTP hop (no upstream); a bare Fastify +
// connect-node relay (what a typical relay costs); and a bare relay on the workbench's own unary HTTP/2 path with a
// prepared message (the least a relay on that path costs, so the workbench's own work is its distance from that arm).
// Run: npx tsc -b tsconfig.build.json && node bench/grpc-unary-relay.mjs [--runs N]
//
// A run is disturbed when the bare relay, which adds no more than a loopback hop to a leaner client path than the
// direct call's, reads over 1.05x of direct: on a busy machine a chain of three processes loses more than a pair does,
// so such a run says more about the machine than about the workbench. With --runs N (same processes, N full
// measurements) the summary gives the median ratio of all runs and of the undisturbed ones.
//
// Arrangement: the client (this process), the target and each relay run in their own processes, as in real use (the
// browser is another process, and so is the gRPC server). When all of them shared one event loop, a relayed call paid
// for the client's, the relay's and the target's work in series on one thread, while a direct call paid for only two of
// the three, so the ratio measured CPU summed over the hops rather than a hop's latency. Now every arm is measured from
// this process against the same target process: direct → target; client → floor process → target; client →
// workbench process → target. RELAY_CPU_PROF=<dir> starts the workbench process with --cpu-prof into that directory.
import { execFileSync, fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { create, createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import { createGrpcTransport } from '@connectrpc/connect-node'
import { Pool } from 'undici'

const { values: flags } = parseArgs({
  options: {
    // Internal: which process this is (the client when omitted).
    role: { type: 'string' },
    target: { type: 'string' },
    descriptors: { type: 'string' },
    runs: { type: 'string', default: '1' },
  },
})

const sequentialCalls = Number(process.env.RELAY_CALLS ?? 2000)
const warmupCalls = Number(process.env.RELAY_WARMUP ?? 2000)
const concurrentCalls = Number(process.env.RELAY_CONCURRENT_CALLS ?? 10_000)
const concurrency = 50
const goalRatio = 1.2
/** The bare relay's p50 over the direct call's above which a run counts as disturbed (see the header). */
const quietBareRatio = 1.05
const runs = Number(flags.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number of runs, 1 or more (got ${flags.runs})`)
const fixtures = fileURLToPath(new URL('../tests/fixtures/grpc/', import.meta.url))

/** The method every arm calls, from a descriptor set compiled with buf as a connect-node user would. */
async function echoMethod(setFile) {
  const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, await readFile(setFile)))
  return registry.getService('wbtest.v1.Lab').methods.find((m) => m.name === 'Echo')
}

/** Runs `serve` in this child process, reports what it returns to the parent, and stops when the parent leaves. */
async function child(serve) {
  const { message, close } = await serve()
  process.once('disconnect', () => void close())
  // The parent asks for this process's CPU time around a phase, to report a relay's CPU per call.
  process.on('message', () => process.send({ cpu: process.cpuUsage() }))
  process.send(message)
}

if (flags.role === 'target') {
  // The target: the Lab fixture's Echo on @grpc/grpc-js, with server reflection for the workbench's discovery.
  await child(async () => {
    const grpc = await import('@grpc/grpc-js')
    const protoLoader = await import('@grpc/proto-loader')
    const { ReflectionService } = await import('@grpc/reflection')
    const definition = protoLoader.loadSync(['wbtest/v1/lab.proto'], { includeDirs: [fixtures] })
    const server = new grpc.Server()
    const lab = grpc.loadPackageDefinition(definition).wbtest.v1.Lab
    server.addService(lab.service, { echo: (call, callback) => callback(null, { text: call.request.text }) })
    new ReflectionService(definition).addToServer(server)
    const port = await new Promise((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, p) =>
        error ? reject(error) : resolve(p),
      ),
    )
    return { message: { url: `http://127.0.0.1:${port}` }, close: () => server.forceShutdown() }
  })
} else if (flags.role === 'floor') {
  // Reference floor: a bare Fastify route that makes the same connect-node call and answers JSON. What any relay costs.
  await child(async () => {
    const { default: Fastify } = await import('fastify')
    const echo = await echoMethod(flags.descriptors)
    const transport = createGrpcTransport({ baseUrl: flags.target })
    const request = create(echo.input, { text: 'bench' })
    const app = Fastify({ logger: false })
    app.post('/relay', async () => {
      const reply = await transport.unary(echo, undefined, undefined, undefined, request)
      return { response: { text: reply.message.text }, status: 'OK' }
    })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    return { message: { url }, close: () => app.close() }
  })
} else if (flags.role === 'hop') {
  // The hop alone, in a process of its own: the floor's HTTP request and JSON answer with no upstream call.
  await child(async () => {
    const { default: Fastify } = await import('fastify')
    const app = Fastify({ logger: false })
    app.post('/hop', async () => ({ response: { text: 'bench' }, status: 'OK' }))
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    return { message: { url }, close: () => app.close() }
  })
} else if (flags.role === 'bare') {
  // The bare relay: the hop plus the workbench's own unary HTTP/2 path (protocols/grpc unary-h2) with a prepared
  // message, and none of the rest (JSON conversion, gates, deadline, result shape): the least a relay on that path costs.
  await child(async () => {
    const { default: Fastify } = await import('fastify')
    const { Http2SessionManager } = await import('@connectrpc/connect-node')
    const { createUnaryH2 } = await import('../packages/protocols/grpc/dist/unary-h2.js')
    const echo = await echoMethod(flags.descriptors)
    const sessions = new Http2SessionManager(flags.target)
    const fallback = createGrpcTransport({ baseUrl: flags.target, sessionManager: sessions })
    const unary = createUnaryH2({ baseUrl: flags.target, sessions, readMaxBytes: 4 * 1024 * 1024, fallback })
    const request = create(echo.input, { text: 'bench' })
    const app = Fastify({ logger: false })
    app.post('/relay', async () => {
      const reply = await unary(echo, undefined, undefined, undefined, request)
      return { response: { text: reply.message.text }, status: 'OK' }
    })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    return { message: { url }, close: () => app.close().then(() => sessions.abort()) }
  })
} else if (flags.role === 'workbench') {
  await child(async () => {
    const { createStandaloneServer } = await import('../packages/server/dist/index.js')
    const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-relay-'))
    const workbench = await createStandaloneServer({
      host: '127.0.0.1',
      port: 0,
      configDir,
      uiDir: null,
      logLevel: false,
    })
    const url = await workbench.listen()
    const close = async () => {
      await workbench.close()
      await rm(configDir, { recursive: true, force: true })
    }
    return { message: { url, token: workbench.token }, close }
  })
} else {
  await main()
}

/** Forks this script in `role`; resolves with the child and the message it sends once it listens. */
async function start(role, args = [], execArgv = []) {
  const process = fork(fileURLToPath(import.meta.url), ['--role', role, ...args], { stdio: 'inherit', execArgv })
  const [message] = await Promise.race([
    once(process, 'message'),
    once(process, 'exit').then(([code]) => Promise.reject(new Error(`the ${role} process exited (${code})`))),
  ])
  return { process, message }
}

/** CPU time (user + system, µs) the child has used so far. */
async function cpuTime(started) {
  const reply = once(started.process, 'message')
  started.process.send('cpu')
  const [{ cpu }] = await reply
  return cpu.user + cpu.system
}

async function stop(started) {
  if (!started || started.process.exitCode !== null) return
  const exited = once(started.process, 'exit')
  started.process.disconnect()
  await exited
}

async function main() {
  const require = createRequire(import.meta.url)
  const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-'))
  const children = []
  const pools = []
  try {
    const setFile = join(scratch, 'set.binpb')
    const buf = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf')
    execFileSync(
      process.execPath,
      [
        buf,
        'build',
        fixtures,
        '--path',
        join(fixtures, 'wbtest/v1/lab.proto'),
        '--as-file-descriptor-set',
        '-o',
        setFile,
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: scratch, BUF_CACHE_DIR: join(scratch, 'cache') } },
    )
    const echo = await echoMethod(setFile)

    const target = await start('target')
    children.push(target)
    const targetUrl = target.message.url
    const floorChild = await start('floor', ['--target', targetUrl, '--descriptors', setFile])
    children.push(floorChild)
    const hopChild = await start('hop')
    children.push(hopChild)
    const bareChild = await start('bare', ['--target', targetUrl, '--descriptors', setFile])
    children.push(bareChild)
    const profile = process.env.RELAY_CPU_PROF
    const workbench = await start('workbench', [], profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [])
    children.push(workbench)

    const transport = createGrpcTransport({ baseUrl: targetUrl })
    const request = create(echo.input, { text: 'bench' })
    const headers = { 'content-type': 'application/json', 'x-workbench-token': workbench.message.token }
    const relay = new Pool(workbench.message.url, { connections: concurrency })
    const floor = new Pool(floorChild.message.url, { connections: concurrency })
    const hop = new Pool(hopChild.message.url, { connections: 1 })
    const bare = new Pool(bareChild.message.url, { connections: 1 })
    pools.push(relay, floor, hop, bare)

    const directCall = async () => {
      const reply = await transport.unary(echo, undefined, undefined, undefined, request)
      if (reply.message.text !== 'bench') throw new Error('direct call failed')
    }
    /** A POST to a reference arm, answered with the Echo reply as JSON. */
    const armCall = (pool, path, arm) => async () => {
      const res = await pool.request({
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      const result = await res.body.json()
      if (result.response?.text !== 'bench') throw new Error(`${arm} call failed`)
    }
    const floorCall = armCall(floor, '/relay', 'floor')
    const hopCall = armCall(hop, '/hop', 'hop')
    const bareCall = armCall(bare, '/relay', 'bare relay')
    const invokeBody = JSON.stringify({
      protocol: 'grpc',
      url: targetUrl,
      service: 'wbtest.v1.Lab',
      method: 'Echo',
      messages: [{ text: 'bench' }],
    })
    const relayCall = async () => {
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

    const relays = [hopChild, floorChild, bareChild, workbench]
    const cpuPhase = {
      measureStart: () => Promise.all(relays.map(cpuTime)),
      measureEnd: () => Promise.all(relays.map(cpuTime)),
    }
    const outcomes = []
    for (let run = 1; run <= runs; run++) {
      if (runs > 1) console.log(`run ${run} of ${runs}`)
      // The processes stay up between runs: only the first run needs the warm-up.
      const [[d, h, f, b, r], cpuBefore, cpuAfter] = await interleaved(
        [directCall, hopCall, floorCall, bareCall, relayCall],
        { ...cpuPhase, warmUp: run === 1 },
      )
      const perCall = (i) => (cpuAfter[i] - cpuBefore[i]) / sequentialCalls
      const cpu = { hop: perCall(0), floor: perCall(1), bare: perCall(2), workbench: perCall(3) }
      const dThroughput = await throughput(directCall)
      const fThroughput = await throughput(floorCall)
      const rThroughput = await throughput(relayCall)
      outcomes.push(report({ d, h, f, b, r, dThroughput, fThroughput, rThroughput, cpu }))
    }
    if (runs > 1) summarize(outcomes)
  } finally {
    await Promise.all(pools.map((pool) => pool.close()))
    // The relays first: the workbench's HTTP/2 session to the target closes before the target does.
    for (const started of children.reverse()) await stop(started)
    await rm(scratch, { recursive: true, force: true })
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Sequential latency of each call kind, measured in alternating rounds so load drift hits all kinds alike (short
 * rounds: on a shared machine the load changes within seconds).
 */
async function interleaved(calls, { measureStart, measureEnd, warmUp }) {
  const rounds = 20
  const perRound = Math.ceil(sequentialCalls / rounds)
  if (warmUp) for (const call of calls) for (let i = 0; i < warmupCalls; i++) await call()
  const started = await measureStart()
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
  const ended = await measureEnd()
  const latencies = samples.map((list) => {
    const sorted = Float64Array.from(list).sort()
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
  })
  return [latencies, started, ended]
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

function report({ d, h, f, b, r, dThroughput, fThroughput, rThroughput, cpu }) {
  const ms = (v) => `${v.toFixed(3)} ms`
  const ratio = r.p50 / d.p50
  console.log(
    `grpc unary relay: ${sequentialCalls} sequential calls after ${warmupCalls} warm-up; ${concurrentCalls} calls at concurrency ${concurrency}; client, target and relays in separate processes`,
  )
  console.log(
    `  baseline (direct connect-node → grpc-js)  p50 ${ms(d.p50)}  p99 ${ms(d.p99)}  throughput ${dThroughput.toFixed(0)} req/s`,
  )
  console.log(`  hop (bare Fastify, JSON answer, no upstream) p50 ${ms(h.p50)}  p99 ${ms(h.p99)}`)
  console.log(
    `  floor (bare Fastify + connect-node relay)  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  throughput ${fThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  bare relay (Fastify + workbench unary-h2)  p50 ${ms(b.p50)}  p99 ${ms(b.p99)}  = ${(b.p50 / d.p50).toFixed(2)}x direct`,
  )
  console.log(
    `  workbench (/api/invoke → grpc-js)          p50 ${ms(r.p50)}  p99 ${ms(r.p99)}  throughput ${rThroughput.toFixed(0)} req/s`,
  )
  console.log(
    `  ratio p50 ${ratio.toFixed(2)}x, p99 ${(r.p99 / d.p99).toFixed(2)}x; throughput ${(rThroughput / dThroughput).toFixed(2)}x of baseline`,
  )
  console.log(
    `  floor ratio p50 ${(f.p50 / d.p50).toFixed(2)}x; workbench above the bare relay p50 +${ms(r.p50 - b.p50)} (${((r.p50 - b.p50) / d.p50).toFixed(2)}x of direct)`,
  )
  console.log(`  hop + direct p50 ${ms(h.p50 + d.p50)} = ${((h.p50 + d.p50) / d.p50).toFixed(2)}x direct`)
  console.log(
    `  server process CPU per call: hop ${cpu.hop.toFixed(0)} µs, floor ${cpu.floor.toFixed(0)} µs, bare relay ${cpu.bare.toFixed(0)} µs, workbench ${cpu.workbench.toFixed(0)} µs`,
  )
  const bareRatio = b.p50 / d.p50
  const disturbed = bareRatio > quietBareRatio
  if (disturbed) {
    console.log(
      `  disturbed run: the bare relay read ${bareRatio.toFixed(2)}x of direct (over ${quietBareRatio}x), so the machine was busy; rerun when it is idle`,
    )
  }
  console.log(
    `  goal p50 ≤ ${goalRatio}x direct: ${ratio <= goalRatio ? 'met' : 'NOT met'}${disturbed ? ' (disturbed run)' : ''}`,
  )
  return { ratio, bareRatio, disturbed }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function summarize(outcomes) {
  const list = (values) => values.map((v) => `${v.toFixed(2)}x`).join(', ')
  const quiet = outcomes.filter((o) => !o.disturbed)
  console.log(`summary of ${outcomes.length} runs (workbench ÷ direct p50): ${list(outcomes.map((o) => o.ratio))}`)
  console.log(`  median of all runs ${median(outcomes.map((o) => o.ratio)).toFixed(2)}x`)
  if (quiet.length === 0) {
    console.log(`  no undisturbed run (bare relay ≤ ${quietBareRatio}x of direct): rerun when the machine is idle`)
    return
  }
  const quietMedian = median(quiet.map((o) => o.ratio))
  console.log(
    `  median of the ${quiet.length} undisturbed runs ${quietMedian.toFixed(2)}x (their bare relay ${list(quiet.map((o) => o.bareRatio))}); goal ≤ ${goalRatio}x: ${quietMedian <= goalRatio ? 'met' : 'NOT met'}`,
  )
}
