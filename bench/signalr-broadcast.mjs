// Server-to-client broadcast into the browser: a SignalR hub broadcasts 10,000 messages/s for 60 s to a `connection`
// held open in the workbench page, on the harness of stream-relay.mjs (same baselines: the official @microsoft/signalr
// client listening directly, and an idle page for frame times; same goal: 0 lost, p95 frame ≤ 33 ms).
// Run: npm run build && node bench/signalr-broadcast.mjs [--seconds 60] [--rate 10000] [--quick]
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const result = spawnSync(
  process.execPath,
  [join(import.meta.dirname, 'stream-relay.mjs'), '--protocol', 'signalr', ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
