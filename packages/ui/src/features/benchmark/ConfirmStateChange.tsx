/**
 * Asks before a benchmark repeats a method that may change the server's data: the method, why it is not known to be
 * safe and how many calls the run makes; Run or Don't run (Escape). The server refused without the consent.
 */
import { useEffect, useRef, type ReactElement } from 'react'
import type { StateChange } from './bench-store.js'

export interface ConfirmStateChangeProps {
  change: StateChange
  onRun: () => void
  onDismiss: () => void
}

export function ConfirmStateChange({ change, onRun, onDismiss }: ConfirmStateChangeProps): ReactElement {
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => keep.current?.focus(), [])
  return (
    <div
      className="bench-confirm"
      role="alertdialog"
      aria-label={`Benchmark ${change.method}?`}
      aria-describedby="bench-confirm-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss()
      }}
    >
      <p id="bench-confirm-text">
        <strong>{change.method}</strong> may change the server&apos;s data ({change.reason}). This benchmark would send
        it <strong>{change.calls}</strong>. Run it anyway?
      </p>
      <div className="bench-confirm-actions">
        <button type="button" className="btn btn-danger" onClick={onRun}>
          Run {change.calls}
        </button>
        <button type="button" className="btn" ref={keep} onClick={onDismiss}>
          Don&apos;t run
        </button>
      </div>
    </div>
  )
}
