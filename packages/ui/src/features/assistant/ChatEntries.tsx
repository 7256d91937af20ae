/** The conversation as the user sees it: their messages, the model's replies as safe Markdown, and tool activity. */
import { useEffect, useRef, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { Markdown } from '../../components/markdown/Markdown.js'
import type { AssistantStore, ChatEntry } from './assistant-store.js'
import { replyView } from './reply-markdown.js'

function ReplyText({ text }: { text: string }): ReactElement {
  const view = replyView(text)
  if (view.kind === 'markdown') return <Markdown source={view.source} />
  return (
    <div className="ai-reply-plain">
      <p className="ai-reply-note">A long reply: shown as plain text.</p>
      {view.text}
    </div>
  )
}

function Entry({ entry }: { entry: ChatEntry }): ReactElement {
  switch (entry.kind) {
    case 'user':
      return <li className="ai-entry ai-user">{entry.text}</li>
    case 'assistant':
      return (
        <li className="ai-entry ai-reply" aria-busy={entry.isStreaming}>
          {entry.text ? <ReplyText text={entry.text} /> : <span className="ai-thinking">Thinking…</span>}
        </li>
      )
    case 'activity':
      return <li className="ai-entry ai-activity">{entry.text}</li>
    case 'error':
      return (
        <li className="ai-entry ai-error" role="alert">
          <strong>{entry.text}</strong>
          {entry.hint && <span className="ai-hint">{entry.hint}</span>}
        </li>
      )
  }
}

export function ChatEntries({ store }: { store: AssistantStore }): ReactElement {
  const entries = useStore(store, (s) => s.entries)
  const list = useRef<HTMLOListElement>(null)
  // Follow the reply as it streams, as a chat does.
  useEffect(() => {
    const element = list.current
    if (element) element.scrollTop = element.scrollHeight
  }, [entries])
  return (
    <ol className="ai-entries" ref={list} aria-label="Conversation" aria-live="polite">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ol>
  )
}
