/**
 * The WebSocket composer: the frame kind (text, JSON, binary, ping), its editor, Send (Ctrl/Cmd+Enter; connects first
 * when needed) and Save to the channel's library.
 */
import { useCallback, useState, type ReactElement } from 'react'
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor.js'
import { readAsBase64 } from '../../components/form/FileInput.js'
import { base64ByteLength, formatBytes } from '../../components/format.js'
import { Icon } from '../../components/Icon.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { useLiveCallState, type LiveCallHandle } from '../../features/live/useLiveCall.js'
import type { MethodRef } from '../../state/catalog.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'
import { withheldNote } from '../../features/live/composer-messages.js'
import { formatJson, jsonProblem, wsKinds, type WsKind } from './ws-compose.js'
import { readWsDraft, useWsDraft } from './ws-draft.js'
import { useWsSender } from './useWsSender.js'

export interface WebSocketComposerProps {
  target: MethodRef
  handle: LiveCallHandle
  /** Saves the message under a name; returns what is wrong instead when it cannot. */
  onSave: (input: { name: string; kind: WsKind; payload: string }) => string | undefined
}

export function WebSocketComposer({ target, handle, onSave }: WebSocketComposerProps): ReactElement {
  const [draft, update] = useWsDraft(target.key)
  const [note, setNote] = useState<{ text: string; isError: boolean } | null>(null)
  const [saveName, setSaveName] = useState<string | null>(null)
  const sendFrame = useWsSender(handle, target)
  // A received frame can resolve a `${response.…}` of the draft: render again so the flag reads it.
  useLiveCallState(target)

  const send = useCallback(() => {
    // Read the draft at send time so a shortcut pressed mid-typing sends what is on screen.
    const { kind, payload } = readWsDraft(target.key)
    void sendFrame(kind, payload).then((outcome) => {
      if (outcome.error) setNote({ text: outcome.error, isError: true })
      else if (outcome.withheld?.length) setNote({ text: withheldNote(outcome.withheld), isError: true })
      else if (outcome.unknown.length > 0) {
        setNote({
          text: `Not substituted (unknown variables): ${outcome.unknown.map((n) => `\${${n}}`).join(', ')}`,
          isError: true,
        })
      } else setNote(null)
    })
  }, [sendFrame, target.key])

  useSendShortcut(send)

  const setKind = (kind: WsKind) => {
    // Switching to JSON tidies what is there when it parses (auto-formatting); nothing else is rewritten.
    update(kind === 'json' ? { kind, payload: formatJson(draft.payload) } : { kind })
    setNote(null)
  }
  const jsonError = draft.kind === 'json' && draft.payload.trim() ? jsonProblem(draft.payload) : null

  return (
    <div className="ws-composer">
      <div className="ws-composer-kinds">
        <div className="segmented" role="group" aria-label="Frame kind">
          {wsKinds.map((kind) => (
            <button key={kind.id} type="button" aria-pressed={draft.kind === kind.id} onClick={() => setKind(kind.id)}>
              {kind.label}
            </button>
          ))}
        </div>
        {draft.kind === 'json' && (
          <button
            type="button"
            className="btn btn-ghost tab-action"
            disabled={!!jsonError}
            onClick={() => update({ payload: formatJson(draft.payload) })}
          >
            Format
          </button>
        )}
        {draft.kind === 'binary' && (
          <label className="btn btn-ghost tab-action" title="Read a file as the frame's bytes">
            <Icon name="upload" size={13} /> From file
            <input
              type="file"
              className="visually-hidden"
              aria-label="Binary frame: read from a file"
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (!file) return
                readAsBase64(file).then(
                  (data) => update({ payload: data }),
                  (e: unknown) => setNote({ text: e instanceof Error ? e.message : String(e), isError: true }),
                )
              }}
            />
          </label>
        )}
      </div>
      <div className="ws-composer-editor">
        {draft.kind === 'text' || draft.kind === 'json' ? (
          <LazyCodeEditor
            label={draft.kind === 'json' ? 'JSON message' : 'Text message'}
            language={draft.kind === 'json' ? 'json' : 'text'}
            value={draft.payload}
            onChange={(payload) => update({ payload })}
          />
        ) : (
          <textarea
            className="textarea mono ws-composer-textarea"
            aria-label={draft.kind === 'binary' ? 'Binary message (base64)' : 'Ping payload'}
            placeholder={draft.kind === 'binary' ? 'base64, e.g. AAEC/w==' : 'Optional payload (at most 125 bytes)'}
            spellCheck={false}
            value={draft.payload}
            onChange={(e) => update({ payload: e.target.value })}
          />
        )}
      </div>
      {(jsonError || note) && (
        <div className={`composer-note${note && !note.isError ? ' is-info' : ''}`} role="status">
          {jsonError ?? note?.text}
        </div>
      )}
      <div className="composer-bar" role="toolbar" aria-label="Composer">
        <button
          type="button"
          className="btn btn-primary"
          title={handle.isActive ? 'Send this frame (Ctrl+Enter)' : 'Connect and send this frame (Ctrl+Enter)'}
          onClick={send}
        >
          <Icon name="send" size={14} /> Send
          <span className="send-shortcut" aria-hidden="true">
            Ctrl ⏎
          </span>
        </button>
        {(draft.kind === 'text' || draft.kind === 'json') && (
          <UnknownVariablesFlag target={target} frame={draft.payload} />
        )}
        {draft.kind === 'binary' && draft.payload.trim() && (
          <span className="muted">{formatBytes(base64ByteLength(draft.payload.replace(/\s+/g, '')))}</span>
        )}
        {saveName === null ? (
          <button
            type="button"
            className="btn btn-ghost"
            title="Keep this message in the channel's library"
            onClick={() => setSaveName('')}
          >
            Save…
          </button>
        ) : (
          <form
            className="ws-save-form"
            onSubmit={(event) => {
              event.preventDefault()
              const error = onSave({ name: saveName, kind: draft.kind, payload: draft.payload })
              if (error) setNote({ text: error, isError: true })
              else {
                setSaveName(null)
                setNote({ text: 'Saved to the library.', isError: false })
              }
            }}
          >
            <SaveNameInput value={saveName} onChange={setSaveName} onCancel={() => setSaveName(null)} />
          </form>
        )}
      </div>
    </div>
  )
}

function SaveNameInput(props: { value: string; onChange: (v: string) => void; onCancel: () => void }): ReactElement {
  return (
    <>
      <input
        className="input"
        aria-label="Name of the saved message"
        placeholder="Name"
        autoFocus
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel()
        }}
      />
      <button type="submit" className="btn">
        Save
      </button>
      <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
        Cancel
      </button>
    </>
  )
}
