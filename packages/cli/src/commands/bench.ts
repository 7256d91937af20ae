/** `wirebench bench`: load on one unary method, closed loop (-c) or open loop (--rate), with thresholds for CI. */
import { Command } from 'commander'
import { benchDefaults } from '../bench/bench-defaults.js'
import type { BenchCommandFlags } from '../bench/run-bench.js'
import type { CliIo } from '../io.js'
import { callAction, collect, withTargetOptions } from './target-options.js'

const help = `
Closed loop (default): -c callers (default ${benchDefaults.closedConcurrency}) each start their next call when the previous one ends, for -n
calls (default ${benchDefaults.calls}) or --duration seconds. Open loop (--rate): calls start on a fixed schedule for --duration seconds
(default ${benchDefaults.openDurationS}) with at most -c in flight (default ${benchDefaults.openConcurrency}); latency counts from each call's scheduled start, so a stalled server shows in the
percentiles, and the run says when the rate could not be met. --warmup calls run first (in open loop at --rate) and are
not counted.

Thresholds: p50/p75/p90/p95/p99/p99.9/min/mean/max in ms (or s, us), error-rate as a fraction or %, throughput in
calls per second; operators < <= > >=. Each is checked at the end: any failure exits 1. Ctrl-C stops the run,
prints what was measured so far and exits 130 (a partial run never passes).

Only methods known to be safe run unasked: HTTP GET/HEAD/OPTIONS, GraphQL queries, MCP tools marked read-only, MCP
resources, prompts and ping, gRPC methods declared NO_SIDE_EFFECTS. Any other method (POST/PUT/PATCH/DELETE,
mutations, other gRPC methods, methods with no safety information) may change the server's data and is refused before
the first call unless --allow-writes is given.

Examples:
  $ wirebench bench --url http://localhost:8080/openapi.json Books/getBook -d '{"bookId": 1}' -n 1000 -c 16
  $ wirebench bench --url grpc@localhost:50051 demo.Chat/Say -d '{"text": "hi"}' --rate 500 --duration 30 \\
      --threshold 'p99 < 50ms' --threshold 'error-rate < 0.001' --json`

export function benchCommand(io: CliIo, setExitCode: (code: number) => void): Command {
  return withTargetOptions(new Command('bench'))
    .description('benchmark a unary method: latency percentiles, throughput, errors by status, thresholds')
    .argument('<Service/Method>', 'the method, as wirebench list prints it')
    .option('-d, --data <json|@file>', 'the request message')
    .option('-H, --header <name: value>', 'a request header or metadata entry (repeatable)', collect)
    .option('-n, --calls <n>', 'measured calls (closed loop)')
    .option('--duration <seconds>', 'how long to run')
    .option(
      '-c, --concurrency <n>',
      `callers (closed loop, default ${benchDefaults.closedConcurrency}) or the most calls in flight (open loop, default ${benchDefaults.openConcurrency}), 1–1000`,
    )
    .option('--rate <per second>', 'open loop at this many calls per second')
    .option('--warmup <n>', 'calls made first and not counted')
    .option('--threshold <expr>', "pass/fail check such as 'p95 < 200ms' (repeatable)", collect)
    .option('--timeout <seconds>', 'give up on one call after this long')
    .option('--allow-writes', 'run a method that may change data (not GET/HEAD/OPTIONS, a query or a read-only tool)')
    .option('--json', 'print the result as one JSON object')
    .addHelpText('after', help)
    .action(
      callAction(async (address: string, flags: BenchCommandFlags) => {
        const { runBench } = await import('../bench/run-bench.js')
        await runBench(address, flags, io, setExitCode)
      }),
    )
}
