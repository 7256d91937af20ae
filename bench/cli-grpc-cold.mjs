// Cold gRPC call from the command line: `wirebench call` of a unary method, process start to exit, against a direct
// connect-node script making the same call (its descriptors compiled with buf beforehand, as a connect-node user's
// would be). Baseline: the direct script. Goal: ≤ 1.5x. Each arm is a fresh `node` process timed by /usr/bin/time
// (wall clock and peak memory); the arms alternate, and the figure is the median of the runs.
// The CLI arm discovers the method by server reflection first (it knows nothing beforehand), pinned with grpc@ so
// only the gRPC plugin loads; an unpinned arm (every plugin tries the address) is shown for reference.
// Run: npx tsc -b tsconfig.build.json && node bench/cli-grpc-cold.mjs [runs]   (default 10 runs)
// The same file is the direct script (`--role direct`) and the target server (`--role target`).
import { parseArgs } from 'node:util'

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { role: { type: 'string' }, target: { type: 'string' }, descriptors: { type: 'string' } },
})
const fixtures = new URL('../tests/fixtures/grpc/', import.meta.url)

if (flags.role === 'direct') {
  // What a developer would write with connect-node to make one call, nothing else.
  const { readFile } = await import('node:fs/promises')
  const { create, createFileRegistry, fromBinary, toJson } = await import('@bufbuild/protobuf')
  const { FileDescriptorSetSchema } = await import('@bufbuild/protobuf/wkt')
  const { createGrpcTransport } = await import('@connectrpc/connect-node')
  const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, await readFile(flags.descriptors)))
  const echo = registry.getService('wbtest.v1.Lab').methods.find((m) => m.name === 'Echo')
  const transport = createGrpcTransport({ baseUrl: flags.target })
  const reply = await transport.unary(echo, undefined, undefined, undefined, create(echo.input, { text: 'bench' }))
  process.stdout.write(`${JSON.stringify(toJson(echo.output, reply.message))}\n`)
} else if (flags.role === 'target') {
  const grpc = await import('@grpc/grpc-js')
  const protoLoader = await import('@grpc/proto-loader')
  const { ReflectionService } = await import('@grpc/reflection')
  const { fileURLToPath } = await import('node:url')
  const definition = protoLoader.loadSync(['wbtest/v1/lab.proto'], { includeDirs: [fileURLToPath(fixtures)] })
  const server = new grpc.Server()
  server.addService(grpc.loadPackageDefinition(definition).wbtest.v1.Lab.service, {
    echo: (call, callback) => callback(null, { text: call.request.text }),
  })
  new ReflectionService(definition).addToServer(server)
  const port = await new Promise((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, p) =>
      error ? reject(error) : resolve(p),
    ),
  )
  process.send({ url: `http://127.0.0.1:${port}` })
  process.once('disconnect', () => server.forceShutdown())
} else {
  await main()
}

async function main() {
  const { execFileSync, fork, spawnSync } = await import('node:child_process')
  const { once } = await import('node:events')
  const { existsSync } = await import('node:fs')
  const { mkdtemp, rm } = await import('node:fs/promises')
  const { createRequire } = await import('node:module')
  const { tmpdir } = await import('node:os')
  const { dirname, join } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  const here = fileURLToPath(import.meta.url)
  const root = join(dirname(here), '..')
  const cliBin = join(root, 'packages', 'cli', 'dist', 'bin.js')
  if (!existsSync(cliBin)) throw new Error('Build first: npx tsc -b tsconfig.build.json')
  const runs = Number(positionals[0] ?? 10)
  const goal = 1.5
  const scratch = await mkdtemp(join(tmpdir(), 'wb-bench-cli-'))
  const target = fork(here, ['--role', 'target'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  try {
    const [{ url }] = await once(target, 'message')
    const setFile = join(scratch, 'set.binpb')
    const buf = join(dirname(createRequire(import.meta.url).resolve('@bufbuild/buf/package.json')), 'bin', 'buf')
    const protos = fileURLToPath(fixtures)
    execFileSync(
      process.execPath,
      [buf, 'build', protos, '--path', join(protos, 'wbtest/v1/lab.proto'), '--as-file-descriptor-set', '-o', setFile],
      { env: { PATH: process.env.PATH ?? '', HOME: scratch, BUF_CACHE_DIR: join(scratch, 'cache') } },
    )
    const env = { ...process.env, WIREBENCH_HOME: scratch }
    const arms = {
      direct: [here, '--role', 'direct', '--target', url, '--descriptors', setFile],
      'wirebench call grpc@': [cliBin, 'call', '--url', `grpc@${url}`, 'Lab/Echo', '-d', '{"text":"bench"}'],
      'wirebench call (unpinned)': [cliBin, 'call', '--url', url, 'Lab/Echo', '-d', '{"text":"bench"}'],
    }
    /** One cold process under /usr/bin/time: wall seconds and peak RSS (KiB). */
    const timeOnce = (args) => {
      const result = spawnSync('/usr/bin/time', ['-f', 'TIME %e %M', process.execPath, ...args], {
        env,
        encoding: 'utf8',
      })
      const match = /TIME (\S+) (\d+)/.exec(result.stderr)
      if (result.status !== 0 || !match || !result.stdout.includes('bench')) {
        throw new Error(`${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`)
      }
      return { ms: Number(match[1]) * 1000, rssKb: Number(match[2]) }
    }
    const samples = Object.fromEntries(Object.keys(arms).map((name) => [name, []]))
    // One unmeasured round: the file system cache, as a developer's second call would find it.
    for (const args of Object.values(arms)) timeOnce(args)
    for (let run = 0; run < runs; run++)
      for (const [name, args] of Object.entries(arms)) samples[name].push(timeOnce(args))
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b)
      const mid = Math.floor(sorted.length / 2)
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    const direct = median(samples.direct.map((s) => s.ms))
    console.log(`cold unary gRPC call, process start to exit, median of ${runs} runs (/usr/bin/time wall clock)`)
    for (const [name, list] of Object.entries(samples)) {
      const ms = median(list.map((s) => s.ms))
      const rss = median(list.map((s) => s.rssKb)) / 1024
      console.log(
        `  ${name.padEnd(28)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / direct).toFixed(2)}x  peak RSS ${rss.toFixed(0)} MiB`,
      )
    }
    const ratio = median(samples['wirebench call grpc@'].map((s) => s.ms)) / direct
    console.log(
      `wirebench call (grpc@) / direct connect-node: ${ratio.toFixed(2)}x (goal ≤ ${goal}x) ${ratio <= goal ? 'OK' : 'OVER'}`,
    )
  } finally {
    target.disconnect()
    target.kill()
    await rm(scratch, { recursive: true, force: true })
  }
}
