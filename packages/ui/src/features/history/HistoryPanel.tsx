/**
 * The History tab: the active workspace's calls, newest first, searchable; an entry reopens into a new tab with the
 * request as it was typed; Clear asks first.
 */
import { WORKSPACE_FILE_VERSION, type HistoryEntry, type HistoryPage } from '@wirebench/core'
import { useEffect, useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { formatBytes } from '../../components/format.js'
import { Icon } from '../../components/Icon.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { openUnsaved } from '../../state/tab-actions.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import '../../styles/workspace.css'

const PAGE_SIZE = 200
/** Searching waits for a pause in typing: the server scans the whole history per query. */
const SEARCH_DELAY_MS = 150

export function HistoryPanel(): ReactElement {
  const workbench = useWorkbench()
  const activeId = useStore(workbench.workspace, (s) => s.activeId)
  const status = useStore(workbench.workspace, (s) => s.status)
  const [query, setQuery] = useState('')
  const [page, setPage] = useState<HistoryPage | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [isConfirming, setConfirming] = useState(false)
  const [generation, setGeneration] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => {
      workbench.workspacesApi
        .history(activeId, { q: query, limit: PAGE_SIZE }, controller.signal)
        .then((next) => {
          setPage(next)
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
  }, [workbench, activeId, query, generation])
  if (status === 'unavailable') return <p className="col-empty">This workbench server keeps no history.</p>
  const reopen = (entry: HistoryEntry) =>
    openUnsaved(workbench, { version: WORKSPACE_FILE_VERSION, name: entry.request.name ?? '', ...entry.request })
  return (
    <div className="collections">
      <div className="collections-head">
        <div className="search-box history-search">
          <Icon name="search" size={14} className="search-icon" />
          <input
            className="input"
            type="search"
            placeholder="Search history"
            aria-label="Search history"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!page || page.total === 0}
          onClick={() => setConfirming(true)}
        >
          Clear
        </button>
      </div>
      {problem && <p className="col-problems">{problem}</p>}
      {page && page.entries.length === 0 && (
        <p className="col-empty">
          {query ? `No call matches “${query}”.` : 'No calls yet: what you send shows up here.'}
        </p>
      )}
      <div className="collections-list" role="list" aria-label="History">
        {page?.entries.map((entry) => (
          <button key={entry.id} type="button" role="listitem" className="history-row" onClick={() => reopen(entry)}>
            <span className="history-status" data-ok={entry.ok}>
              {entry.status}
            </span>
            <span className="col-row-name">
              {entry.request.name ? `${entry.request.name} · ` : ''}
              {entry.request.method}
            </span>
            <span className="col-row-proto">{entry.request.protocol}</span>
            <span className="history-meta">
              {new Date(entry.at).toLocaleString()} · {Math.round(entry.durationMs)} ms · {formatBytes(entry.bytes)}
            </span>
          </button>
        ))}
        {page && page.total > page.entries.length && (
          <p className="col-more">
            {page.total - page.entries.length} older call{page.total - page.entries.length === 1 ? '' : 's'}: narrow the
            search to see them.
          </p>
        )}
      </div>
      {isConfirming && (
        <ModalDialog title="Clear the history?" onClose={() => setConfirming(false)}>
          <p>Every recorded call of this workspace is removed. Saved requests stay.</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirming(false)
                void workbench.workspacesApi
                  .clearHistory(activeId)
                  .then(() => setGeneration((g) => g + 1))
                  .catch((error: unknown) => setProblem(ApiError.fromUnknown(error).message))
              }}
            >
              Clear history
            </button>
          </div>
        </ModalDialog>
      )}
    </div>
  )
}
