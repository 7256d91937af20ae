/** Reads the active workspace's saved runs of a method into the benchmark store when the tab opens. */
import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { Workbench } from '../../state/workbench.js'
import type { BenchClient } from './bench-client.js'
import { problemText, type BenchStore } from './bench-store.js'
import { savedRun } from './saved-runs.js'

export function useSavedRuns(
  workbench: Workbench,
  bench: { store: BenchStore; client: BenchClient },
  key: string,
): string | undefined {
  const workspace = useStore(workbench.workspace, (s) => s.activeId)
  const [notice, setNotice] = useState<string>()
  useEffect(() => {
    if (!workspace) return
    let isCurrent = true
    bench.client.saved(workspace, key).then(
      (response) => {
        if (!isCurrent) return
        bench.store.getState().addSaved(key, response.benchmarks.map(savedRun))
        const kept = response.problems.map(
          (problem) => `${problem.path} (${problem.reason})${problem.keptAs ? `, kept as ${problem.keptAs}` : ''}`,
        )
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
  }, [workspace, key, bench])
  return notice
}
