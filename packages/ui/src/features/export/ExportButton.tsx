/** Code (Ctrl+Shift+E): opens the code-export dialog for the pane's request, beside its Send button. */
import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { MethodRef } from '../../state/catalog.js'
import { LazyExportDialog } from './LazyExportDialog.js'
import '../../styles/export.css'

export interface ExportButtonProps {
  /** The method Send calls (a gRPC pane's wire-pinned target, not the one listed). */
  target: MethodRef
  /** The server URL Send passes, if the pane passes one. */
  serverUrl?: string | undefined
  /** For a pane whose message lives outside the draft (the WebSocket composer): the messages Send would send. */
  messages?: () => unknown[]
}

/** Ctrl/⌘+Shift+E: free in Chromium and not taken by the page's other shortcuts. */
export function isExportShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'e'
}

export function ExportButton({ target, serverUrl, messages }: ExportButtonProps): ReactElement {
  // The messages are read when the dialog opens: the snippet is the request on screen at that moment.
  const [opened, setOpened] = useState<{ messages?: unknown[] } | null>(null)
  const open = useCallback(() => setOpened(messages ? { messages: messages() } : {}), [messages])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isExportShortcut(event)) return
      event.preventDefault()
      open()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])
  return (
    <>
      <button
        type="button"
        className="btn export-btn"
        onClick={open}
        title="Export as code: curl, Python, JavaScript… (Ctrl+Shift+E)"
        aria-label="Export as code"
        aria-keyshortcuts="Control+Shift+E"
      >
        {/* "Code", not "Export": the live log's Export (its frames as NDJSON) sits on the same page. */}
        <Icon name="code" size={14} /> Code
      </button>
      {opened && (
        <LazyExportDialog
          target={target}
          serverUrl={serverUrl}
          messages={opened.messages}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  )
}
