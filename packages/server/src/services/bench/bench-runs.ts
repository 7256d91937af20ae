/**
 * The benchmark runs of one workbench: started in the server process, progress announced each second to whoever
 * listens (the live sockets), stopped on request or at shutdown, and a few finished runs kept for their status.
 */
import { randomUUID } from 'node:crypto'
import { WorkbenchError, publicUrl } from '@wirebench/core'
import type {
  BenchExportRequest,
  BenchExportResponse,
  BenchResult,
  BenchRunSummary,
  BenchSecond,
  BenchStartRequest,
  BenchStatus,
  LiveServerMessage,
  Logger,
  MethodInfo,
  OutboundPolicy,
  ProtocolPlugin,
  SentRequest,
} from '@wirebench/core'
import type { K6Drawn, RunResult, StateChange, Threshold, ThresholdVerdict } from '@wirebench/loadrun'
import type { DiscoveryService } from '../discovery.js'
import type { InvokeService } from '../invoke.js'
import { resolveCall } from '../invoke.js'
import type { PluginRegistry } from '../plugin-registry.js'
import { benchK6Input } from './bench-k6.js'
import { checkBenchLimits } from './bench-limits.js'
import type { BenchLimits } from './bench-limits.js'

/**
 * Finished runs kept for `status`, saving and export, per method and in all; older ones are forgotten (each holds a
 * timeline and a summary, not samples). Per method, so runs of other methods never push out the ones a page compares.
 */
const keptPerMethod = 16
const keptFinished = 64

export type BenchListener = (message: LiveServerMessage) => void

export interface BenchRuns {
  /** Checks everything, then starts the run and answers its id; a refused start has made no call. */
  start(request: BenchStartRequest, logger: Logger): Promise<string>
  /** Stops the run (calls in flight are cancelled) and answers once it has ended, with its partial result. */
  stop(run: string): Promise<BenchStatus>
  status(run: string): BenchStatus
  /** The runs held (running, then the latest finished), oldest first, as summaries. */
  list(): BenchRunSummary[]
  /** The ended run as a file; `conflict` while it is still running. */
  exportRun(request: BenchExportRequest): Promise<BenchExportResponse>
  /** Every `bench.progress` and `bench.ended` message; returns the unsubscribe function. */
  subscribe(listener: BenchListener): () => void
  /** Stops every run (shutdown). */
  close(): Promise<void>
}

interface Run {
  status: BenchStatus
  controller: AbortController
  done: Promise<void>
  /** Held for the k6 script export only (it holds the call's metadata: never echoed). */
  request: BenchStartRequest
  sent?: SentRequest
  /** The `${uuid}`/`${random}` values of the call `sent` describes. */
  drawn?: K6Drawn[]
  /** What the user confirmed: the method may change the server's data (said again in the k6 script). */
  stateChange?: StateChange
}

