/**
 * The hub pane: the hub address and the methods used before on it, then per method kind — invoke and send with the
 * request form (target, arguments as a JSON array or named inputs, transport, protocol…) and Send; stream with Start/Cancel; upload
 * and connection with the shared composer (items, or invocations on the open connection).
 */
import { useCallback, useEffect, useMemo, type ReactElement } from 'react'
import { Composer } from '../../features/live/Composer.js'
import type { ComposerControls } from '../../features/live/Composer.js'
import { useLiveCall } from '../../features/live/useLiveCall.js'
import { UnknownVariablesFlag } from '../../features/environments/UnknownVariablesFlag.js'
import { ExportButton } from '../../features/export/ExportButton.js'
import { MethodHeader } from '../../features/request/MethodHeader.js'
import { RequestEditor } from '../../features/request/RequestEditor.js'
import { SendButton } from '../../features/request/SendButton.js'
import type { MethodRef } from '../../state/catalog.js'
import { useCall } from '../../state/useCall.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'
import { useWorkbench } from '../../state/useWorkbench.js'
import type { PaneProps } from '../protocol-ui.js'
import { channelHandle, composerTarget, formMessage, isFormHeld } from './hub-channel.js'
import { HubArguments } from './HubArguments.js'
import { HubShortcuts } from './HubShortcuts.js'
import { hubBadge } from './signalr-badge.js'
import { useHubShortcuts } from './useHubShortcuts.js'
import '../../styles/live.css'
import '../../styles/signalr.css'

function HubAddress({ target }: { target: MethodRef }): ReactElement {
  return (
    <div className="rest-url">
      <div className="rest-path mono hub-address" aria-label="Hub address">
        {target.origin}
      </div>
    </div>
  )
}

export function SignalrRequestPane({ target }: PaneProps): ReactElement {
  const name = target.method.name
  return (
    <section className="request-pane signalr-pane" aria-label="Request" data-hub-method={name}>
      {(name === 'invoke' || name === 'send') && <UnaryRequest target={target} />}
      {name === 'stream' && <StreamRequest target={target} />}
      {(name === 'upload' || name === 'connection') && <ChannelRequest target={target} />}
    </section>
  )
}

function UnaryRequest({ target }: PaneProps): ReactElement {
  const call = useCall(target)
  const hub = useHubShortcuts(target)
  const { remember } = hub
  const isSending = !!call.record?.isSending
  // Remembered as it is sent, by the button or by useCall's own Ctrl+Enter.
  useEffect(() => {
    if (isSending) remember()
  }, [isSending, remember])
  return (
    <>
      <MethodHeader
        target={target}
        badge={hubBadge(target.method)}
        subtitle={<HubAddress target={target} />}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            <SendButton isSending={isSending} onSend={call.send} onCancel={call.cancel} />
          </>
        }
      />
      <HubShortcuts shortcuts={hub.shortcuts} onPick={hub.pick} />
      <HubArguments target={target} />
      <RequestEditor target={target} headersLabel="Headers" />
    </>
  )
}

function StreamRequest({ target }: PaneProps): ReactElement {
  const live = useLiveCall(target)
  const hub = useHubShortcuts(target)
  const { start, remember } = { start: live.start, remember: hub.remember }
  const run = useCallback(() => {
    remember()
    start()
  }, [start, remember])
  useSendShortcut(run)
  return (
    <>
      <MethodHeader
        target={target}
        badge={hubBadge(target.method)}
        subtitle={<HubAddress target={target} />}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            <SendButton isSending={live.isActive} onSend={run} onCancel={live.cancel} />
          </>
        }
      />
      <HubShortcuts shortcuts={hub.shortcuts} onPick={hub.pick} />
      <HubArguments target={target} />
      <RequestEditor target={target} headersLabel="Headers" />
    </>
  )
}

// The header carries Connect/Disconnect and Start upload/Cancel; a hub connection has no half-close.
const connectionControls: ComposerControls = { closeSend: false, isCancelShown: false, isOpenOnlyShown: false }
const uploadControls: ComposerControls = {
  closeSend: {
    label: 'Complete upload',
    title: 'Complete the stream: the hub method sees its end and returns its result',
  },
  isCancelShown: false,
  isOpenOnlyShown: false,
}

function ChannelRequest({ target }: PaneProps): ReactElement {
  const workbench = useWorkbench()
  const live = useLiveCall(target)
  const isConnection = target.method.name === 'connection'
  const composeTarget = useMemo(() => composerTarget(target), [target])
  // A connection's invocations are remembered as they are sent; an upload's invocation is the form's.
  const hub = useHubShortcuts(target, isConnection ? composeTarget.key : target.key)
  const handle = useMemo(
    () =>
      channelHandle(live, workbench, target, {
        isHeld: () => isFormHeld(workbench, target),
        build: () => {
          if (!isConnection) hub.remember()
          return formMessage(workbench, target)
        },
      }),
    [live, target, workbench, isConnection, hub],
  )
  const composed = useMemo(
    () => (isConnection ? { ...handle, send: (m: unknown[]) => (hub.remember(), handle.send(m)) } : handle),
    [handle, hub, isConnection],
  )
  return (
    <>
      <MethodHeader
        target={target}
        badge={hubBadge(target.method)}
        subtitle={<HubAddress target={target} />}
        actions={
          <>
            <UnknownVariablesFlag target={target} />
            <ExportButton target={target} />
            {live.isActive ? (
              <button type="button" className="btn btn-danger" onClick={live.cancel}>
                {isConnection ? 'Disconnect' : 'Cancel'}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={handle.start}>
                {isConnection ? 'Connect' : 'Start upload'}
              </button>
            )}
          </>
        }
      />
      <details className="hub-options" open={!live.isActive}>
        <summary>{isConnection ? 'Connection options' : 'Invocation (sent first)'}</summary>
        {!isConnection && <HubArguments target={target} />}
        <RequestEditor target={target} headersLabel="Headers" />
      </details>
      {isConnection && <HubShortcuts shortcuts={hub.shortcuts} onPick={hub.pick} />}
      <Composer target={composeTarget} handle={composed} controls={isConnection ? connectionControls : uploadControls}>
        <RequestEditor target={composeTarget} headersLabel="Headers" />
      </Composer>
    </>
  )
}
