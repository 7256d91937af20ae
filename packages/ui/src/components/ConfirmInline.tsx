/**
 * An inline question before something that may change a server's data runs: the reason, Run or Don't run. "Don't
 * run" takes the focus (the safe answer is the default), Escape dismisses.
 */
import { useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react'
import './confirm-inline.css'

export interface ConfirmInlineProps {
  /** The dialog's accessible name, e.g. "Run fails?". */
  label: string
  /** The run button's text. */
  runLabel: string
  /** Extra class for where it stands (its margins). */
  className?: string
  onRun: () => void
  onDismiss: () => void
  children: ReactNode
}

export function ConfirmInline(props: ConfirmInlineProps): ReactElement {
  const { label, runLabel, className, onRun, onDismiss, children } = props
  const keep = useRef<HTMLButtonElement>(null)
  const textId = useId()
  useEffect(() => keep.current?.focus(), [])
  return (
    <div
      className={className ? `confirm-inline ${className}` : 'confirm-inline'}
      role="alertdialog"
      aria-label={label}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDismiss()
      }}
    >
      <p id={textId}>{children}</p>
      <div className="confirm-inline-actions">
        <button type="button" className="btn btn-danger" onClick={onRun}>
          {runLabel}
        </button>
        <button type="button" className="btn" ref={keep} onClick={onDismiss}>
          Don&apos;t run
        </button>
      </div>
    </div>
  )
}
