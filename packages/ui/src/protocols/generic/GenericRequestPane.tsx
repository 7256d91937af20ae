/**
 * The request pane for protocols without their own (sidecar plugins among them): the generated form, raw JSON and
 * metadata. Unary calls go through the invoke path; server streams start a live call; client streams and duplex
 * channels get the composer — the call kind comes from the method, so any plugin's streams work here.
 */
import type { ReactElement } from 'react'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { Composer } from '../../features/live/Composer.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import type { PaneProps } from '../protocol-ui.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'

const callKinds = { Unary: 'RPC', ServerStreaming: 'SSTR', ClientStreaming: 'CSTR', Duplex: 'BIDI' } as const

const badge = (target: MethodRef) => ({ label: callKinds[target.method.methodType], tone: 'other' as const })
const subtitle = (target: MethodRef) => <div className="rest-path mono">{target.method.fullName}</div>

export function GenericRequestPane({ target }: PaneProps): ReactElement {
  const kind = target.method.methodType
  return (
    <section className="request-pane" aria-label="Request" data-call-kind={kind}>
      {kind === 'Unary' && <UnaryRequest target={target} />}
      {kind === 'ServerStreaming' && <StreamRequest target={target} />}
      {(kind === 'ClientStreaming' || kind === 'Duplex') && <ChannelRequest target={target} />}
    </section>
  )
}

function UnaryRequest({ target }: { target: MethodRef }): ReactElement {
  const call = useCall(target)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={subtitle(target)}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function StreamRequest({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  const { start } = live
  useSendShortcut(start)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={subtitle(target)}
        actions={
          <>
            <ExportButton target={target} />
            <SendButton isSending={live.isActive} onSend={start} onCancel={live.cancel} />
          </>
        }
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function ChannelRequest({ target }: { target: MethodRef }): ReactElement {
  const live = useLiveCall(target)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={subtitle(target)}
        actions={<ExportButton target={target} />}
      />
      <Composer target={target} handle={live}>
        <RequestEditor target={target} headersLabel="Metadata" />
      </Composer>
    </>
  )
}
