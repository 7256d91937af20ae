/**
 * Whether the narrow-screen drawer is sliding because it was opened or closed. Only then does it animate: a window
 * narrowed past the breakpoint hides the sidebar at once, instead of sliding it away half-visible behind whatever
 * is open (a dialog, the request).
 */
import { useEffect, useState } from 'react'

/** A little longer than the slide in layout.css (0.18 s), so the class stays until it has ended. */
const slideMs = 250

export function useDrawerSliding(isOpen: boolean): boolean {
  const [shown, setShown] = useState({ isOpen, isSliding: false })
  // Set during render, so the class that enables the transition lands in the same commit as the state it animates.
  if (shown.isOpen !== isOpen) setShown({ isOpen, isSliding: true })
  useEffect(() => {
    if (!shown.isSliding) return undefined
    const timer = setTimeout(() => setShown((current) => ({ ...current, isSliding: false })), slideMs)
    return () => clearTimeout(timer)
  }, [shown])
  return shown.isSliding
}
