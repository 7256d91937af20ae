/** Reads the active workspace's saved runs of a method into the benchmark store when the tab opens. */
import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { SavedBenchmarksResponse } from '@wirebench/core'
import type { Workbench } from '../../state/workbench.js'
import type { BenchClient } from './bench-client.js'
import { problemText, type BenchStore } from './bench-store.js'
import { savedRun } from './saved-runs.js'

export interface SavedRunKeys {
  /** The method's key in this page (the store lists its runs under it). */
  pageKey: string
  /** The keys its runs are saved under: the current one first, then the one an earlier version wrote. */
  savedKeys: readonly string[]
}

export function useSavedRuns(
  workbench: Workbench,
  bench: { store: BenchStore; client: BenchClient },
  { pageKey, savedKeys }: SavedRunKeys,
): string | undefined {
  const workspace = useStore(workbench.workspace, (s) => s.activeId)
  const [notice, setNotice] = useState<string>()
  const keys = [...new Set(savedKeys)].join('\n')
  useEffect(() => {
    if (!workspace) return
    let isCurrent = true
    Promise.all(keys.split('\n').map((key) => bench.client.saved(workspace, key))).then(
      (responses: SavedBenchmarksResponse[]) => {
        if (!isCurrent) return
        const saved = responses.flatMap((response) => response.benchmarks)
        saved.sort((a, b) => a.savedAt.localeCompare(b.savedAt))
        bench.store.getState().addSaved(
          pageKey,
          saved.map((run) => savedRun(run, pageKey)),
        )
        const kept = responses
          .flatMap((response) => response.problems)
          .map((problem) => `${problem.path} (${problem.reason})${problem.keptAs ? `, kept as ${problem.keptAs}` : ''}`)
        setNotice(
          kept.length > 0 ? `Saved runs that could not be read were moved aside: ${kept.join('; ')}.` : undefined,
        )
      },
      (error: unknown) => {
        if (isCurrent) setNotice(`The saved runs could not be read: ${problemText(error)}`)
      },
    )
    return () => {
      isCurrent = false
    }
  }, [workspace, pageKey, keys, bench])
  return notice
}
