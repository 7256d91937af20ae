/**
 * The confirmation every `invoke` waits for: the exact request (protocol, URL, method, body, headers with secrets
 * masked). Nothing is sent unless the user presses Send; Escape or Cancel declines.
 */
import type { ReactElement } from 'react'
import { ModalDialog } from '../../components/ModalDialog.js'
import type { PendingInvoke } from './assistant-store.js'

export function InvokeConfirmDialog({ pending }: { pending: PendingInvoke }): ReactElement {
  const { preview, answer } = pending
  const headers = Object.entries(preview.headers)
  return (
    <ModalDialog title="Send this request?" className="ai-confirm" onClose={() => answer(false)}>
      <p>The assistant asks to send this request. Check it: nothing is sent until you press Send.</p>
      <dl className="ai-confirm-facts">
        <dt>Protocol</dt>
        <dd>{preview.protocol}</dd>
        <dt>URL</dt>
        <dd>{preview.url}</dd>
        <dt>Method</dt>
        <dd>
          {preview.method}
          {preview.http && <span className="ai-confirm-http"> ({preview.http})</span>}
        </dd>
        <dt>Headers</dt>
        <dd>
          {headers.length ? (
            <ul className="ai-confirm-headers">
              {headers.map(([name, value]) => (
                <li key={name}>
                  <code>
                    {name}: {value}
                  </code>
                </li>
              ))}
            </ul>
          ) : (
            'none added'
          )}
        </dd>
        <dt>Body</dt>
        <dd>
          <pre className="ai-confirm-body">{preview.body}</pre>
        </dd>
      </dl>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={() => answer(false)}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={() => answer(true)}>
          Send
        </button>
      </div>
    </ModalDialog>
  )
}
