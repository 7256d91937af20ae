/** Roving focus for the virtualized sidebar tree: arrow keys move focus between rows, scrolling the far ones into the DOM. */
import type { Virtualizer } from '@tanstack/react-virtual'
import type { FocusEvent, KeyboardEvent, RefObject } from 'react'
import { flushSync } from 'react-dom'
import type { SidebarRow } from './sidebar-rows.js'
import { treeKeyAction } from './tree-navigation.js'

export interface TreeKeyboardOptions {
  rows: readonly SidebarRow[]
  virtualizer: Virtualizer<HTMLDivElement, Element>
  scrollRef: RefObject<HTMLDivElement | null>
  setActiveId: (id: string) => void
  onToggle: (id: string) => void
  onOpen: (key: string) => void
  /** Up from the first row (the search box takes the focus back). */
  onLeaveTop: () => void
}

export interface TreeKeyboardHandlers {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onFocus: (event: FocusEvent<HTMLElement>) => void
  /** Moves the focus to row `index`, scrolling it into the DOM first when it is far away. */
  focusRow: (index: number) => void
}

function rowElement(container: HTMLElement | null, id: string): HTMLElement | undefined {
  for (const element of container?.querySelectorAll<HTMLElement>('[data-row-id]') ?? []) {
    if (element.dataset.rowId === id) return element
  }
  return undefined
}

export function useTreeKeyboard(options: TreeKeyboardOptions): TreeKeyboardHandlers {
  const { rows, virtualizer, scrollRef, setActiveId, onToggle, onOpen, onLeaveTop } = options
  const focusRow = (index: number) => {
    const target = rows[index]
    if (!target) return
    virtualizer.scrollToIndex(index, { align: 'auto' })
    // The tab-stop row is always rendered (see the range extractor), so it exists once this render commits.
    flushSync(() => setActiveId(target.id))
    rowElement(scrollRef.current, target.id)?.focus({ preventScroll: true })
  }
  return {
    focusRow,
    onFocus: (event) => {
      const id = event.target.dataset.rowId
      if (id !== undefined) setActiveId(id)
    },
    onKeyDown: (event) => {
      // Ctrl+K and friends belong to the app's shortcuts, Escape to the drawer.
      if (event.ctrlKey || event.metaKey || event.altKey) return
      const id = (event.target as HTMLElement).dataset.rowId
      const index = rows.findIndex((row) => row.id === id)
      if (index < 0) return
      const action = treeKeyAction(rows, index, event.key)
      if (!action) return
      event.preventDefault()
      switch (action.kind) {
        case 'open':
          onOpen(action.key)
          return
        case 'toggle':
          onToggle(action.id)
          return
        case 'focus':
          focusRow(action.index)
          return
        case 'leave-top':
          onLeaveTop()
          return
      }
    },
  }
}