export function createBenchRuns(deps: {
  invoker: InvokeService
  /** Reads a target the server has not discovered yet, so its methods can be described before a run starts. */
  discovery?: DiscoveryService
  /** Embedded mode: true for an address on the host's own origin (the run then shares the host's process). */
  isHostUrl?: (url: string) => boolean
  registry: PluginRegistry
  outboundPolicy: OutboundPolicy
  limits: BenchLimits
}): BenchRuns {
  const runs = new Map<string, Run>()
  const listeners = new Set<BenchListener>()
  const announce = (message: LiveServerMessage): void => {
    for (const listener of listeners) listener(message)
  }
  const running = (): number => [...runs.values()].filter((run) => run.status.state === 'running').length
  const forgetOldest = (): void => {
    // Oldest first (a Map keeps insertion order): the newest 16 of each method, then the newest 64 of those.
    const finished = [...runs.entries()].filter(([, run]) => run.status.state !== 'running')
    const perMethod = new Map<string, string[]>()
    for (const [id, { status }] of finished) {
      const { protocol, url, service, method } = status.target
      const key = JSON.stringify([protocol, url, service, method])
      perMethod.set(key, [...(perMethod.get(key) ?? []), id])
    }
    for (const ids of perMethod.values()) for (const id of ids.slice(0, -keptPerMethod)) runs.delete(id)
    const left = finished.filter(([id]) => runs.has(id))
    for (const [id] of left.slice(0, Math.max(0, left.length - keptFinished))) runs.delete(id)
  }
  const find = (id: string): Run => {
    const run = runs.get(id)
    if (!run) {
      throw new WorkbenchError('not_found', `No benchmark run ${JSON.stringify(id)} is known here.`, {
        hint: 'Runs are kept in memory: a restart forgets them, and only the latest finished runs are kept.',
      })
    }
    return run
  }

  /**
   * The discovered method, discovering its target first when this server has not (a script driving the API, a page
   * kept across a restart): the refusal of a state-changing run must not depend on what was discovered before.
   */
  const describeMethod = async (
    plugin: ProtocolPlugin,
    target: string,
    call: BenchStartRequest['call'],
    logger: Logger,
  ): Promise<MethodInfo | undefined> => {
    const known = plugin.describeMethod?.(target, call.service, call.method)
    if (known || !plugin.describeMethod || !deps.discovery) return known
    try {
      await deps.discovery.discover({ urls: [call.url], logger, ...(call.metadata ? { metadata: call.metadata } : {}) })
    } catch (error) {
      logger.warn('benchmark: discovery before the safety check failed', { error: WorkbenchError.from(error).message })
    }
    return plugin.describeMethod(target, call.service, call.method)
  }

  return {
    async start(request, logger) {
      // Loaded on first use: the runner and its histogram library cost every other start-up nothing.
      const [loadrun, { createServerBenchCall }] = await Promise.all([
        import('@wirebench/loadrun'),
        import('./bench-call.js'),
      ])
      const { checkSettings, evaluateThresholds, isRequestRefusal, parseThreshold, runBenchmark } = loadrun
      const { stateChangeOf, stateChangeRefusal } = loadrun
      // Every check comes before the first call: a refused start has no side effect.
      const { call, settings } = request
      // Over a cap of this workbench: said as such, with how to raise it. Else the runner's check, named as the request
      // body has the fields, with the caps as the ranges' tops.
      checkBenchLimits(settings, deps.limits)
      checkSettings(settings, {
        field: (name) => `settings.${name}`,
        caps: {
          concurrency: deps.limits.benchMaxConcurrency,
          rate: deps.limits.benchMaxRate,
          durationS: deps.limits.benchMaxDurationS,
          calls: deps.limits.benchMaxCalls,
        },
      })
      const thresholds: Threshold[] = (request.thresholds ?? []).map(parseThreshold)
      const { plugin, call: resolved } = resolveCall(call, call.messages, deps)
      const info = await describeMethod(plugin, resolved.target, call, logger)
      const change = stateChangeOf({ ...call, info, protocolName: plugin.name })
      if (change && info === undefined && plugin.describeMethod) {
        // The plugin describes its methods, but not this one: say that, not something about the protocol.
        change.reason = `the workbench found no description of this method at ${publicUrl(call.url)}`
      }
      if (change && request.allowStateChanging !== true) {
        throw stateChangeRefusal(
          change,
          settings,
          'Confirm it in the Benchmark tab (or send "allowStateChanging": true)',
        )
      }
      if (deps.limits.benchMaxRuns === 0) {
        throw new WorkbenchError(
          'forbidden',
          'Benchmarks are turned off in this workbench (limits.benchMaxRuns is 0).',
          {
            hint: 'Send single calls, or ask whoever runs this workbench to allow benchmark runs.',
          },
        )
      }
      if (running() >= deps.limits.benchMaxRuns) {
        const others = [...runs.values()].filter((run) => run.status.state === 'running')
        const named = others.map(({ status: { target } }) => `${target.service}/${target.method}`).join(', ')
        const what = deps.limits.benchMaxRuns === 1 ? 'A benchmark' : `${deps.limits.benchMaxRuns} benchmarks`
        throw new WorkbenchError('busy', `${what} is running already (${named}).`, {
          hint: 'Runs in one workbench measure each other: stop it or wait for it to end, then start this one.',
        })
      }

      const id = randomUUID()
      const controller = new AbortController()
      const status: BenchStatus = {
        run: id,
        state: 'running',
        // Every reader of a run (list, status, live messages, exports) gets the address without its credentials.
        target: { protocol: call.protocol, url: publicUrl(call.url), service: call.service, method: call.method },
        settings,
        startedAt: Date.now(),
        timeline: [],
        ...(deps.isHostUrl?.(call.serverUrl ?? call.url) ? { sharedProcess: true as const } : {}),
      }
      const onProgress = (progress: BenchSecond): void => {
        status.timeline.push(progress)
        announce({ op: 'bench.progress', run: id, progress })
      }
      const described: { sent?: SentRequest; drawn?: K6Drawn[] } = {}
      const done = runBenchmark({
        call: createServerBenchCall(request, {
          invoker: deps.invoker,
          logger,
          onSent: (sent, drawn) => {
            described.sent = sent
            described.drawn = drawn
          },
        }),
        settings,
        signal: controller.signal,
        onProgress,
        // A call the plugin refuses before sending (a required field missing) fails the run with the plugin's words.
        isRunFailure: isRequestRefusal,
      }).then(
        (result) => {
          status.result = toBenchResult(result, evaluateThresholds(result, thresholds))
          // The result holds the same seconds: kept once, not twice in every status and `bench.ended` message.
          status.timeline = []
          status.state = result.stopped ? 'stopped' : 'finished'
        },
        (error: unknown) => {
          const problem = WorkbenchError.from(error)
          status.state = 'failed'
          status.error = problem.hint === undefined ? problem.message : `${problem.message} ${problem.hint}`
          logger.warn('benchmark run failed', { run: id, error: status.error })
        },
      )
      const run: Run = {
        status,
        controller,
        request,
        ...(change ? { stateChange: change } : {}),
        get sent() {
          return described.sent
        },
        get drawn() {
          return described.drawn
        },
        done: done.then(() => {
          announce({ op: 'bench.ended', run: id, status })
          forgetOldest()
        }),
      }
      runs.set(id, run)
      return id
    },
    async stop(id) {
      const run = find(id)
      run.controller.abort(new WorkbenchError('cancelled', 'The benchmark was stopped.'))
      await run.done
      return run.status
    },
    status: (id) => find(id).status,
    list: () =>
      [...runs.values()].map(({ status }) => {
        const summary: BenchRunSummary = {
          run: status.run,
          state: status.state,
          target: status.target,
          settings: status.settings,
          startedAt: status.startedAt,
        }
        if (status.error !== undefined) summary.error = status.error
        return summary
      }),
    async exportRun({ run: id, format, secrets }) {
      const found = find(id)
      const { result } = found.status
      if (!result) {
        throw new WorkbenchError('conflict', 'This run has no result yet.', {
          hint: 'Export it once it has ended (or stop it: a stopped run keeps its partial result).',
        })
      }
      const { k6Script, k6Summary, resultCsv, resultJsonFile } = await import('@wirebench/loadrun')
      const base = `benchmark-${id.slice(0, 8)}`
      switch (format) {
        case 'json':
          return {
            fileName: `${base}.json`,
            mediaType: 'application/json',
            // A file on its own says what was measured (the target without metadata) and how it went second by second.
            text: `${JSON.stringify(resultJsonFile(result, found.status.target), null, 2)}\n`,
          }
        case 'csv':
          return { fileName: `${base}.csv`, mediaType: 'text/csv', text: resultCsv(result, found.status.target) }
        case 'k6-summary':
          return {
            fileName: `${base}.txt`,
            mediaType: 'text/plain',
            text: k6Summary(result, result.thresholds, found.status.target.protocol),
          }
        case 'k6-script': {
          const source = {
            request: found.request,
            secrets: secrets ?? [],
            ...(found.sent ? { sent: found.sent } : {}),
            ...(found.drawn ? { drawn: found.drawn } : {}),
          }
          const input = benchK6Input(source, found.request.thresholds ?? [], found.stateChange)
          return { fileName: `${base}.k6.js`, mediaType: 'text/javascript', text: k6Script(input) }
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      for (const run of runs.values()) run.controller.abort(new WorkbenchError('cancelled', 'The workbench closed.'))
      await Promise.all([...runs.values()].map((run) => run.done))
      listeners.clear()
    },
  }
}

function toBenchResult(result: RunResult, verdicts: ThresholdVerdict[]): BenchResult {
  return { ...result, thresholds: verdicts }
}
