/**
 * The History tab's entries: the first page for the search (after a pause in typing), older pages on "Load more",
 * and a fresh first page whenever a call of this page ends or the server announces recorded calls — so the tab shows
 * them without being reopened.
 */
import type { HistoryEntry } from '@wirebench/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../api/api-error.js'
import { historySignal } from '../../state/history-signal.js'
import type { Workbench } from '../../state/workbench.js'

const PAGE_SIZE = 200
/** Searching waits for a pause in typing: the server scans the whole history per query. */
const SEARCH_DELAY_MS = 150
/** The server records a call's entry just after answering it; reading at once could miss it. */
const RECORD_DELAY_MS = 250

export interface HistoryPages {
  entries: HistoryEntry[]
  /** Entries matching the search in all; `null` before the first answer. */
  total: number | null
  problem: string | null
  isLoadingMore: boolean
  loadMore: () => void
  reload: () => void
}

export function useHistoryPages(workbench: Workbench, workspaceId: string, query: string): HistoryPages {
  const [entries, setEntries] = useState<HistoryEntry[]>([])
  const [total, setTotal] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const [isLoadingMore, setLoadingMore] = useState(false)
  const more = useRef<AbortController | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      more.current?.abort()
      workbench.workspacesApi
        .history(workspaceId, { q: query, limit: PAGE_SIZE }, controller.signal)
        .then((page) => {
          setEntries(page.entries)
          setTotal(page.total)
          setProblem(null)
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setProblem(ApiError.fromUnknown(error).message)
        })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [workbench, workspaceId, query, generation])

  // A unary call of this page that finishes, or a live call that closes, adds an entry.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setGeneration((g) => g + 1), RECORD_DELAY_MS)
    }
    const offCalls = workbench.calls.subscribe((state, prior) => {
      const ended = Object.entries(state.calls).some(([key, call]) => !call.isSending && prior.calls[key]?.isSending)
      if (ended) later()
    })
    const live = workbench.liveStore
    const offLive = live?.subscribe((state, prior) => {
      const ended = Object.entries(state.calls).some(
        ([key, call]) =>
          (call.status === 'closed' || call.status === 'error') && prior.calls[key]?.status !== call.status,
      )
      if (ended) later()
    })
    // Calls of other tabs and processes: the server announces them on the live socket once it is open.
    const offServer = historySignal.subscribe((signal) => {
      if (signal.workspace === workspaceId) setGeneration((g) => g + 1)
    })
    return () => {
      clearTimeout(timer)
      offCalls()
      offLive?.()
      offServer()
    }
  }, [workbench, workbench.liveStore, workspaceId])

  const loadMore = useCallback(() => {
    const last = entries.at(-1)
    if (!last) return
    more.current?.abort()
    const controller = new AbortController()
    more.current = controller
    setLoadingMore(true)
    workbench.workspacesApi
      .history(workspaceId, { q: query, limit: PAGE_SIZE, before: last.id }, controller.signal)
      .then((page) => {
        setEntries((shown) => [...shown, ...page.entries.filter((entry) => !shown.some((s) => s.id === entry.id))])
        setProblem(null)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setProblem(ApiError.fromUnknown(error).message)
      })
      .finally(() => {
        if (more.current === controller) setLoadingMore(false)
      })
  }, [workbench, workspaceId, query, entries])

  const reload = useCallback(() => setGeneration((g) => g + 1), [])
  return { entries, total, problem, isLoadingMore, loadMore, reload }
}
