/** Send (Ctrl+Enter) or cancel the call in flight. */
import type { ReactElement } from 'react'
import { Icon } from '../../components/Icon.js'
import { Spinner } from '../../components/Spinner.js'

export interface SendButtonProps {
  isSending: boolean
  onSend: () => void
  onCancel: () => void
}

export function SendButton({ isSending, onSend, onCancel }: SendButtonProps): ReactElement {
  if (isSending) {
    return (
      <button type="button" className="btn send-btn is-sending" onClick={onCancel} title="Cancel the call">
        <Spinner label="Sending" size={13} /> Cancel
      </button>
    )
  }
  return (
    <button type="button" className="btn btn-primary send-btn" onClick={onSend} title="Send (Ctrl+Enter)">
      <Icon name="send" size={14} /> Send
      <span className="send-shortcut" aria-hidden="true">
        Ctrl ⏎
      </span>
    </button>
  )
}
