/**
 * The assistant drawer (Ctrl+I): the provider in use, its settings, the session's invoke switch, the conversation
 * with the streamed reply, and the composer (Enter sends, Shift+Enter breaks the line, Stop cancels the turn). Escape
 * closes it and focus goes back where it was; the confirmation of a request the model asks to send sits on top.
 */
import type { AiConfigView } from '@wirebench/core'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Icon } from '../../components/Icon.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import { readAiConfig } from './ai-client.js'
import { AssistantSettings } from './AssistantSettings.js'
import { AssistantStatus } from './AssistantStatus.js'
import type { AssistantStore } from './assistant-store.js'
import { ChatEntries } from './ChatEntries.js'
import { InvokeConfirmDialog } from './InvokeConfirmDialog.js'
import { sendToAssistant } from './run-conversation.js'
import './assistant.css'

/** The model chats use, marked when it is the provider's default rather than one the user chose. */
function modelLabel(config: AiConfigView): string {
  if (config.model) return config.model
  return config.effectiveModel ? `${config.effectiveModel} (default)` : 'the host’s default model'
}

export function AssistantDrawer({ store }: { store: AssistantStore }): ReactElement {
  const workbench = useWorkbench()
  const config = useStore(store, (s) => s.config)
  const isBusy = useStore(store, (s) => s.isBusy)
  const stop = useStore(store, (s) => s.stop)
  const isSettingsOpen = useStore(store, (s) => s.isSettingsOpen)
  const isInvokeEnabled = useStore(store, (s) => s.isInvokeEnabled)
  const pendingInvoke = useStore(store, (s) => s.pendingInvoke)
  const [draft, setDraft] = useState('')
  const input = useRef<HTMLTextAreaElement>(null)

  // Focus moves into the drawer when it opens and back to where it was when it closes.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    input.current?.focus()
    return () => {
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  // The page's first read may have failed (the server restarting): read the configuration again on opening.
  useEffect(() => {
    if (store.getState().config) return
    readAiConfig(workbench.api).then(
      (read) => store.setState({ config: read }),
      () => undefined,
    )
  }, [workbench, store])

  const close = () => store.setState({ isOpen: false })
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (isBusy || !draft.trim()) return
    const text = draft
    setDraft('')
    void sendToAssistant(workbench, store, text)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // The confirmation handles its own Escape (it declines); the drawer stays open under it.
    if (event.key === 'Escape' && !store.getState().pendingInvoke) {
      event.preventDefault()
      close()
    }
  }
  const onComposerKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event)
  }

  return (
    <aside
      className="ai-drawer"
      role="dialog"
      aria-modal="false"
      aria-labelledby="ai-drawer-title"
      onKeyDown={onKeyDown}
    >
      <header className="ai-drawer-head">
        <h2 id="ai-drawer-title">Assistant</h2>
        <span className="ai-provider" title={config?.effectiveEndpoint}>
          {config ? `${config.provider} · ${modelLabel(config)}` : 'checking…'}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Assistant settings"
          aria-expanded={isSettingsOpen}
          onClick={() => store.setState({ isSettingsOpen: !isSettingsOpen })}
        >
          <Icon name="sliders" />
        </button>
        <button type="button" className="icon-btn" aria-label="Close the assistant" onClick={close}>
          <Icon name="close" />
        </button>
      </header>
      {isSettingsOpen && <AssistantSettings store={store} />}
      <AssistantStatus store={store} />
      <label className="ai-invoke-toggle">
        <input
          type="checkbox"
          checked={isInvokeEnabled}
          onChange={(event) => store.setState({ isInvokeEnabled: event.target.checked })}
        />
        <span>Let the assistant send requests (this session only; you confirm each one)</span>
      </label>
      <ChatEntries store={store} />
      <form className="ai-composer" onSubmit={submit}>
        <textarea
          ref={input}
          className="input"
          rows={3}
          value={draft}
          aria-label="Message the assistant"
          placeholder="Ask about the services, or ask it to open or fill a request…"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onComposerKey}
        />
        {isBusy ? (
          <button type="button" className="btn" onClick={() => stop?.()}>
            <Icon name="stop" /> Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary" disabled={!draft.trim()}>
            <Icon name="send" /> Send
          </button>
        )}
      </form>
      {pendingInvoke && <InvokeConfirmDialog pending={pendingInvoke} />}
    </aside>
  )
}
