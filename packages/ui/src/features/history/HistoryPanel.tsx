/**
 * The History tab: the active workspace's calls, newest first, searchable, refreshed as calls end; older entries on
 * "Load more"; an entry reopens into a new tab with the request as it was typed, and its stored response body shows
 * in a viewer; Clear asks first.
 */
import { WORKSPACE_FILE_VERSION, type HistoryEntry } from '@wirebench/core'
import { useState, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ApiError } from '../../api/api-error.js'
import { Icon } from '../../components/Icon.js'
import { ModalDialog } from '../../components/ModalDialog.js'
import { openUnsaved } from '../../state/tab-actions.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { historyLabel, responseText } from './history-rows.js'
import { HistoryRow } from './HistoryRow.js'
import { useHistoryPages } from './useHistoryPages.js'
import '../../styles/workspace.css'

export function HistoryPanel(): ReactElement {
  const workbench = useWorkbench()
  const activeId = useStore(workbench.workspace, (s) => s.activeId)
  const status = useStore(workbench.workspace, (s) => s.status)
  const [query, setQuery] = useState('')
  const [isConfirming, setConfirming] = useState(false)
  const [shown, setShown] = useState<HistoryEntry | null>(null)
  const [clearProblem, setClearProblem] = useState<string | null>(null)
  const pages = useHistoryPages(workbench, activeId, query)
  const problem = clearProblem ?? pages.problem
  if (status === 'unavailable') return <p className="col-empty">This workbench server keeps no history.</p>
  const reopen = (entry: HistoryEntry) =>
    openUnsaved(workbench, { version: WORKSPACE_FILE_VERSION, name: entry.request.name ?? '', ...entry.request })
  const older = pages.total === null ? 0 : pages.total - pages.entries.length
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
        <button type="button" className="btn btn-ghost" disabled={!pages.total} onClick={() => setConfirming(true)}>
          Clear
        </button>
      </div>
      {problem && <p className="col-problems">{problem}</p>}
      {pages.total !== null && pages.entries.length === 0 && (
        <p className="col-empty">
          {query ? `No call matches “${query}”.` : 'No calls yet: what you send shows up here.'}
        </p>
      )}
      <div className="collections-list" role="list" aria-label="History">
        {pages.entries.map((entry) => (
          <HistoryRow
            key={entry.id}
            entry={entry}
            onReopen={() => reopen(entry)}
            onShowResponse={() => setShown(entry)}
          />
        ))}
        {older > 0 && (
          <button type="button" className="btn col-more" disabled={pages.isLoadingMore} onClick={pages.loadMore}>
            {pages.isLoadingMore ? 'Loading…' : `Load more (${older} older call${older === 1 ? '' : 's'})`}
          </button>
        )}
      </div>
      {shown && (
        <ModalDialog
          title={`Response of ${historyLabel(shown).title}`}
          className="history-body-dialog"
          onClose={() => setShown(null)}
        >
          <p className="muted">
            {shown.status} · {new Date(shown.at).toLocaleString()} ·{' '}
            <span className="mono">{historyLabel(shown).url}</span>
            {shown.truncated ? ' · cut to the history’s size bound' : ''}
          </p>
          <pre className="history-body mono">{responseText(shown.response)}</pre>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={() => setShown(null)}>
              Close
            </button>
          </div>
        </ModalDialog>
      )}
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
                  .then(() => {
                    setClearProblem(null)
                    pages.reload()
                  })
                  .catch((error: unknown) => setClearProblem(ApiError.fromUnknown(error).message))
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
