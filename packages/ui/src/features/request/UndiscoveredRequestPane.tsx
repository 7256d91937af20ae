/**
 * The request pane of a saved request whose service is not discovered (yet), or of a protocol that is never
 * discovered (a plain `http` request from a curl command): the message as raw JSON and the headers, sent to the saved
 * address as they are. A notice says why there is no form.
 */
import { useState, type ReactElement } from 'react'
import { KeyValueEditor } from '../../components/KeyValueEditor.js'
import { Tabs } from '../../components/Tabs.js'
import type { PaneProps } from '../../protocols/protocol-ui.js'
import { useCall } from '../../state/useCall.js'
import { useDraft } from '../../state/useDraft.js'
import { ExportButton } from '../export/ExportButton.js'
import { MethodHeader } from './MethodHeader.js'
import { RawJsonEditor } from './RawJsonEditor.js'
import { usePendingOf } from './RequestEditor.js'
import { SendButton } from './SendButton.js'

type UndiscoveredTab = 'json' | 'headers'

/** Protocols whose requests are never discovered: their JSON is the whole request, nothing is missing. */
const neverDiscovered = new Set(['http'])

export function UndiscoveredRequestPane({ target }: PaneProps): ReactElement {
  const [tab, setTab] = useState<UndiscoveredTab>('json')
  const draft = useDraft(target.key)
  const pending = usePendingOf(draft)
  const call = useCall(target)
  const protocol = target.service.protocol
  const headerCount = draft.headers.filter((h) => h.isEnabled && h.name.trim()).length
  const verb = typeof draft.value.method === 'string' ? draft.value.method : 'HTTP'
  const badgeLabel = protocol === 'http' ? verb.toUpperCase() : protocol.toUpperCase()
  return (
    <section className="request-pane" aria-label="Request" data-undiscovered="true">
      <MethodHeader
        target={target}
        badge={{ label: badgeLabel, tone: 'other' }}
        subtitle={<div className="rest-path mono">{target.origin}</div>}
        actions={
          <>
            <ExportButton target={target} />
            <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      {!neverDiscovered.has(protocol) && (
        <p className="notice notice-info undiscovered-notice" role="status">
          The schema is not available: {target.origin} is not discovered ({protocol}). The request is sent as the JSON
          below says; add the URL to get the form back.
        </p>
      )}
      <div className="request-editor">
        <Tabs
          idPrefix="request"
          label="Request editors"
          selected={tab}
          onSelect={setTab}
          items={[
            { id: 'json', label: 'JSON' },
            { id: 'headers', label: protocol === 'grpc' ? 'Metadata' : 'Headers', count: headerCount },
          ]}
        />
        <div className="request-editor-panel" id="request-panel" role="tabpanel" aria-labelledby={`request-tab-${tab}`}>
          {tab === 'json' && (
            <RawJsonEditor
              value={draft.value}
              onChange={(value) => {
                draft.clearPending()
                draft.setValue(value)
              }}
              pending={pending}
              validNote={
                neverDiscovered.has(protocol)
                  ? 'Valid JSON: sent as written.'
                  : 'Valid JSON: sent as written (no form until the service is discovered).'
              }
            />
          )}
          {tab === 'headers' && (
            <div className="form-scroll">
              <KeyValueEditor label="Headers" rows={draft.headers} onChange={draft.setHeaders} />
            </div>
          )}
        </div>
      </div>
    </section>
  )
}
