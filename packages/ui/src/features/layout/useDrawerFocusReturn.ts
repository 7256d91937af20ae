/**
 * On narrow screens the sidebar is a drawer that hides once an operation is picked: the row that had the focus
 * disappears with it and the focus would fall to `<body>`, where Tab starts again from the top of the page. The
 * focus moves to the opened operation's title instead (at full width the sidebar stays and keeps it).
 */
import { useEffect, type RefObject } from 'react'
import type { SelectionStore } from '../../state/selection-store.js'
import { NARROW_LAYOUT_QUERY } from './useNarrowPaneScroll.js'

export function useDrawerFocusReturn(selection: SelectionStore, mainRef: RefObject<HTMLElement | null>): void {
  useEffect(
    () =>
      selection.subscribe((state, previous) => {
        if (state.isDrawerOpen || !previous.isDrawerOpen) return
        const active = document.activeElement
        const wasInDrawer = active === null || active === document.body || active.closest('.sidebar') !== null
        if (!wasInDrawer) return
        // After the render that shows the chosen operation and hides the drawer.
        requestAnimationFrame(() => {
          if (!window.matchMedia(NARROW_LAYOUT_QUERY).matches) return
          mainRef.current?.querySelector<HTMLElement>('.method-name')?.focus()
        })
      }),
    [selection, mainRef],
  )
}
