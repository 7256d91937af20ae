/** Closes an open popup (a menu) the way menus close: on Escape, or on a pointer press anywhere outside it. */
import { useEffect, type RefObject } from 'react'

export type DismissReason = 'escape' | 'outside'

export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  isOpen: boolean,
  onDismiss: (reason: DismissReason) => void,
): void {
  useEffect(() => {
    if (!isOpen) return
    const onPointerDown = (event: PointerEvent) => {
      const root = ref.current
      if (root && event.target instanceof Node && !root.contains(event.target)) onDismiss('outside')
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      // Escape closes the menu only; the drawer or a filter waiting for the same key is left alone.
      event.preventDefault()
      event.stopPropagation()
      onDismiss('escape')
    }
    // Capture phase: a press on a control that stops propagation (the log, an editor) still closes the menu.
    document.addEventListener('pointerdown', onPointerDown, true)
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      document.removeEventListener('keydown', onKeyDown, true)
    }
  }, [ref, isOpen, onDismiss])
}
