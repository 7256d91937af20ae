/**
 * The Benchmark tab of a unary method: settings, Start/Stop, the shown run (live charts, then its figures), the runs
 * of this method (this session's and those saved with the workspace) to pick from, comparison of two, export and
 * saving. Loaded lazily: the charts stay out of the main
 * chunk until a benchmark is opened.
 */
import { useEffect, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import type { MethodRef } from '../../state/catalog.js'
import { sendBuilderFor } from '../../state/send-builders.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { BenchCompare } from './BenchCompare.js'
import { BenchExportBar } from './BenchExportBar.js'
import { BenchRunView } from './BenchRunView.js'
import type { BenchStartRequest } from '@wirebench/core'
import { BenchSettingsForm } from './BenchSettingsForm.js'
import { savedRunKey } from './bench-key.js'
import { prepareBenchCall } from './bench-request.js'
import { defaultBenchForm, readBenchForm, type BenchForm } from './bench-settings.js'
import { problemText, type BenchRun, type StateChange } from './bench-store.js'
import { ConfirmStateChange } from './ConfirmStateChange.js'
import { benchOf } from './useBenchStore.js'
import { useSavedRuns } from './useSavedRuns.js'
import './benchmark.css'

/** The settings typed per method, kept while the page lives (switching tabs or methods keeps them). */
const forms = new Map<string, BenchForm>()

const noRuns: readonly string[] = []

export default function BenchmarkPanel({ target }: { target: MethodRef }): ReactElement {
  const workbench = useWorkbench()
  const bench = benchOf(workbench)
  const { store, client } = bench
  const workspace = useStore(workbench.workspace, (s) => s.activeId)
  const savedKey = savedRunKey(target)
  const savedNotice = useSavedRuns(workbench, bench, { pageKey: target.key, savedKeys: [savedKey, target.key] })
  const [form, setForm] = useState<BenchForm>(() => forms.get(target.key) ?? defaultBenchForm)
  const [formProblem, setFormProblem] = useState<{ field?: keyof BenchForm; text: string }>()
  const [shownId, setShownId] = useState<string>()
  const [isStarting, setStarting] = useState(false)
  const [confirming, setConfirming] = useState<{ change: StateChange; request: BenchStartRequest }>()
  const ids = useStore(store, (s) => s.order[target.key] ?? noRuns)
  const allRuns = useStore(store, (s) => s.runs)
  const compare = useStore(store, (s) => s.compare[target.key])
  const startProblem = useStore(store, (s) => s.problems[target.key])
  const runs = ids.flatMap((id) => (allRuns[id] ? [allRuns[id]] : []))
  const running = runs.find((run) => run.state === 'running')
  const shown: BenchRun | undefined = runs.find((run) => run.id === shownId) ?? running ?? runs.at(-1)

  // A reload forgets the page's runs, not the server's: the method's running run (and one that ended unseen) comes back.
  const { protocol, name: serviceName } = target.service
  const methodName = target.method.name
  useEffect(() => {
    void store.getState().adopt(target.key, {
      protocol,
      url: target.origin,
      service: serviceName,
      method: methodName,
    })
  }, [store, target.key, target.origin, protocol, serviceName, methodName])

  const change = (next: BenchForm): void => {
    forms.set(target.key, next)
    setForm(next)
  }

  const start = async (): Promise<void> => {
    setFormProblem(undefined)
    const reading = readBenchForm(form)
    if (!reading.ok) {
      setFormProblem({ field: reading.field, text: reading.problem })
      return
    }
    const builder = sendBuilderFor(target.key)
    if (!builder) {
      setFormProblem({ text: 'This pane has no unary request to repeat: open the method’s request form first.' })
      return
    }
    const pending = builder()
    if ('held' in pending) {
      setFormProblem({ text: pending.held })
      return
    }
    setStarting(true)
    try {
      const call = await prepareBenchCall(workbench.auth, pending, target.key)
      const request = { call, settings: reading.settings, thresholds: reading.thresholds }
      const outcome = await store.getState().start(target.key, request)
      // The view stays on the new run, whatever runs adoption lists after it.
      if (outcome.run) setShownId(outcome.run)
      // The server ran nothing: the method may change data, so the user is asked and the same request goes again.
      if (outcome.stateChange) setConfirming({ change: outcome.stateChange, request })
    } catch (error) {
      setFormProblem({ text: problemText(error) })
    } finally {
      setStarting(false)
    }
  }

  const confirmed = async (request: BenchStartRequest): Promise<void> => {
    setConfirming(undefined)
    setStarting(true)
    try {
      const outcome = await store.getState().start(target.key, { ...request, allowStateChanging: true })
      if (outcome.run) setShownId(outcome.run)
    } finally {
      setStarting(false)
    }
  }

  const problem = formProblem?.text ?? startProblem
  return (
    <section className="bench-panel" aria-label="Benchmark">
      <div className="bench-toolbar">
        <BenchSettingsForm form={form} onChange={change} invalid={formProblem?.field} isRunning={!!running} />
        <div className="bench-buttons">
          {/* One button that turns into Stop and back, so keyboard focus stays on it through a run (not `disabled`
              while starting: a disabled button drops focus). */}
          <button
            type="button"
            className={running ? 'btn bench-stop' : 'btn btn-primary'}
            aria-disabled={!running && isStarting}
            onClick={() => {
              if (running) void store.getState().stop(running.id)
              else if (!isStarting) void start()
            }}
          >
            {running ? 'Stop' : isStarting ? 'Starting…' : 'Start benchmark'}
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmStateChange
          change={confirming.change}
          onRun={() => void confirmed(confirming.request)}
          onDismiss={() => setConfirming(undefined)}
        />
      )}
      {problem && (
        <p className="bench-problem" role="alert">
          {problem}
        </p>
      )}
      {savedNotice && <p className="bench-note">{savedNotice}</p>}
      {runs.length > 1 && (
        <div className="bench-run-list" role="group" aria-label="Runs of this method">
          {runs.map((run) => (
            <button
              key={run.id}
              type="button"
              className="bench-run-chip"
              aria-pressed={run.id === shown?.id}
              onClick={() => setShownId(run.id)}
            >
              {run.label}
              {run.savedId && !run.id.startsWith('saved:') && <span className="muted"> (saved)</span>}
            </button>
          ))}
        </div>
      )}
      {shown ? (
        <>
          <BenchExportBar
            run={shown}
            client={client}
            workspace={workspace}
            savedKey={savedKey}
            onSaved={(savedId) => store.getState().markSaved(shown.id, savedId, savedKey)}
            onGone={() => store.getState().markGone(shown.id)}
            onDeleted={() => store.getState().remove(shown.id)}
          />
          <BenchRunView key={shown.id} run={shown} />
        </>
      ) : (
        <div className="empty-state">
          <h2>No benchmark yet</h2>
          <p>
            Start repeats this method’s request as Send would send it — auth, variables, <code>{'${uuid}'}</code> fresh
            per call — and charts latency and throughput as it runs.
          </p>
        </div>
      )}
      <BenchCompare
        runs={runs}
        a={compare?.a}
        b={compare?.b}
        onPick={(slot, id) => store.getState().pick(target.key, slot, id)}
      />
    </section>
  )
}
