/**
 * The gRPC request pane: call kind, server, then form ↔ JSON (proto3 JSON) and metadata. Unary calls go through the
 * invoke path; server streams start a live call; client streams and bidi calls get the composer.
 */
import { useMemo, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { FormFlavorContext } from '../../components/form/form-flavor.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { Composer } from '../../features/live/Composer.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'
import { callKindBadges } from './grpc-kinds.js'
import { GrpcTargetLine } from './GrpcTargetLine.js'
import { splitWirePin, withWire } from './wire-pin.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'

interface KindPaneProps {
  target: MethodRef
  /** The method as calls address it (an upload's Server field may pin gRPC-Web or Connect). */
  callTarget: MethodRef
  serverUrl: string | undefined
}

export function GrpcRequestPane({ target: shown }: PaneProps): ReactElement {
  const { prefs } = useWorkbench()
  const { wire, serverUrl } = splitWirePin(useStore(prefs, (s) => s.serverUrls[shown.origin]))
  const callTarget = useMemo(() => withWire(shown, wire), [shown, wire])
  const props: KindPaneProps = { target: shown, callTarget, serverUrl }
  const kind = shown.method.methodType
  return (
    <section className="request-pane grpc-request" aria-label="Request" data-call-kind={kind}>
      <FormFlavorContext.Provider value="proto3">
        {kind === 'Unary' && <UnaryRequest {...props} />}
        {kind === 'ServerStreaming' && <StreamRequest {...props} />}
        {(kind === 'ClientStreaming' || kind === 'Duplex') && <ChannelRequest {...props} />}
      </FormFlavorContext.Provider>
    </section>
  )
}

const badge = (target: MethodRef) => ({ label: callKindBadges[target.method.methodType], tone: 'other' as const })

function UnaryRequest({ target, callTarget, serverUrl }: KindPaneProps): ReactElement {
  const call = useCall(callTarget, serverUrl)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={<GrpcTargetLine target={target} />}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={callTarget} serverUrl={serverUrl} />
            <SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function StreamRequest({ target, callTarget, serverUrl }: KindPaneProps): ReactElement {
  const live = useLiveCall(callTarget, serverUrl)
  const { start } = live
  useSendShortcut(start)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={<GrpcTargetLine target={target} />}
        actions={
          <>
            <ExportButton target={callTarget} serverUrl={serverUrl} />
            <SendButton isSending={live.isActive} onSend={start} onCancel={live.cancel} />
          </>
        }
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function ChannelRequest({ target, callTarget, serverUrl }: KindPaneProps): ReactElement {
  const live = useLiveCall(callTarget, serverUrl)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={<GrpcTargetLine target={target} />}
        actions={<ExportButton target={callTarget} serverUrl={serverUrl} />}
      />
      <Composer target={target} handle={live}>
        <RequestEditor target={target} headersLabel="Metadata" />
      </Composer>
    </>
  )
}
