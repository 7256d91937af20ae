/** The one toast at the bottom of the page (a deletion with its Undo): newest replaces older, gone after a while. */
import { createStore } from 'zustand/vanilla'

export interface ToastAction {
  label: string
  run: () => void
}

export interface Toast {
  id: number
  message: string
  action?: ToastAction
}

export interface ToastOptions {
  /** Stays until its action runs or it is dismissed: an offer whose value is lost if nobody decides. */
  isSticky?: boolean
}

interface ToastState {
  toast: Toast | null
  show: (message: string, action?: ToastAction, options?: ToastOptions) => void
  dismiss: (id: number) => void
}

/** Long enough to read the message and reach Undo from the keyboard. */
const TOAST_MS = 8_000

let counter = 0

export const toasts = createStore<ToastState>()((set, get) => ({
  toast: null,
  show: (message, action, options) => {
    counter += 1
    const id = counter
    set({ toast: action ? { id, message, action } : { id, message } })
    if (options?.isSticky !== true) setTimeout(() => get().dismiss(id), TOAST_MS)
  },
  dismiss: (id) => {
    if (get().toast?.id === id) set({ toast: null })
  },
}))
