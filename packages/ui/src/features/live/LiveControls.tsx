/** Controls of a live call's log: pause/resume (with the count of new entries), clear, cancel and export. */
import { useCallback, useRef, useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { useDismiss, type DismissReason } from '../../components/useDismiss.js'
import type { LiveCallState } from '../../state/live-store.js'
import { downloadText, exportFilename, toJsonDocument, toNdjson, type ExportFormat } from './live-export.js'
import { isLiveActive } from './useLiveCall.js'

export interface LiveControlsProps {
  call: LiveCallState
  /** `Service/Method`, for the export file name. */
  methodName: string
  onTogglePause: () => void
  onClear: () => void
  onCancel: () => void
}

export function LiveControls({ call, methodName, onTogglePause, onClear, onCancel }: LiveControlsProps): ReactElement {
  const menuRef = useRef<HTMLDetailsElement>(null)
  const [isMenuOpen, setMenuOpen] = useState(false)
  const closeMenu = useCallback((reason?: DismissReason) => {
    const menu = menuRef.current
    if (!menu) return
    menu.open = false
    // Escape hands the focus back to the button that opened the menu; a click elsewhere leaves it where it went.
    if (reason === 'escape') menu.querySelector('summary')?.focus()
  }, [])
  useDismiss(menuRef, isMenuOpen, closeMenu)
  const newCount = call.isPaused && call.pausedEnd !== undefined ? Math.max(0, call.log.end - call.pausedEnd) : 0
  const exportAs = (format: ExportFormat) => {
    const entries = call.log.slice()
    const text = format === 'ndjson' ? toNdjson(entries) : toJsonDocument(call, entries, methodName)
    downloadText(text, exportFilename(methodName, format))
    closeMenu()
  }
  return (
    <div className="live-controls">
      {(isLiveActive(call) || call.isPaused) && (
        <button
          type="button"
          className={`btn${call.isPaused ? ' btn-primary' : ''}`}
          aria-pressed={call.isPaused}
          title={
            call.isPaused
              ? 'Show the messages received while paused (Space)'
              : 'Stop updating the log; messages keep arriving (Space)'
          }
          onClick={onTogglePause}
        >
          {call.isPaused ? (
            <>Resume{newCount > 0 && <span className="live-new-count">{newCount.toLocaleString()} new</span>}</>
          ) : (
            'Pause'
          )}
        </button>
      )}
      <button type="button" className="btn btn-ghost" title="Empty the log (counts stay)" onClick={onClear}>
        <Icon name="trash" size={13} /> Clear
      </button>
      <details className="live-export" ref={menuRef} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
        <summary className="btn btn-ghost" title="Download the log">
          Export
        </summary>
        <div className="live-export-menu" role="menu">
          <button type="button" role="menuitem" className="btn btn-ghost" onClick={() => exportAs('ndjson')}>
            NDJSON (one message a line)
          </button>
          <button type="button" role="menuitem" className="btn btn-ghost" onClick={() => exportAs('json')}>
            JSON document
          </button>
        </div>
      </details>
      {isLiveActive(call) && (
        <button
          type="button"
          className="btn btn-danger live-cancel"
          title="Cancel the call upstream"
          onClick={onCancel}
        >
          <Icon name="stop" size={13} /> Cancel
        </button>
      )}
    </div>
  )
}
