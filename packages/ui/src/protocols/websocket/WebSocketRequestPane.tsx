/**
 * The WebSocket request pane: the address, the connection row (subprotocols, state, Connect/Disconnect), then the
 * composer, the channel's saved messages and the upgrade request's headers.
 */
import { useCallback, useState, type ReactElement } from 'react'
import { Tabs } from '../../components/Tabs.js'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { useDraft } from '../../state/useDraft.js'
import { useSavedMessages } from '../../state/saved-messages-store.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'
import type { PaneProps } from '../protocol-ui.js'
import { SavedMessagesPanel } from './SavedMessagesPanel.js'
import { buildWsMessage } from './ws-compose.js'
import { useWsSender } from './useWsSender.js'
import { WebSocketComposer } from './WebSocketComposer.js'
import { WebSocketConnectionBar } from './WebSocketConnectionBar.js'
import { readWsDraft, useWsDraft } from './ws-draft.js'
import '../../styles/live.css'
import '../../styles/websocket.css'

type WsTab = 'message' | 'saved' | 'headers'

export function WebSocketRequestPane({ target }: PaneProps): ReactElement {
  const [tab, setTab] = useState<WsTab>('message')
  const handle = useLiveCall(target)
  const draft = useDraft(target.key)
  const [, updateWsDraft] = useWsDraft(target.key)
  const library = useSavedMessages(target.origin)
  const sendFrame = useWsSender(handle, target)
  const [sendError, setSendError] = useState<string | null>(null)
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length

  // Ctrl/Cmd+Enter sends the composer's message from the other tabs too (the composer handles it while shown).
  const sendDraft = useCallback(() => {
    const { kind, payload } = readWsDraft(target.key)
    void sendFrame(kind, payload).then((outcome) => setSendError(outcome.error ?? null))
  }, [sendFrame, target.key])
  useSendShortcut(sendDraft, tab !== 'message')
  // An export writes the composer's message as the frame the snippet sends (none while it is empty or invalid).
  const composedMessages = useCallback(() => {
    const { kind, payload } = readWsDraft(target.key)
    const built = payload === '' ? undefined : buildWsMessage(kind, payload)
    return built && 'message' in built ? [built.message] : []
  }, [target.key])
  return (
    <section className="request-pane ws-pane" aria-label="Request">
      <MethodHeader
        target={target}
        badge={{ label: 'WS', tone: 'other' }}
        subtitle={
          <div className="rest-url">
            <div className="rest-path mono ws-address" aria-label="WebSocket address">
              {target.origin}
            </div>
          </div>
        }
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} messages={composedMessages} />
          </>
        }
      />
      <WebSocketConnectionBar target={target} handle={handle} />
      <Tabs
        idPrefix="ws"
        label="WebSocket editors"
        selected={tab}
        onSelect={setTab}
        items={[
          { id: 'message', label: 'Message' },
          { id: 'saved', label: 'Saved', count: library.messages.length },
          { id: 'headers', label: 'Headers', count: headerCount },
        ]}
      />
      <div className="request-editor-panel ws-panel" id="ws-panel" role="tabpanel" aria-labelledby={`ws-tab-${tab}`}>
        {tab === 'message' && <WebSocketComposer target={target} handle={handle} onSave={library.save} />}
        {tab !== 'message' && sendError && (
          <div className="composer-note" role="alert">
            {sendError}
          </div>
        )}
        {tab === 'saved' && (
          <>
            <SavedMessagesPanel
              library={library}
              onLoad={(message) => {
                updateWsDraft({ kind: message.kind, payload: message.payload })
                setTab('message')
              }}
              onSend={(message) =>
                void sendFrame(message.kind, message.payload).then((outcome) => setSendError(outcome.error ?? null))
              }
            />
          </>
        )}
        {tab === 'headers' && (
          <div className="form-scroll">
            <p className="muted headers-help">
              Sent with the upgrade request. They win over auth helper output on a name clash; list subprotocols in
              Sec-WebSocket-Protocol (or the field above).
            </p>
            <KeyValueEditor label="Headers" rows={draft.headers} onChange={draft.setHeaders} />
          </div>
        )}
      </div>
    </section>
  )
}
