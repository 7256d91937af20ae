/**
 * The gRPC request pane: call kind, server, then form ↔ JSON (proto3 JSON) and metadata. Unary calls go through the
 * invoke path; server streams start a live call; client streams and bidi calls get the composer.
 */
import { useEffect, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { FormFlavorContext } from '../../components/form/form-flavor.js'
import { Composer } from '../../features/live/Composer.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../registry.js'
import { callKindBadges } from './grpc-kinds.js'
import { GrpcTargetLine } from './GrpcTargetLine.js'

interface KindPaneProps {
  target: MethodRef
  serverUrl: string | undefined
}

export function GrpcRequestPane({ target }: PaneProps): ReactElement {
  const { prefs } = useWorkbench()
  const serverUrl = useStore(prefs, (s) => s.serverUrls[target.origin])
  const kind = target.method.methodType
  return (
    <section className="request-pane grpc-request" aria-label="Request" data-call-kind={kind}>
      <FormFlavorContext.Provider value="proto3">
        {kind === 'Unary' && <UnaryRequest target={target} serverUrl={serverUrl} />}
        {kind === 'ServerStreaming' && <StreamRequest target={target} serverUrl={serverUrl} />}
        {(kind === 'ClientStreaming' || kind === 'Duplex') && <ChannelRequest target={target} serverUrl={serverUrl} />}
      </FormFlavorContext.Provider>
    </section>
  )
}

const badge = (target: MethodRef) => ({ label: callKindBadges[target.method.methodType], tone: 'other' as const })

function UnaryRequest({ target, serverUrl }: KindPaneProps): ReactElement {
  const call = useCall(target, serverUrl)
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={<GrpcTargetLine target={target} />}
        actions={<SendButton isSending={!!call.record?.isSending} onSend={call.send} onCancel={call.cancel} />}
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function StreamRequest({ target, serverUrl }: KindPaneProps): ReactElement {
  const live = useLiveCall(target, serverUrl)
  const { start } = live
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault()
        start()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [start])
  return (
    <>
      <MethodHeader
        target={target}
        badge={badge(target)}
        subtitle={<GrpcTargetLine target={target} />}
        actions={<SendButton isSending={live.isActive} onSend={start} onCancel={live.cancel} />}
      />
      <RequestEditor target={target} headersLabel="Metadata" />
    </>
  )
}

function ChannelRequest({ target, serverUrl }: KindPaneProps): ReactElement {
  const live = useLiveCall(target, serverUrl)
  return (
    <>
      <MethodHeader target={target} badge={badge(target)} subtitle={<GrpcTargetLine target={target} />} />
      <Composer target={target} handle={live}>
        <RequestEditor target={target} headersLabel="Metadata" />
      </Composer>
    </>
  )
}
