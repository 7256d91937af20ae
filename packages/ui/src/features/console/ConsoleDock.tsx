/**
 * The console's place at the bottom of the main column: a bar with its toggle and entry count, and the resizable panel
 * above it while open. Ctrl+` toggles it from anywhere on the page.
 */
import { useEffect, useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { ResizeHandle } from '../../components/ResizeHandle.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { MutedHintsMenu } from '../hints/MutedHintsMenu.js'
import { ConsolePanel } from './ConsolePanel.js'
import './console.css'

export function ConsoleDock(): ReactElement {
  const { store } = useWorkbench().console
  const isOpen = useStore(store, (s) => s.isOpen)
  const height = useStore(store, (s) => s.height)
  // The count on the toggle follows the ring (updated once per frame while entries arrive).
  useStore(store, (s) => s.version)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const dockRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.ctrlKey || event.altKey || event.metaKey || event.code !== 'Backquote') return
      event.preventDefault()
      const next = !store.getState().isOpen
      store.getState().setOpen(next)
      if (!next) toggleRef.current?.focus()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  useEffect(() => {
    // Opened from the keyboard: the list takes focus, so arrows and Enter work at once.
    if (isOpen) dockRef.current?.querySelector<HTMLElement>('.console-list')?.focus()
  }, [isOpen])

  const close = () => {
    store.getState().setOpen(false)
    toggleRef.current?.focus()
  }
  const size = store.ring.size
  return (
    <div className={`console-dock${isOpen ? ' is-open' : ''}`} ref={dockRef}>
      {isOpen && (
        <>
          <ResizeHandle
            orientation="horizontal"
            label="Resize the console"
            onResize={(y) => {
              const bottom = dockRef.current?.getBoundingClientRect().bottom ?? window.innerHeight
              store.getState().setHeight(Math.min(bottom - y - 28, window.innerHeight * 0.8))
            }}
            onStep={(d) => store.getState().setHeight(height - d)}
          />
          <div className="console-frame" style={{ height }}>
            <ConsolePanel store={store} onClose={close} />
          </div>
        </>
      )}
      <div className="console-bar">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-ghost console-toggle"
          aria-expanded={isOpen}
          aria-keyshortcuts="Control+`"
          title="Console (Ctrl+`)"
          onClick={() => store.getState().toggle()}
        >
          Console <span className="console-toggle-count">{size.toLocaleString('en-US')}</span>
        </button>
        <MutedHintsMenu />
      </div>
    </div>
  )
}
