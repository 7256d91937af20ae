/**
 * The benchmark runs of this page, per method: started through the server, followed by the live socket's
 * `bench.progress`/`bench.ended` (a status read only when the socket is silent or skipped seconds, `bench-follow.ts`),
 * and the two runs picked for comparison.
 */
import type {
  BenchResult,
  BenchRunState,
  BenchRunSummary,
  BenchSecond,
  BenchSettings,
  BenchStartRequest,
  BenchStatus,
  Problem,
} from '@wirebench/core'
import { publicUrl } from '@wirebench/core'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { ApiError } from '../../api/api-error.js'
import { onBenchMessage } from '../../state/bench-signal.js'
import type { BenchClient } from './bench-client.js'
import { createRunFollower } from './bench-follow.js'
import { markRunSeen, wasRunSeen } from './seen-runs.js'

/** A method the server will not repeat unasked: what it is, why, and how many calls the run would make. */
export type StateChange = NonNullable<Problem['stateChange']>

export interface BenchRun {
  /** The server's run id, or `saved:<id>` for a run read back from the workspace. */
  id: string
  methodKey: string
  /** The protocol of the method (which exports fit it). */
  protocol: string
  label: string
  state: BenchRunState | 'starting'
  settings: BenchSettings
  startedAt: number
  timeline: BenchSecond[]
  result?: BenchResult
  error?: string
  /**
   * The server still holds the run (save and the export route need its copy). False for a run read back from the
   * workspace, and for one the server has since forgotten (it keeps only its latest finished runs).
   */
  isInServer: boolean
  /** The workspace file the run was saved as. */
  savedId?: string
  /** The key it was saved under (a run read back from the workspace): its exports name it. */
  savedKey?: string
  /** The target is the host app the workbench is embedded in: both ran in one process (the server says so). */
  sharedProcess?: boolean
}

/** What a server's status adds to the page's run: its result, its error, and whether it shared a host's process. */
function endedFields(status: BenchStatus): Pick<BenchRun, 'result' | 'error' | 'sharedProcess'> {
  return {
    ...(status.result ? { result: status.result } : {}),
    ...(status.error ? { error: status.error } : {}),
    ...(status.sharedProcess ? { sharedProcess: true } : {}),
  }
}

/** The number in a run's label (`Run 3`, `Run 3 · saved …`), if it has one. */
function runNumberOf(label: string): number | undefined {
  const match = /^Run (\d+)\b/.exec(label)
  return match ? Number(match[1]) : undefined
}

/**
 * The next `Run N` of a method: after every number its listed runs carry (saved ones included), so a run adopted or
 * started after a reload never repeats the label of a saved run beside it.
 */
function nextRunLabel(runs: readonly BenchRun[]): string {
  const highest = Math.max(runs.length, ...runs.map((run) => runNumberOf(run.label) ?? 0))
  return `Run ${highest + 1}`
}

/**
 * Saved runs read back after this session's runs were numbered (a reload adopts a server's run before the workspace
 * answers): a session run whose number a saved one already carries takes the next free number.
 */
function renumberedAfterSaved(sessionRuns: readonly BenchRun[], saved: readonly BenchRun[]): BenchRun[] {
  const taken = new Set(saved.flatMap((run) => runNumberOf(run.label) ?? []))
  let next = Math.max(0, ...taken, ...sessionRuns.map((run) => runNumberOf(run.label) ?? 0))
  return sessionRuns.map((run) => {
    const number = runNumberOf(run.label)
    if (number === undefined || !taken.has(number)) return run
    next += 1
    return { ...run, label: `Run ${next}` }
  })
}

export interface BenchState {
  runs: Record<string, BenchRun>
  /** Run ids per method, oldest first. */
  order: Record<string, string[]>
  /** The runs compared per method: A (baseline) and B. */
  compare: Record<string, { a?: string; b?: string }>
  /** Why the last start of a method was refused. */
  problems: Record<string, string | undefined>
  /**
   * Starts a run; answers its id, or the server's refusal of a method that may change data (to confirm), or neither
   * when the start failed (the method's problem says why).
   */
  start: (methodKey: string, request: BenchStartRequest) => Promise<StartOutcome>
  stop: (runId: string) => Promise<void>
  /**
   * Takes over the runs of this method the server holds and the page does not know (after a reload): one still
   * running is followed live, one that ended unseen shows its result.
   */
  adopt: (methodKey: string, target: BenchStatus['target']) => Promise<void>
  pick: (methodKey: string, slot: 'a' | 'b', runId: string | undefined) => void
  /** Adds runs read from the workspace (kept apart from this session's, never duplicated). */
  addSaved: (methodKey: string, runs: readonly BenchRun[]) => void
  /** The run was saved as `savedId` under `savedKey`: once the server forgets it, it is exported from that file. */
  markSaved: (runId: string, savedId: string, savedKey: string) => void
  /** The server answered that it no longer holds the run: what needs its copy is no longer offered. */
  markGone: (runId: string) => void
  /** Forgets a run (a saved one whose file was deleted). */
  remove: (runId: string) => void
  dispose: () => void
}

