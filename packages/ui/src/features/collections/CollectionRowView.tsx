/** One row of the collections tree: a folder (click folds it) or a saved request (click opens it), with its actions. */
import type { ReactElement } from 'react'
import { useWorkbench } from '../../state/useWorkbench.js'
import { deleteRequest, duplicateRequest } from './collection-actions.js'
import type { CollectionRow } from './collection-rows.js'
import type { CollectionDialog } from './CollectionDialogs.js'

export interface CollectionRowViewProps {
  row: CollectionRow
  isCollapsed: boolean
  isMenuOpen: boolean
  onActivate: () => void
  onToggleMenu: () => void
  onDialog: (dialog: CollectionDialog) => void
}

export function CollectionRowView(props: CollectionRowViewProps): ReactElement {
  const { row, isCollapsed, isMenuOpen, onActivate, onToggleMenu, onDialog } = props
  const workbench = useWorkbench()
  const depth = { '--depth': row.depth } as React.CSSProperties
  return (
    <>
      <div className="col-item" role="treeitem" aria-expanded={row.kind === 'folder' ? !isCollapsed : undefined}>
        <button
          type="button"
          className={`col-row${row.kind === 'folder' ? ' is-folder' : ''}`}
          style={depth}
          data-path={row.path}
          title={
            row.kind === 'request' ? `${row.path} — ${row.entry.request.method} on ${row.entry.request.url}` : row.path
          }
          onClick={onActivate}
        >
          {row.kind === 'folder' ? (
            <>
              <span aria-hidden="true">{isCollapsed ? '▸' : '▾'}</span>
              <span className="col-row-name">{row.name}</span>
              <span className="tab-count">{row.count}</span>
            </>
          ) : (
            <>
              <span className="col-row-proto">{row.entry.request.protocol}</span>
              <span className="col-row-name">{row.name}</span>
            </>
          )}
        </button>
        <button
          type="button"
          className="col-menu-btn"
          aria-label={`Actions for ${row.path}`}
          aria-expanded={isMenuOpen}
          onClick={onToggleMenu}
        >
          ⋯
        </button>
      </div>
      {isMenuOpen && (
        <div className="col-menu" style={depth}>
          <button type="button" className="btn btn-ghost" onClick={() => onDialog({ kind: 'move', path: row.path })}>
            Rename / Move…
          </button>
          {row.kind === 'request' && (
            <>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => void duplicateRequest(workbench, row.entry)}
              >
                Duplicate
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => void deleteRequest(workbench, row.entry)}>
                Delete
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => onDialog({ kind: 'assertions', path: row.path })}
              >
                Assertions…
              </button>
            </>
          )}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => onDialog({ kind: 'auth', path: row.path, isFolder: row.kind === 'folder' })}
          >
            Auth…
          </button>
        </div>
      )}
    </>
  )
}
