/** The channel's library of saved messages: load into the composer, send directly, rename, delete. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { SavedMessage } from '../../state/saved-messages.js'
import type { SavedMessagesState } from '../../state/saved-messages-store.js'
import { wsKinds } from './ws-compose.js'

export interface SavedMessagesPanelProps {
  library: SavedMessagesState
  onLoad: (message: SavedMessage) => void
  onSend: (message: SavedMessage) => void
}

const kindLabel = (kind: SavedMessage['kind']) => wsKinds.find((k) => k.id === kind)?.label ?? kind

export function SavedMessagesPanel({ library, onLoad, onSend }: SavedMessagesPanelProps): ReactElement {
  const [renaming, setRenaming] = useState<{ id: string; name: string; error?: string } | null>(null)
  return (
    <div className="ws-saved form-scroll">
      {library.notice && (
        <div className="ws-saved-notice" role="alert">
          <Icon name="alert" size={14} />
          <span>{library.notice}</span>
          <button type="button" className="link-btn" onClick={library.dismissNotice}>
            Dismiss
          </button>
        </div>
      )}
      {library.messages.length === 0 ? (
        <p className="muted ws-saved-empty">
          No saved messages for this channel yet. Write one in Message and press <strong>Save…</strong>.
        </p>
      ) : (
        <ul className="ws-saved-list" aria-label="Saved messages">
          {library.messages.map((message) => (
            <li key={message.id} className="ws-saved-item" data-name={message.name}>
              <span className="live-chip is-opcode">{kindLabel(message.kind)}</span>
              {renaming?.id === message.id ? (
                <form
                  className="ws-saved-rename"
                  onSubmit={(event) => {
                    event.preventDefault()
                    const error = library.rename(message.id, renaming.name)
                    setRenaming(error ? { ...renaming, error } : null)
                  }}
                >
                  <input
                    className="input"
                    aria-label="New name"
                    aria-invalid={!!renaming.error || undefined}
                    title={renaming.error}
                    autoFocus
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: message.id, name: e.target.value })}
                    onKeyDown={(e) => {
                      if (e.key === 'Escape') setRenaming(null)
                    }}
                  />
                  <button type="submit" className="btn">
                    Rename
                  </button>
                </form>
              ) : (
                <span className="ws-saved-name" title={message.name}>
                  {message.name}
                </span>
              )}
              <span className="ws-saved-payload mono muted" title={message.payload.slice(0, 500)}>
                {message.payload.replace(/\s+/g, ' ').slice(0, 120) || '(empty)'}
              </span>
              <span className="ws-saved-actions">
                <button
                  type="button"
                  className="btn btn-ghost"
                  title="Put it in the composer"
                  onClick={() => onLoad(message)}
                >
                  Load
                </button>
                <button
                  type="button"
                  className="btn"
                  aria-label={`Send ${message.name}`}
                  title="Send it now (connects first when needed)"
                  onClick={() => onSend(message)}
                >
                  <Icon name="send" size={13} /> Send
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={`Rename ${message.name}`}
                  onClick={() => setRenaming({ id: message.id, name: message.name })}
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={`Delete ${message.name}`}
                  title="Delete"
                  onClick={() => library.remove(message.id)}
                >
                  <Icon name="trash" size={13} />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
