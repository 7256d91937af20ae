// The benchmark runner's closed-loop throughput against wrk (Debian's, C, not ours) on the same local HTTP target with
// the same connections, in the same run. Baseline: wrk's requests per second. Arms: the load runner with a bare call on
// an undici Pool (the runner's own cost), and the workbench's server-side benchmark of a REST method (POST
// /api/bench/start: the REST plugin's invoke path, what a user's run costs). Goal (issue): ≥ 0.9× wrk.
// Run: npx tsc -b tsconfig.build.json && node bench/loadrun-wrk.mjs [--seconds 5] [--connections 16] [--profile]
// --profile samples the workbench arm with the V8 CPU profiler and prints where its time goes (self time).
//
// The target runs in a child process, so it shares an event loop with neither client; wrk uses one thread (-t1), as
// Node does. Check `uptime` first: on a loaded machine every ratio drifts toward whichever client is leanest in CPU.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Pool } from 'undici'
import { runBenchmark } from '../packages/loadrun/dist/index.js'
import { createStandaloneServer } from '../packages/server/dist/index.js'

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '16' },
    profile: { type: 'boolean', default: false },
  },
})
const seconds = Number(flags.seconds)
const connections = Number(flags.connections)

const targetSource = `
const { createServer } = require('node:http')
let origin = ''
const doc = () => JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, servers: [{ url: origin }],
  paths: { '/fast': { get: { tags: ['load'], operationId: 'fast', responses: { 200: { description: 'ok' } } } } } })
const server = createServer((req, res) => {
  if (req.url === '/openapi.json') return res.end(doc())
  res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}')
})
server.keepAliveTimeout = 60000
server.listen(0, '127.0.0.1', () => { origin = 'http://127.0.0.1:' + server.address().port; console.log(origin) })`

/**
 * CPU time (user + system, µs) of this process's children that have been waited for (/proc/self/stat cutime + cstime,
 * in clock ticks): wrk's own, once it has exited. CPU per call is the figure a loaded machine distorts least — a
 * throughput ratio drifts toward whichever client the scheduler favours.
 */
const ticksPerS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))
function childrenCpuUs() {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[13]) + Number(fields[14])) * 1e6) / ticksPerS
}
const ownCpuUs = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

function wrk() {
  const cpuBefore = childrenCpuUs()
  const out = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, `${origin}/fast`], { encoding: 'utf8' })
  const requests = Number(/(\d+) requests in/.exec(out)?.[1])
  return {
    rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    cpuUsPerCall: (childrenCpuUs() - cpuBefore) / requests,
  }
}

async function bareRunner() {
  const pool = new Pool(origin, { connections })
  const cpuBefore = ownCpuUs()
  try {
    const result = await runBenchmark({
      call: async (signal) => {
        const response = await pool.request({ path: '/fast', method: 'GET', signal })
        await response.body.dump()
        return { ok: response.statusCode === 200, status: response.statusCode }
      },
      settings: { mode: 'closed', durationS: seconds, concurrency: connections, warmup: 2000 },
    })
    return { rate: result.throughput, cpuUsPerCall: (ownCpuUs() - cpuBefore) / (result.calls + 2000) }
  } finally {
    await pool.close()
  }
}

async function workbenchRun() {
  const cpuBefore = ownCpuUs()
  const { run } = await post('/api/bench/start', {
    call: { protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'fast', messages: [{}] },
    settings: { mode: 'closed', durationS: seconds, concurrency: connections, warmup: 2000 },
  })
  let status
  do {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await post('/api/bench/status', { run })
  } while (status.state === 'running')
  // The whole process: runner, REST plugin, invoke service, and the status requests above (ten a second).
  return { rate: status.result.throughput, cpuUsPerCall: (ownCpuUs() - cpuBefore) / (status.result.calls + 2000) }
}

