/** `wirebench bench`: load on one unary method, closed loop (-c) or open loop (--rate), with thresholds for CI. */
import { Command } from 'commander'
import { evaluateThresholds, runBenchmark } from '@wirebench/loadrun'
import { createBenchCall } from '../bench/bench-call.js'
import { benchSettings, benchThresholds } from '../bench/bench-flags.js'
import type { BenchFlags } from '../bench/bench-flags.js'
import { createProgressPrinter } from '../bench/bench-progress.js'
import { benchJson, benchTable } from '../bench/bench-report.js'
import { collectMessages, readDataFlags } from '../call/messages.js'
import { findMethod } from '../engine/find-method.js'
import { exitCodes } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import { formatJson } from '../io.js'
import type { CliIo } from '../io.js'
import { parseHeaderFlag } from './call.js'
import { callAction, collect, openSession, parseTimeout, withTargetOptions } from './target-options.js'
import type { TargetFlags } from './target-options.js'

interface Flags extends TargetFlags, BenchFlags {
  data?: string
  header?: string[]
  timeout?: string
  json?: boolean
}

const help = `
Closed loop (default): -c callers each start their next call when the previous one ends, for -n calls (default 200)
or --duration seconds. Open loop (--rate): calls start on a fixed schedule for --duration seconds (default 10) with at
most -c in flight (default 100); latency counts from each call's scheduled start, so a stalled server shows in the
percentiles, and the run says when the rate could not be met. --warmup calls run first and are not counted.

Thresholds: p50/p75/p90/p95/p99/p99.9/min/mean/max in ms (or s, us), error-rate as a fraction or %, throughput in
calls per second; operators < <= > >=. Each is checked at the end: any failure exits 1. Ctrl-C stops the run and
prints what was measured so far.

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
    .option('-c, --concurrency <n>', 'callers (closed loop) or the most calls in flight (open loop), 1–1000')
    .option('--rate <per second>', 'open loop at this many calls per second')
    .option('--warmup <n>', 'calls made first and not counted')
    .option('--threshold <expr>', "pass/fail check such as 'p95 < 200ms' (repeatable)", collect)
    .option('--timeout <seconds>', 'give up on one call after this long')
    .option('--json', 'print the result as one JSON object')
    .addHelpText('after', help)
    .action(
      callAction(async (address: string, flags: Flags) => {
        const settings = benchSettings(flags)
        const thresholds = benchThresholds(flags)
        const headers = Object.fromEntries((flags.header ?? []).map(parseHeaderFlag))
        const timeoutMs = parseTimeout(flags.timeout)
        const [message = {}] = await collectMessages(
          await readDataFlags(flags.data === undefined ? [] : [flags.data]),
          io.stdin,
          true,
        )
        const session = await openSession(flags, io)
        try {
          const metadata = await session.auth.discoveryMetadata(session.urls)
          const { services } = await session.discover({ metadata })
          const { service, method } = findMethod(services, address)
          if (method.methodType !== 'Unary') {
            throw CliFailure.usage(`${method.name} is a ${method.methodType} method: bench runs unary methods only.`)
          }
          const call = createBenchCall(
            { service, method, message, headers, ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
            session,
          )
          const stop = new AbortController()
          const onInterrupt = (): void => stop.abort()
          process.once('SIGINT', onInterrupt)
          // A terminal sees each second as it ends; pipes and --json get only the result.
          const progress = io.isTTY && flags.json !== true ? createProgressPrinter(io) : undefined
          const result = await runBenchmark({
            call,
            settings,
            signal: stop.signal,
            ...(progress ? { onProgress: progress.onProgress } : {}),
          }).finally(() => {
            process.off('SIGINT', onInterrupt)
            progress?.end()
          })
          const verdicts = evaluateThresholds(result, thresholds)
          io.out(flags.json ? formatJson(benchJson(result, verdicts), io.isTTY) : benchTable(result, verdicts))
          setExitCode(verdicts.every((verdict) => verdict.ok) ? exitCodes.ok : exitCodes.notOk)
        } finally {
          await session.close()
        }
      }),
    )
}
