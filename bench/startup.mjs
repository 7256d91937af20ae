// Start-up benchmark: a process starting until `GET /` answers, and what each protocol plugin's first use costs, every
// figure against a named baseline:
// - the built CLI (`wirebench --no-open --port 0`) against a bare `node -e ""` (goal: ≤ 500 ms);
// - the server with the built-in plugins, with many more plugins, and with every protocol stack imported at start (the
//   way start-up worked before plugins loaded on first use), against the same server with no plugins at all;
// - each plugin family's first pinned discovery against the same discovery once the plugin is loaded.
// Run: node bench/startup.mjs [runs]   (needs a build: npx tsc -b tsconfig.build.json)
// The same file is also the child process of the server arms (`--serve <arm>`) and of first use (`--first-use <id>`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(import.meta.url)
const root = join(dirname(here), '..')
const cliBin = join(root, 'packages', 'cli', 'dist', 'bin.js')
const serverDist = join(root, 'packages', 'server', 'dist')
const goalMs = 500
const extraPlugins = 40
// One pinned URL per plugin family; nothing listens there, so a discovery costs the plugin's load plus a refused
// connection, and the warm repeat costs the refused connection alone.
const familyTargets = {
  rest: (port) => `rest@http://127.0.0.1:${port}/openapi.json`,
  grpc: (port) => `grpc@http://127.0.0.1:${port}`,
  graphql: (port) => `graphql@http://127.0.0.1:${port}/graphql`,
  sse: (port) => `sse@http://127.0.0.1:${port}/events`,
  websocket: (port) => `websocket@ws://127.0.0.1:${port}/socket`,
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

async function closedPort() {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The plugin list of a server arm, built the way that arm's start-up builds it. */
async function pluginsFor(arm, outbound) {
  if (arm === 'none') return []
  if (arm === 'builtin') return undefined // the server's own default: the built-ins, loaded on first use
  const { builtinPluginFamilies, createBuiltinPlugins } = await import(join(serverDist, 'services/builtin-plugins.js'))
  // Like the server's own jars: the jar stack is imported when the first plugin that sends cookies loads.
  let jars
  const options = {
    outbound,
    cookieJars: async () => (jars ??= (await import('@wirebench/transport')).createCookieJars()),
  }
  if (arm === 'eager') {
    const loaded = []
    for (const family of builtinPluginFamilies(options)) loaded.push(...(await family.load()))
    return loaded
  }
  // 'many': the built-ins plus manifests of protocols that are never used in this run.
  const { createLazyPlugins } = await import(join(serverDist, 'services/lazy-plugin.js'))
  const extras = Array.from({ length: extraPlugins }, (_, i) =>
    createLazyPlugins({
      manifests: [{ id: `extra${i}`, name: `Extra ${i}`, capabilities: { serverStreaming: true, channels: true } }],
      module: `extra${i}`,
      load: () => Promise.reject(new Error('never loaded in this benchmark')),
    }),
  )
  return [...createBuiltinPlugins(options), ...extras.flat()]
}

async function serveChild(arm, configDir) {
  const { createStandaloneServer } = await import(join(serverDist, 'index.js'))
  const plugins = await pluginsFor(arm, { blockPrivate: false })
  const server = await createStandaloneServer({
    port: 0,
    configDir,
    logLevel: false,
    ...(plugins ? { plugins } : {}),
  })
  const url = await server.listen()
  process.stdout.write(`Open: ${url}/ \n`)
  process.once('SIGTERM', () => {
    // The CPU this process used to get ready (and answer `GET /`): steadier than wall time on a busy machine.
    const { user, system } = process.cpuUsage()
    process.stdout.write(`cpu ${(user + system) / 1000}\n`)
    void server.close().then(() => process.exit(0))
  })
}

async function firstUseChild(family, configDir) {
  const { createStandaloneServer } = await import(join(serverDist, 'index.js'))
  const server = await createStandaloneServer({ port: 0, configDir, logLevel: false })
  const base = await server.listen()
  const headers = { 'content-type': 'application/json', 'x-workbench-token': server.token }
  const discover = async (body) => {
    const res = await fetch(`${base}/api/discover`, { method: 'POST', headers, body: JSON.stringify(body) })
    await res.arrayBuffer()
    return res.status
  }
  // Warms what any first request pays (this client, the route's validator) without loading a plugin: a 400.
  if ((await discover({ urls: 'not a list' })) !== 400) throw new Error('the warm-up request was not refused')
  const url = familyTargets[family](await closedPort())
  const timed = async () => {
    const started = performance.now()
    const status = await discover({ urls: [url] })
    if (status !== 200) throw new Error(`discovery of ${url} answered ${status}`)
    return performance.now() - started
  }
  const first = await timed()
  const warm = await timed()
  await server.close()
  process.stdout.write(`${JSON.stringify({ first, warm })}\n`)
}

function baselineOnce() {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    child.once('error', reject)
    child.once('exit', () => resolve(performance.now() - started))
  })
}

/**
 * Spawns `args`, waits for the printed URL, then polls until `GET /` answers; resolves with the elapsed time and, for
 * the server arms, the CPU time the child reports when it is stopped.
 */
