// Start-up benchmark: spawning the built CLI until `GET /` answers, against the baseline of a bare `node -e ""`.
// Run: node bench/startup.mjs [runs]   (needs a build: npx tsc -b tsconfig.build.json)
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cliBin = join(root, 'packages', 'cli', 'dist', 'bin.js')
const runs = Number(process.argv[2] ?? 7)
const goalMs = 1000

if (!existsSync(cliBin)) {
  console.error(`${cliBin} is missing: run npx tsc -b tsconfig.build.json first.`)
  process.exit(1)
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function baselineOnce() {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    child.once('error', reject)
    child.once('exit', () => resolve(performance.now() - started))
  })
}

async function workbenchOnce() {
  const configDir = await mkdtemp(join(tmpdir(), 'wb-bench-startup-'))
  const started = performance.now()
  const child = spawn(process.execPath, [cliBin, '--no-open', '--port', '0', '--config-dir', configDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  try {
    let out = ''
    const base = await new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the CLI exited with ${code} before printing its URL`)))
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
    return performance.now() - started
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
    await rm(configDir, { recursive: true, force: true })
  }
}

const baseline = []
const workbench = []
await baselineOnce()
for (let i = 0; i < runs; i++) {
  baseline.push(await baselineOnce())
  workbench.push(await workbenchOnce())
}
const b = median(baseline)
const w = median(workbench)
console.log(`startup: ${runs} runs each, medians`)
console.log(`  baseline  node -e ""                          ${b.toFixed(0).padStart(6)} ms`)
console.log(`  wirebench --no-open --port 0 → GET / answers  ${w.toFixed(0).padStart(6)} ms`)
console.log(`  ratio vs baseline ${(w / b).toFixed(2)}x, overhead +${(w - b).toFixed(0)} ms`)
console.log(`  goal ≤ ${goalMs} ms: ${w <= goalMs ? 'met' : 'NOT met'}`)
