/**
 * `wirebench bench`'s work, kept out of the command's definition so that every other command (a cold `call`) does not
 * load the load runner and its histogram library.
 */
import {
  evaluateThresholds,
  isRequestRefusal,
  runBenchmark,
  stateChangeOf,
  stateChangeRefusal,
} from '@wirebench/loadrun'
import { collectMessages, readDataFlags } from '../call/messages.js'
import { parseHeaderFlag } from '../commands/call.js'
import { openSession, parseTimeout } from '../commands/target-options.js'
import type { TargetFlags } from '../commands/target-options.js'
import { findMethod } from '../engine/find-method.js'
import { exitCodes } from '../exit-codes.js'
import { CliFailure } from '../failure.js'
import { formatJson } from '../io.js'
import type { CliIo } from '../io.js'
import { createBenchCall } from './bench-call.js'
import { benchSettings, benchThresholds } from './bench-flags.js'
import type { BenchFlags } from './bench-flags.js'
import { createProgressPrinter } from './bench-progress.js'
import { benchJson, benchTable } from './bench-report.js'

/** 128 + SIGINT, as a shell reports a command Ctrl-C ended. */
const interruptedExitCode = 130

export interface BenchCommandFlags extends TargetFlags, BenchFlags {
  data?: string
  header?: string[]
  timeout?: string
  json?: boolean
  allowWrites?: boolean
}

export async function runBench(
  address: string,
  flags: BenchCommandFlags,
  io: CliIo,
  setExitCode: (code: number) => void,
): Promise<void> {
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
    // A WebSocket connection is benchmarked as the plugin's unary exchange: connect, send -d, read the answer, close.
    if (method.methodType !== 'Unary' && service.protocol !== 'websocket') {
      throw CliFailure.usage(`${method.name} is a ${method.methodType} method: bench runs unary methods only.`)
    }
    // Refused before the first call: a method that may change data is repeated only when the user says so.
    const change = stateChangeOf({
      protocol: service.protocol,
      service: service.name,
      method: method.name,
      messages: [message],
      info: method,
      protocolName: session.engine.registry.get(service.protocol)?.name,
    })
    if (change && flags.allowWrites !== true) {
      // The command line lacks a flag: a usage error (exit 2), not a refusal by a server (3).
      const refusal = stateChangeRefusal(change, settings, 'Pass --allow-writes')
      throw CliFailure.usage(refusal.message, refusal.hint)
    }
    const call = createBenchCall(
      { service, method, message, headers, ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
      session,
    )
    const stop = new AbortController()
    const onInterrupt = (): void => stop.abort()
    process.once('SIGINT', onInterrupt)
    // A terminal sees each second as it ends; pipes and --json get only the result.
    const progress = io.isTTY && flags.json !== true ? createProgressPrinter(io, settings) : undefined
    const result = await runBenchmark({
      call,
      settings,
      signal: stop.signal,
      // A call refused before it is sent (a required field missing, an undefined variable) ends the run with its
      // message and exit code, as `wirebench call` would.
      isRunFailure: (error) => error instanceof CliFailure || isRequestRefusal(error),
      ...(progress ? { onProgress: progress.onProgress } : {}),
    }).finally(() => {
      process.off('SIGINT', onInterrupt)
      progress?.end()
    })
    const verdicts = evaluateThresholds(result, thresholds)
    io.out(flags.json ? formatJson(benchJson(result, verdicts), io.isTTY) : benchTable(result, verdicts))
    // A run cut short by Ctrl-C (or a CI job's cancel) never passes: its thresholds were judged on part of the run.
    if (result.stopped) setExitCode(interruptedExitCode)
    else setExitCode(verdicts.every((verdict) => verdict.ok) ? exitCodes.ok : exitCodes.notOk)
  } finally {
    await session.close()
  }
}
