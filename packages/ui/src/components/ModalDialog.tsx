/** A modal `<dialog>` opened on mount: Escape (or any other close) calls `onClose`, focus stays inside while open. */
import { useEffect, useRef, type ReactElement, type ReactNode } from 'react'

export interface ModalDialogProps {
  title: string
  className?: string
  onClose: () => void
  children: ReactNode
}

export function ModalDialog({ title, className, onClose, children }: ModalDialogProps): ReactElement {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog
      ref={dialog}
      className={`modal-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby="modal-dialog-title"
      onClose={onClose}
    >
      <h2 id="modal-dialog-title">{title}</h2>
      {children}
    </dialog>
  )
}
