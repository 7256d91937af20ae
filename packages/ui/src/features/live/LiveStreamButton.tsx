/** Start (Ctrl/Cmd+Enter) or stop a server-streaming live call: the send button of stream panes (REST event streams, SSE). */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import type { MethodRef } from '../../state/catalog.js'
import { useLiveCall } from './useLiveCall.js'
import { useSendShortcut } from '../../state/useSendShortcut.js'

export interface LiveStreamButtonProps {
  target: MethodRef
  serverUrl?: string | undefined
  /** Button words: `Send`/`Cancel` by default. */
  labels?: { start: string; stop: string }
}

export function LiveStreamButton({ target, serverUrl, labels }: LiveStreamButtonProps): ReactElement {
  const live = useLiveCall(target, serverUrl)
  const { start, cancel, isActive } = live
  useSendShortcut(start)
  if (isActive) {
    return (
      <button type="button" className="btn btn-danger send-btn" onClick={cancel} title="Stop the stream">
        <Icon name="stop" size={13} /> {labels?.stop ?? 'Cancel'}
      </button>
    )
  }
  return (
    <button type="button" className="btn btn-primary send-btn" onClick={start} title="Start the stream (Ctrl+Enter)">
      <Icon name="send" size={14} /> {labels?.start ?? 'Send'}
      <span className="send-shortcut" aria-hidden="true">
        Ctrl ⏎
      </span>
    </button>
  )
}
