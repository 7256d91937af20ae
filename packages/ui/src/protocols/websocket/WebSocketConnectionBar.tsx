/** The connection row of a WebSocket pane: subprotocols offered, state and negotiated subprotocol, Connect/Disconnect with a close code and reason. */
import { useState, type ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { LiveCallHandle } from '../../features/live/useLiveCall.js'
import type { MethodRef } from '../../state/catalog.js'
import { newHeaderRow } from '../../state/drafts-store.js'
import { useDraft } from '../../state/useDraft.js'
import { buildClose, subprotocolsOf, withSubprotocols } from './ws-compose.js'
import { useWsDraft } from './ws-draft.js'
import { useWsConnection } from './useWsConnection.js'

export interface WebSocketConnectionBarProps {
  target: MethodRef
  handle: LiveCallHandle
}

export function WebSocketConnectionBar({ target, handle }: WebSocketConnectionBarProps): ReactElement {
  const draft = useDraft(target.key)
  const [wsDraft, update] = useWsDraft(target.key)
  const [closeError, setCloseError] = useState<string | null>(null)
  const connection = useWsConnection(target)
  const { isActive } = handle
  const isOpen = connection.status === 'open'

  const disconnect = () => {
    const close = buildClose(wsDraft.closeCode, wsDraft.closeReason)
    if ('error' in close) return setCloseError(close.error)
    setCloseError(null)
    handle.send([close.message])
  }

  return (
    <div className="ws-connection">
      <label className="ws-field ws-subprotocols">
        <span className="ws-field-label">Subprotocols</span>
        <input
          className="input mono"
          aria-label="Subprotocols (Sec-WebSocket-Protocol)"
          placeholder="chat.v2, json"
          spellCheck={false}
          disabled={isActive}
          title="Offered in the Sec-WebSocket-Protocol header, comma separated; the server picks one"
          value={subprotocolsOf(draft.headers)}
          onChange={(e) => draft.setHeaders(withSubprotocols(draft.headers, e.target.value, newHeaderRow))}
        />
      </label>
      <div className="ws-state" role="status" aria-label="Connection">
        <span className={`ws-state-dot is-${connection.status ?? 'idle'}`} aria-hidden="true" />
        <span className="ws-state-text">{stateText(connection.status, connection.ending)}</span>
        {isActive && connection.subprotocol !== undefined && (
          <span className="ws-negotiated" title="The subprotocol the server chose">
            subprotocol <strong className="mono">{connection.subprotocol || 'none'}</strong>
          </span>
        )}
      </div>
      <div className="ws-connect-actions">
        {isActive && (
          <>
            <input
              className="input mono ws-close-code"
              inputMode="numeric"
              aria-label="Close code"
              title="Close code: 1000 (normal) or 3000–4999"
              aria-invalid={!!closeError || undefined}
              value={wsDraft.closeCode}
              onChange={(e) => update({ closeCode: e.target.value })}
            />
            <input
              className="input ws-close-reason"
              aria-label="Close reason"
              placeholder="Reason"
              value={wsDraft.closeReason}
              onChange={(e) => update({ closeReason: e.target.value })}
            />
          </>
        )}
        {isActive ? (
          <button
            type="button"
            className="btn btn-danger"
            disabled={!isOpen}
            onClick={disconnect}
            title="Close the connection with this code and reason"
          >
            <Icon name="stop" size={13} /> Disconnect
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={handle.start} title="Open the connection">
            <Icon name="globe" size={14} /> Connect
          </button>
        )}
      </div>
      {closeError && (
        <div className="ws-close-error" role="alert">
          {closeError}
        </div>
      )}
    </div>
  )
}

function stateText(status: string | undefined, ending: string | undefined): string {
  switch (status) {
    case undefined:
      return 'Not connected'
    case 'opening':
      return 'Connecting…'
    case 'open':
      return 'Connected'
    case 'half-closed':
      return 'Closing…'
    default:
      return ending ? `Disconnected · ${ending}` : 'Disconnected'
  }
}
