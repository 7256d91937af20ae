// Sidecar stream relay: `invokeStream` of a sidecar (the Python example reading the toy lab's Count) at 10,000 msg/s
// for 60 s into the browser, 0 lost — on the harness of bench/stream-relay.mjs (same baselines: a direct client of the
// same target in Node, and an idle page). Run: npx tsc -b tsconfig.build.json && npm run build -w @wirebench/ui &&
// node bench/sidecar-stream.mjs [--seconds 60] [--rate 10000] [--quick]
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const result = spawnSync(
  process.execPath,
  [join(import.meta.dirname, 'stream-relay.mjs'), '--protocol', 'sidecar', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
