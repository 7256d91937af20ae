/** The REST request pane: verb and path, server URL, and the form coloured by where each field travels. */
import type { ReactElement } from 'react'
import { useStore } from 'zustand'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { LiveStreamButton } from '../../features/live/LiveStreamButton.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'
import { decorateRestField, verbBadge } from './rest-decorations.js'
import { RestMediaType } from './RestMediaType.js'
import { RestSecurity } from './RestSecurity.js'
import { RestUrlLine } from './RestUrlLine.js'
import { SourceLegend } from './SourceLegend.js'

export function RestRequestPane({ target }: PaneProps): ReactElement {
  const { prefs } = useWorkbench()
  const serverUrl = useStore(prefs, (s) => s.serverUrls[target.origin])
  return (
    <section className="request-pane" aria-label="Request">
      <MethodHeader
        target={target}
        badge={verbBadge(target.method)}
        subtitle={
          <>
            <RestUrlLine target={target} />
            <RestMediaType target={target} />
            <RestSecurity target={target} />
          </>
        }
        actions={
          <>
            <UnknownVariablesFlag target={target} serverUrl={serverUrl} />
            <ExportButton target={target} serverUrl={serverUrl} />
            {/* Event-stream operations (text/event-stream) run as live calls, their events in the live log. */}
            {target.method.methodType === 'ServerStreaming' ? (
              <LiveStreamButton target={target} serverUrl={serverUrl} />
            ) : (
              <UnarySendButton target={target} serverUrl={serverUrl} />
            )}
          </>
        }
      />
      <RequestEditor
        target={target}
        decorate={decorateRestField}
        headersLabel="Headers"
        formLegend={<SourceLegend fields={target.method.inputType.fields} />}
      />
    </section>
  )
}

function UnarySendButton({ target, serverUrl }: { target: MethodRef; serverUrl: string | undefined }): ReactElement {
  const call = useCall(target, serverUrl)
  return <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
}
