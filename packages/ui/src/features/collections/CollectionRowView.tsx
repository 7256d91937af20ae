/**
 * One row of the collections tree: a folder (click folds it) or a saved request (click opens it), with its actions.
 * Every row can be dragged; a folder row takes a drop and moves what was dropped into it.
 */
import { useState, type DragEvent, type ReactElement } from 'react'
import { useWorkbench } from '../../state/useWorkbench.js'
import { deleteRequest, duplicateRequest, moveIntoFolder } from './collection-actions.js'
import type { CollectionRow } from './collection-rows.js'
import type { CollectionDialog } from './CollectionDialogs.js'

/** The drag's payload type: only rows of this sidebar are taken by its folders (not files or text dragged in). */
const DRAG_TYPE = 'application/x-wirebench-saved-path'

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
  const [isDropTarget, setDropTarget] = useState(false)
  const isDraggedHere = (event: DragEvent) => row.kind === 'folder' && event.dataTransfer.types.includes(DRAG_TYPE)
  const dropHandlers = {
    onDragOver: (event: DragEvent) => {
      if (!isDraggedHere(event)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'move'
      setDropTarget(true)
    },
    onDragLeave: () => setDropTarget(false),
    onDrop: (event: DragEvent) => {
      setDropTarget(false)
      if (!isDraggedHere(event)) return
      event.preventDefault()
      const dragged = event.dataTransfer.getData(DRAG_TYPE)
      if (dragged) void moveIntoFolder(workbench, dragged, row.path)
    },
  }
  return (
    <>
      <div
        className={`col-item${isDropTarget ? ' is-drop-target' : ''}`}
        role="treeitem"
        aria-expanded={row.kind === 'folder' ? !isCollapsed : undefined}
        {...(row.kind === 'folder' ? dropHandlers : {})}
      >
        <button
          type="button"
          className={`col-row${row.kind === 'folder' ? ' is-folder' : ''}`}
          style={depth}
          data-path={row.path}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, row.path)
            event.dataTransfer.effectAllowed = 'move'
          }}
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
            Rename…
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => onDialog({ kind: 'move-to', path: row.path })}>
            Move to…
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
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => onDialog({ kind: 'details', path: row.path })}
              >
                Details…
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