/** Self time per function of a CPU profile, the top `n`, as percentages of the samples. */
function topSelf(profile, n) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map()
  let total = 0
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame
    const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/packages\//, 'packages/')
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
    const dt = profile.timeDeltas[i] ?? 0
    self.set(key, (self.get(key) ?? 0) + dt)
    total += dt
  })
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `  ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`)
}

/**
 * Self time by owner (ours by package, undici, Node's own JS, GC), as percentages of the busy samples. Native code
 * (a socket write, a V8 builtin) counts for the JS that called it, marked "native": a write's syscall is undici's.
 */
function byOwner(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const ownerOf = (url) => {
    const ours = /\/packages\/([^/]+(?:\/[^/]+)?)\/dist\//.exec(url)?.[1]
    if (ours) return `ours: ${ours.replace(/^protocols\//, 'protocol-')}`
    if (url.includes('node_modules/')) return url.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
    return "node's JS"
  }
  const owners = new Map()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const { url, functionName } = byId.get(id).callFrame
    if (functionName === '(idle)') return
    let key
    if (url) key = ownerOf(url)
    else if (functionName.startsWith('(')) key = functionName
    else {
      let caller = parentOf.get(id)
      while (caller !== undefined && !byId.get(caller).callFrame.url) caller = parentOf.get(caller)
      key = `${caller === undefined ? 'unknown' : ownerOf(byId.get(caller).callFrame.url)} (native)`
    }
    const dt = profile.timeDeltas[i] ?? 0
    owners.set(key, (owners.get(key) ?? 0) + dt)
    busy += dt
  })
  return [...owners]
    .sort((a, b) => b[1] - a[1])
    .map(([key, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`)
}

const child = spawn(process.execPath, ['-e', targetSource], { stdio: ['ignore', 'pipe', 'inherit'] })
const origin = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(String(chunk).trim())))
const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-wrk-'))
const wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
const base = await wb.listen()
const headers = { 'content-type': 'application/json', 'x-workbench-token': wb.token }
const post = async (path, body) =>
  (await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()

try {
  await post('/api/discover', { urls: [`${origin}/openapi.json`] })
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  const baseline = wrk()
  const bare = await bareRunner()
  let session
  if (flags.profile) {
    session = new Session()
    session.connect()
    await session.post('Profiler.enable')
    await session.post('Profiler.start')
  }
  const workbench = await workbenchRun()
  const profile = session ? (await session.post('Profiler.stop')).profile : undefined
  const again = wrk()
  const f = (n) => n.toFixed(2)
  const wrkRate = (baseline.rate + again.rate) / 2
  const wrkCpu = (baseline.cpuUsPerCall + again.cpuUsPerCall) / 2
  const cpu = (arm) =>
    `CPU ${arm.cpuUsPerCall.toFixed(1)} µs a call = ${f(wrkCpu / arm.cpuUsPerCall)}x wrk's efficiency`
  console.log(
    `closed loop c=${connections}, ${seconds} s each: wrk ${Math.round(baseline.rate)}/s and ${Math.round(again.rate)}/s (before and after), CPU ${wrkCpu.toFixed(1)} µs a request`,
  )
  console.log(
    `  runner + bare undici call:        ${Math.round(bare.rate)}/s = ${f(bare.rate / wrkRate)}x wrk; ${cpu(bare)}`,
  )
  console.log(
    `  workbench /api/bench (REST path): ${Math.round(workbench.rate)}/s = ${f(workbench.rate / wrkRate)}x wrk   (goal >= 0.9); ${cpu(workbench)}`,
  )
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  if (profile) {
    console.log('workbench arm, CPU profile (self time, top 25):')
    for (const line of topSelf(profile, 25)) console.log(line)
    console.log('workbench arm, self time by owner (share of the busy samples, idle left out):')
    for (const line of byOwner(profile)) console.log(line)
  }
} finally {
  await wb.close()
  child.kill()
  await rm(configDir, { recursive: true, force: true })
}
