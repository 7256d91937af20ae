// Runs every benchmark in bench/ (or the ones named on the command line), one process each, in order.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'run.mjs')
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort()

let failed = 0
for (const name of benches) {
  console.log(`\n=== ${name} ===`)
  const result = spawnSync(process.execPath, ['--expose-gc', join(here, name)], { stdio: 'inherit' })
  if (result.status !== 0) failed += 1
}
process.exit(failed === 0 ? 0 : 1)
