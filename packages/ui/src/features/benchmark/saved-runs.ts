/** Runs saved with the workspace, as the Benchmark tab lists them beside this session's runs. */
import type { SavedBenchmark } from '@wirebench/core'
import type { BenchRun } from './bench-store.js'

function savedWhen(savedAt: string): string {
  const date = new Date(savedAt)
  return Number.isNaN(date.getTime())
    ? savedAt
    : date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
}

export function savedRun(saved: SavedBenchmark): BenchRun {
  return {
    id: `saved:${saved.id}`,
    methodKey: saved.key,
    label: `${saved.label} · saved ${savedWhen(saved.savedAt)}`,
    state: saved.result.stopped ? 'stopped' : 'finished',
    settings: saved.result.settings,
    startedAt: Date.parse(saved.savedAt),
    timeline: saved.result.timeline,
    result: saved.result,
    isInServer: false,
    savedId: saved.id,
  }
}