export interface StartOutcome {
  run?: string
  stateChange?: StateChange
}

export type BenchStore = StoreApi<BenchState>

export interface BenchStoreOptions {
  /** Opens the page's live socket (it otherwise opens with the first live call), so `bench.progress` reaches the page. */
  connect?: () => void
}

/** Where an adopted run goes among a method's runs: by when it started, the saved runs first as always. */
function insertByStart(ids: readonly string[], runs: Record<string, BenchRun>, entry: BenchRun): string[] {
  const at = ids.findIndex((id) => {
    const run = runs[id]
    return run !== undefined && run.savedId === undefined && run.startedAt > entry.startedAt
  })
  return at === -1 ? [...ids, entry.id] : [...ids.slice(0, at), entry.id, ...ids.slice(at)]
}

function mergeTimeline(known: readonly BenchSecond[], incoming: readonly BenchSecond[]): BenchSecond[] {
  const bySecond = new Map(known.map((second) => [second.second, second]))
  for (const second of incoming) bySecond.set(second.second, second)
  return [...bySecond.values()].sort((a, b) => a.second - b.second)
}

export function problemText(error: unknown): string {
  const failure = ApiError.fromUnknown(error)
  const hint = failure.problem.hint ? ` ${failure.problem.hint}` : ''
  return `${failure.problem.detail ?? failure.problem.title}${hint}`
}

