/**
 * A drag handle between two columns (vertical) or two rows (horizontal); reports the pointer's x (or y) so the owner
 * decides what to resize.
 */
import type { ReactElement } from 'react'

export interface ResizeHandleProps {
  /** The pointer's clientX (vertical handle) or clientY (horizontal handle). */
  onResize: (client: number) => void
  label: string
  /** Arrow keys move by this many pixels (left/up negative). */
  onStep?: (deltaPx: number) => void
  /** A vertical line between columns (default), or a horizontal one between rows. */
  orientation?: 'vertical' | 'horizontal'
}

export function ResizeHandle({ onResize, label, onStep, orientation = 'vertical' }: ResizeHandleProps): ReactElement {
  const isHorizontal = orientation === 'horizontal'
  return (
    <div
      className={`resize-handle${isHorizontal ? ' is-horizontal' : ''}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      tabIndex={0}
      onPointerDown={(event) => {
        const target = event.currentTarget
        target.setPointerCapture(event.pointerId)
        document.body.classList.add('is-resizing')
        const move = (e: PointerEvent) => onResize(isHorizontal ? e.clientY : e.clientX)
        const up = () => {
          target.removeEventListener('pointermove', move)
          target.removeEventListener('pointerup', up)
          document.body.classList.remove('is-resizing')
        }
        target.addEventListener('pointermove', move)
        target.addEventListener('pointerup', up)
      }}
      onKeyDown={(event) => {
        if (event.key === (isHorizontal ? 'ArrowUp' : 'ArrowLeft')) onStep?.(-16)
        if (event.key === (isHorizontal ? 'ArrowDown' : 'ArrowRight')) onStep?.(16)
      }}
    />
  )
}
