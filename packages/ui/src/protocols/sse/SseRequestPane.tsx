/**
 * The SSE request pane: the stream's address, GET or POST (with a body), Last-Event-ID, the reconnect switch and
 * Start/Stop (Ctrl/Cmd+Enter); headers in their own tab. Everything is the draft's message, sent when the stream starts.
 */
import { useState, type ReactElement } from 'react'
import { LazyCodeEditor } from '../../components/code/LazyCodeEditor.js'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { Tabs } from '../../components/Tabs.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { LiveStreamButton } from '../../features/live/LiveStreamButton.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { useDraft } from '../../state/useDraft.js'
import type { PaneProps } from '../protocol-ui.js'
import { bodyFromText, readSseRequest, textFromBody, withSseField, type SseMethod } from './sse-request.js'
import '../../styles/websocket.css'

type SseTab = 'body' | 'headers'

export function SseRequestPane({ target }: PaneProps): ReactElement {
  const draft = useDraft(target.key)
  const { isActive } = useLiveCall(target)
  const fallback: SseMethod = target.method.httpMethod?.toUpperCase() === 'POST' ? 'POST' : 'GET'
  const request = readSseRequest(draft.value, fallback)
  const [tab, setTab] = useState<SseTab>(request.method === 'POST' ? 'body' : 'headers')
  const [bodyText, setBodyText] = useState(() => textFromBody(request.body))
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length
  const set = (patch: Parameters<typeof withSseField>[1]) => draft.setValue(withSseField(draft.value, patch))
  const shownTab = request.method === 'POST' ? tab : 'headers'
  return (
    <section className="request-pane sse-pane" aria-label="Request">
      <MethodHeader
        target={target}
        badge={{ label: 'SSE', tone: 'other' }}
        subtitle={
          <div className="rest-url">
            <div className="rest-path mono ws-address" aria-label="Event stream address">
              <span className="rest-path-verb">{request.method}</span>
              <span>{target.origin}</span>
            </div>
          </div>
        }
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            <LiveStreamButton target={target} labels={{ start: 'Start', stop: 'Stop' }} />
          </>
        }
      />
      <div className="sse-options" aria-label="Stream options">
        <label className="ws-field">
          <span className="ws-field-label">Method</span>
          <select
            className="input"
            aria-label="HTTP method"
            disabled={isActive}
            value={request.method}
            onChange={(e) => {
              const method = e.target.value as SseMethod
              set({ method, body: method === 'POST' ? bodyFromText(bodyText) : undefined })
              if (method === 'POST') setTab('body')
            }}
          >
            <option value="GET">GET</option>
            <option value="POST">POST</option>
          </select>
        </label>
        <label className="ws-field">
          <span className="ws-field-label">Last-Event-ID</span>
          <input
            className="input mono sse-last-id"
            aria-label="Last-Event-ID"
            placeholder="resume after…"
            disabled={isActive}
            value={request.lastEventId}
            onChange={(e) => set({ lastEventId: e.target.value })}
          />
        </label>
        <label
          className="ws-field"
          title="When the connection drops, reconnect with Last-Event-ID after the server's retry delay"
        >
          <input
            type="checkbox"
            disabled={isActive}
            checked={request.reconnect}
            onChange={(e) => set({ reconnect: e.target.checked })}
          />
          <span>Reconnect</span>
        </label>
      </div>
      <Tabs
        idPrefix="sse"
        label="Stream request editors"
        selected={shownTab}
        onSelect={setTab}
        items={[
          ...(request.method === 'POST' ? [{ id: 'body' as const, label: 'Body' }] : []),
          { id: 'headers' as const, label: 'Headers', count: headerCount },
        ]}
      />
      <div className="request-editor-panel" id="sse-panel" role="tabpanel" aria-labelledby={`sse-tab-${shownTab}`}>
        {shownTab === 'body' && (
          <div className="sse-body">
            <div className="sse-body-label">Sent as JSON when it parses, else as text.</div>
            <LazyCodeEditor
              label="POST body"
              language="json"
              value={bodyText}
              onChange={(text) => {
                setBodyText(text)
                set({ body: bodyFromText(text) })
              }}
            />
          </div>
        )}
        {shownTab === 'headers' && (
          <div className="form-scroll">
            <p className="muted headers-help">
              Sent with the request that opens the stream. They win over auth helper output on a name clash.
            </p>
            <KeyValueEditor label="Headers" rows={draft.headers} onChange={draft.setHeaders} />
          </div>
        )}
      </div>
    </section>
  )
}
