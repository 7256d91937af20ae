/** Shows the current toast with its action (Undo) and a close button; screen readers hear it as a status. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { toasts } from './toast-store.js'

export function ToastView(): ReactElement | null {
  const toast = useStore(toasts, (s) => s.toast)
  if (!toast) return null
  const { dismiss } = toasts.getState()
  return (
    <div className="toast" role="status">
      <span>{toast.message}</span>
      {toast.action && (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            dismiss(toast.id)
            toast.action?.run()
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="btn btn-ghost" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  )
}
