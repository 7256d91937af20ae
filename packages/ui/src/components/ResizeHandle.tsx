/** A vertical drag handle between two columns; reports the pointer's x so the owner decides what to resize. */
import type { ReactElement } from 'react'

export interface ResizeHandleProps {
  onResize: (clientX: number) => void
  label: string
  /** Arrow keys move by this many pixels. */
  onStep?: (deltaPx: number) => void
}

export function ResizeHandle({ onResize, label, onStep }: ResizeHandleProps): ReactElement {
  return (
    <div
      className="resize-handle"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      tabIndex={0}
      onPointerDown={(event) => {
        const target = event.currentTarget
        target.setPointerCapture(event.pointerId)
        document.body.classList.add('is-resizing')
        const move = (e: PointerEvent) => onResize(e.clientX)
        const up = () => {
          target.removeEventListener('pointermove', move)
          target.removeEventListener('pointerup', up)
          document.body.classList.remove('is-resizing')
        }
        target.addEventListener('pointermove', move)
        target.addEventListener('pointerup', up)
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onStep?.(-16)
        if (event.key === 'ArrowRight') onStep?.(16)
      }}
    />
  )
}