export function createBenchStore(client: BenchClient, options: BenchStoreOptions = {}): BenchStore {
  // Bound once the store exists: a read settles the run in it.
  let read: (id: string) => void = () => undefined
  const follower = createRunFollower({
    read: (id) => read(id),
    ...(options.connect ? { connect: options.connect } : {}),
  })
  const store = createStore<BenchState>()((set, get) => {
    const update = (id: string, change: (run: BenchRun) => Partial<BenchRun>): void => {
      set((s) => {
        const run = s.runs[id]
        return run ? { runs: { ...s.runs, [id]: { ...run, ...change(run) } } } : {}
      })
    }
    const settle = (status: BenchStatus): void => {
      if (status.state === 'running') {
        update(status.run, (run) => ({ timeline: mergeTimeline(run.timeline, status.timeline) }))
        return
      }
      follower.unfollow(status.run)
      markRunSeen(status.run)
      update(status.run, (run) => ({
        state: status.state,
        timeline: mergeTimeline(run.timeline, status.result?.timeline ?? status.timeline),
        ...endedFields(status),
      }))
    }
    const listedRuns = (methodKey: string): BenchRun[] =>
      (get().order[methodKey] ?? []).flatMap((id) => get().runs[id] ?? [])
    read = (id) => {
      client.status(id).then(settle, (error: unknown) => {
        follower.unfollow(id)
        update(id, () => ({ state: 'failed', error: problemText(error) }))
      })
    }
    const follow = (id: string): void => follower.follow(id)
    return {
      runs: {},
      order: {},
      compare: {},
      problems: {},
      async start(methodKey, request) {
        set((s) => ({ problems: { ...s.problems, [methodKey]: undefined } }))
        let run: string
        try {
          ;({ run } = await client.start(request))
        } catch (error) {
          const { stateChange } = ApiError.fromUnknown(error).problem
          if (stateChange) return { stateChange }
          set((s) => ({ problems: { ...s.problems, [methodKey]: problemText(error) } }))
          return {}
        }
        const label = nextRunLabel(listedRuns(methodKey))
        const entry: BenchRun = {
          id: run,
          methodKey,
          protocol: request.call.protocol,
          label,
          state: 'running',
          settings: request.settings,
          startedAt: Date.now(),
          timeline: [],
          isInServer: true,
        }
        set((s) => ({
          runs: { ...s.runs, [run]: entry },
          order: { ...s.order, [methodKey]: [...(s.order[methodKey] ?? []), run] },
        }))
        follow(run)
        return { run }
      },
      async adopt(methodKey, target) {
        let held: BenchRunSummary[]
        try {
          held = (await client.list()).runs
        } catch {
          // An older or busy server: the page simply starts with no runs, as before.
          return
        }
        const same = (other: BenchRunSummary['target']): boolean =>
          other.protocol === target.protocol &&
          // The server keeps the address without credentials (publicUrl): compared the same way.
          other.url === publicUrl(target.url) &&
          other.service === target.service &&
          other.method === target.method
        const orphans = held.filter(
          (run) => same(run.target) && !get().runs[run.run] && (run.state === 'running' || !wasRunSeen(run.run)),
        )
        for (const summary of orphans) {
          let status: BenchStatus
          try {
            status = await client.status(summary.run)
          } catch {
            continue
          }
          if (get().runs[status.run]) continue
          const entry: BenchRun = {
            id: status.run,
            methodKey,
            protocol: status.target.protocol,
            label: nextRunLabel(listedRuns(methodKey)),
            state: status.state,
            settings: status.settings,
            startedAt: status.startedAt,
            timeline: status.result?.timeline ?? status.timeline,
            isInServer: true,
            ...endedFields(status),
          }
          // By its start, not at the end: a run the user started meanwhile stays the newest.
          set((s) => ({
            runs: { ...s.runs, [entry.id]: entry },
            order: { ...s.order, [methodKey]: insertByStart(s.order[methodKey] ?? [], s.runs, entry) },
          }))
          if (status.state === 'running') follow(status.run)
          else markRunSeen(status.run)
        }
      },
      async stop(id) {
        try {
          settle(await client.stop(id))
        } catch (error) {
          update(id, () => ({ error: problemText(error) }))
        }
      },
      pick(methodKey, slot, runId) {
        set((s) => ({ compare: { ...s.compare, [methodKey]: { ...s.compare[methodKey], [slot]: runId } } }))
      },
      addSaved(methodKey, runs) {
        set((s) => {
          const known = new Set(Object.values(s.runs).flatMap((run) => (run.savedId ? [run.savedId] : [])))
          const fresh = runs.filter((run) => run.savedId === undefined || !known.has(run.savedId))
          if (fresh.length === 0) return {}
          const sessionRuns = (s.order[methodKey] ?? []).flatMap((id) => {
            const run = s.runs[id]
            return run && run.savedId === undefined ? [run] : []
          })
          const relabelled = renumberedAfterSaved(sessionRuns, fresh)
          return {
            runs: {
              ...s.runs,
              ...Object.fromEntries(relabelled.map((run) => [run.id, run])),
              ...Object.fromEntries(fresh.map((run) => [run.id, run])),
            },
            order: { ...s.order, [methodKey]: [...fresh.map((run) => run.id), ...(s.order[methodKey] ?? [])] },
          }
        })
      },
      markSaved(id, savedId, savedKey) {
        update(id, () => ({ savedId, savedKey }))
      },
      markGone(id) {
        update(id, () => ({ isInServer: false }))
      },
      remove(id) {
        set((s) => {
          const { [id]: _removed, ...runs } = s.runs
          const order = Object.fromEntries(
            Object.entries(s.order).map(([key, ids]) => [key, ids.filter((x) => x !== id)]),
          )
          const compare = Object.fromEntries(
            Object.entries(s.compare).map(([key, pair]) => [
              key,
              { ...(pair.a === id ? {} : { a: pair.a }), ...(pair.b === id ? {} : { b: pair.b }) },
            ]),
          )
          return { runs, order, compare }
        })
      },
      dispose() {
        follower.dispose()
      },
    }
  })
  // The live socket's messages, when it is open, update the charts as each second ends.
  onBenchMessage((message) => {
    if (!store.getState().runs[message.run]) return
    if (message.op === 'bench.ended') {
      follower.unfollow(message.run)
      settleFromLive(store, message.status)
      return
    }
    follower.heard(message.run)
    const known = store.getState().runs[message.run]?.timeline.at(-1)?.second ?? 0
    // Seconds were skipped (the socket was down and came back): the status fills them in, once.
    if (message.progress.second > known + 1) read(message.run)
    store.setState((s) => {
      const run = s.runs[message.run]
      if (!run || run.state !== 'running') return {}
      return { runs: { ...s.runs, [run.id]: { ...run, timeline: mergeTimeline(run.timeline, [message.progress]) } } }
    })
  })
  return store
}

function settleFromLive(store: BenchStore, status: BenchStatus): void {
  markRunSeen(status.run)
  store.setState((s) => {
    const run = s.runs[status.run]
    if (!run) return {}
    return {
      runs: {
        ...s.runs,
        [run.id]: {
          ...run,
          state: status.state,
          timeline: mergeTimeline(run.timeline, status.result?.timeline ?? status.timeline),
          ...endedFields(status),
        },
      },
    }
  })
}
