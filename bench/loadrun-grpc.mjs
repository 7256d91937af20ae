// gRPC unary under load: the workbench's server-side benchmark (POST /api/bench/start, the gRPC plugin's invoke path)
// against a bare connect-node loop at the same concurrency, same target, same run. Baseline: the bare loop (N workers,
// each awaiting `transport.unary` in turn). Also shown: the load runner driving the same bare call (the runner's own
// cost). Goal (issue): the workbench ≥ 0.9× the bare loop.
// Run: npx tsc -b tsconfig.build.json && node bench/loadrun-grpc.mjs [--seconds 5] [--concurrency 16]
//
// The target (@grpc/grpc-js, the Lab fixture's Echo with reflection) runs in a child process. Check `uptime` first.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { create, createFileRegistry, fromBinary } from '@bufbuild/protobuf'
import { FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt'
import { createGrpcTransport } from '@connectrpc/connect-node'
import { runBenchmark } from '../packages/loadrun/dist/index.js'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const { values: flags } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '16' } },
})
const seconds = Number(flags.seconds)
const concurrency = Number(flags.concurrency)
const fixtures = fileURLToPath(new URL('../tests/fixtures/grpc/', import.meta.url))
const require = createRequire(import.meta.url)

const targetSource = `
const grpc = require('@grpc/grpc-js')
const protoLoader = require('@grpc/proto-loader')
const { ReflectionService } = require('@grpc/reflection')
const definition = protoLoader.loadSync(['wbtest/v1/lab.proto'], { includeDirs: [${JSON.stringify(fixtures)}] })
const server = new grpc.Server()
server.addService(grpc.loadPackageDefinition(definition).wbtest.v1.Lab.service, {
  echo: (call, callback) => callback(null, { text: call.request.text }),
})
new ReflectionService(definition).addToServer(server)
server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, port) => {
  if (error) throw error
  console.log('http://127.0.0.1:' + port)
})`

/** Echo's descriptor, compiled with buf as a connect-node user would. */
async function echoMethod(scratch) {
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
  const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, await readFile(setFile)))
  return registry.getService('wbtest.v1.Lab').methods.find((m) => m.name === 'Echo')
}

async function bareLoop(unary) {
  let calls = 0
  const end = performance.now() + seconds * 1000
  const worker = async () => {
    while (performance.now() < end) {
      await unary()
      calls += 1
    }
  }
  const start = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return calls / ((performance.now() - start) / 1000)
}

const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-grpc-'))
const child = spawn(process.execPath, ['-e', targetSource], { stdio: ['ignore', 'pipe', 'inherit'] })
const target = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim())))
const wb = await createStandaloneServer({ port: 0, configDir: scratch, uiDir: null, logLevel: false })
const base = await wb.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': wb.token }
const post = async (path, body) =>
  (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

try {
  const echo = await echoMethod(scratch)
  const transport = createGrpcTransport({ baseUrl: target })
  const request = create(echo.input, { text: 'bench' })
  const unary = () => transport.unary(echo, undefined, undefined, undefined, request)
  await post('/api/discover', { urls: [target] })
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  for (let i = 0; i < 2000; i += 1) await unary()
  const bare = await bareLoop(unary)
  const runner = await runBenchmark({
    call: async () => {
      await unary()
      return { ok: true, status: 'OK' }
    },
    settings: { mode: 'closed', durationS: seconds, concurrency, warmup: 2000 },
  })
  const { run } = await post('/api/bench/start', {
    call: { protocol: 'grpc', url: target, service: 'wbtest.v1.Lab', method: 'Echo', messages: [{ text: 'bench' }] },
    settings: { mode: 'closed', durationS: seconds, concurrency, warmup: 2000 },
    // gRPC methods carry no safety information: a benchmark of one needs the consent (the lab's Echo changes nothing).
    allowStateChanging: true,
  })
  let status
  do {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await post('/api/bench/status', { run })
  } while (status.state === 'running')
  const bareAgain = await bareLoop(unary)
  const baseline = (bare + bareAgain) / 2
  const workbench = status.result.throughput
  const f = (n) => n.toFixed(2)
  console.log(
    `gRPC unary c=${concurrency}, ${seconds} s each: bare connect-node loop ${Math.round(bare)}/s and ${Math.round(bareAgain)}/s (before and after)`,
  )
  console.log(
    `  runner + the same bare call:       ${Math.round(runner.throughput)}/s = ${f(runner.throughput / baseline)}x`,
  )
  console.log(
    `  workbench /api/bench (gRPC plugin): ${Math.round(workbench)}/s = ${f(workbench / baseline)}x   (goal >= 0.9; ${JSON.stringify(status.result.byStatus)})`,
  )
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await wb.close()
  child.kill()
  await rm(scratch, { recursive: true, force: true })
}