async function startedOnce(args) {
  const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-startup-'))
  const started = performance.now()
  const child = spawn(process.execPath, [...args, '--config-dir', configDir], { stdio: ['ignore', 'pipe', 'pipe'] })
  let err = ''
  let out = ''
  child.stderr.on('data', (chunk) => (err += chunk.toString()))
  let elapsed
  try {
    const base = await new Promise((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`${args.join(' ')} exited with ${code} before printing its URL:\n${err}`)),
      )
      child.stdout.on('data', (chunk) => {
        out += chunk.toString()
        const match = /Open:\s+(http:\/\/\S+?)\/(?:#|\s)/.exec(out)
        if (match) resolve(match[1])
      })
    })
    // Ready means answering: poll until GET / responds (200 with a built UI, 503 "not built" page otherwise).
    for (;;) {
      try {
        const res = await fetch(`${base}/`)
        await res.arrayBuffer()
        if (res.status === 200 || res.status === 503) break
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 2))
      }
    }
    elapsed = performance.now() - started
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    await rm(configDir, { recursive: true, force: true })
  }
  const cpu = /^cpu (\S+)$/m.exec(out)
  return { ms: elapsed, cpuMs: cpu ? Number(cpu[1]) : undefined }
}

/** In place, so no arm always runs right after the heaviest one. */
function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[items[i], items[j]] = [items[j], items[i]]
  }
  return items
}

async function firstUseOnce(family) {
  const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-first-use-'))
  try {
    const child = spawn(process.execPath, [here, '--first-use', family, '--config-dir', configDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk.toString()))
    const code = await new Promise((resolve) => child.once('exit', resolve))
    if (code !== 0) throw new Error(`first use of ${family} exited with ${code}`)
    return JSON.parse(out)
  } finally {
    await rm(configDir, { recursive: true, force: true })
  }
}

async function main() {
  const runs = Number(process.argv[2] ?? 7)
  const firstUseRuns = Math.max(3, Math.ceil(runs / 3))
  if (!existsSync(cliBin)) {
    console.error(`${cliBin} is missing: run npx tsc -b tsconfig.build.json first.`)
    process.exit(1)
  }
  const ms = (value) => `${value.toFixed(0).padStart(6)} ms`
  const arms = {
    none: 'no plugins',
    builtin: '7 built-in plugins (loaded on first use)',
    many: `7 built-ins + ${extraPlugins} more plugin manifests`,
    eager: '7 built-ins, every stack imported at start',
  }
  const serveArgs = (arm) => [here, '--serve', arm]
  const cliArgs = [cliBin, '--no-open', '--port', '0']

  // Untimed: warms the disk cache and this process's fetch.
  await baselineOnce()
  await startedOnce(cliArgs)
  const node = []
  const cli = []
  const servers = Object.fromEntries(Object.keys(arms).map((arm) => [arm, []]))
  for (let i = 0; i < runs; i++) {
    node.push(await baselineOnce())
    cli.push((await startedOnce(cliArgs)).ms)
    for (const arm of shuffle(Object.keys(arms))) servers[arm].push(await startedOnce(serveArgs(arm)))
  }
  const b = median(node)
  const w = median(cli)
  console.log(`startup: ${runs} runs each, medians`)
  console.log(`  baseline  node -e ""                                 ${ms(b)}`)
  console.log(
    `  wirebench --no-open --port 0 → GET / answers        ${ms(w)}   ${(w / b).toFixed(2)}x baseline, +${(w - b).toFixed(0)} ms`,
  )
  console.log(`  goal ≤ ${goalMs} ms: ${w <= goalMs ? 'met' : 'NOT met'}`)

  const versus = (value, base) =>
    `${(value / base).toFixed(2)}x ${value >= base ? '+' : ''}${(value - base).toFixed(0)} ms`
  const none = median(servers.none.map((r) => r.ms))
  const noneCpu = median(servers.none.map((r) => r.cpuMs))
  console.log(`server start → GET / answers, by plugins registered (baseline: no plugins); wall and CPU time`)
  for (const [arm, label] of Object.entries(arms)) {
    const value = median(servers[arm].map((r) => r.ms))
    const cpu = median(servers[arm].map((r) => r.cpuMs))
    const ratios = arm === 'none' ? ['baseline', 'baseline'] : [versus(value, none), versus(cpu, noneCpu)]
    console.log(`  ${label.padEnd(46)} ${ms(value)} ${ratios[0].padEnd(17)}  cpu ${ms(cpu)} ${ratios[1]}`)
  }

  console.log(
    `first use: a plugin's first pinned discovery vs the same discovery once loaded (baseline), ${firstUseRuns} runs, medians`,
  )
  for (const family of Object.keys(familyTargets)) {
    const samples = []
    for (let i = 0; i < firstUseRuns; i++) samples.push(await firstUseOnce(family))
    const first = median(samples.map((s) => s.first))
    const warm = median(samples.map((s) => s.warm))
    console.log(
      `  ${family.padEnd(10)} first ${ms(first)}   loaded ${ms(warm)}   ${(first / warm).toFixed(1)}x, load +${(first - warm).toFixed(0)} ms`,
    )
  }
}

const [mode, arg] = process.argv.slice(2)
const configDirArg = process.argv[process.argv.indexOf('--config-dir') + 1]
if (mode === '--serve') await serveChild(arg, configDirArg)
else if (mode === '--first-use') await firstUseChild(arg, configDirArg)
else await main()
