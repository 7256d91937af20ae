/** Runs saved with the workspace, as the Benchmark tab lists them beside this session's runs. */
import type { SavedBenchmark } from '@wirebench/core'
import type { BenchRun } from './bench-store.js'

function savedWhen(savedAt: string): string {
  const date = new Date(savedAt)
  return Number.isNaN(date.getTime())
    ? savedAt
    : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
}

/** `pageKey`: the method's key in this page, which may differ from the one it was saved under (another local port). */
export function savedRun(saved: SavedBenchmark, pageKey: string): BenchRun {
  return {
    id: `saved:${saved.id}`,
    methodKey: pageKey,
    protocol: saved.target.protocol,
    label: `${saved.label} · saved ${savedWhen(saved.savedAt)}`,
    state: saved.result.stopped ? 'stopped' : 'finished',
    settings: saved.result.settings,
    startedAt: Date.parse(saved.savedAt),
    timeline: saved.result.timeline,
    result: saved.result,
    isInServer: false,
    savedId: saved.id,
    savedKey: saved.key,
  }
}
