/**
 * The confirmation every `invoke` waits for: the exact request (protocol, URL, method, body, headers with secrets
 * masked), and what the active environment adds to it (secret variables it names, sent resolved; its auth). Nothing
 * is sent unless the user presses Send; Escape or Cancel declines.
 */
import type { ReactElement } from 'react'
import { ModalDialog } from '../../components/ModalDialog.js'
import type { PendingInvoke } from './assistant-store.js'
import type { InvokeEnvironmentUse } from './assistant-tools.js'

const names = (list: readonly string[]) => list.map((name) => `\${${name}}`).join(', ')

/** What the environment adds when the request leaves: the `${…}`s above are sent resolved. */
function EnvironmentUse({ use }: { use: InvokeEnvironmentUse }): ReactElement {
  return (
    <div className="ai-confirm-env">
      {use.secretVariables.length > 0 && (
        <p className="ai-confirm-secret" role="alert">
          <strong>Sends secrets:</strong> {names(use.secretVariables)} {use.secretVariables.length > 1 ? 'are' : 'is'}{' '}
          replaced by {use.secretVariables.length > 1 ? 'their real values' : 'its real value'} from “{use.name}”. Send
          only if this request should carry {use.secretVariables.length > 1 ? 'them' : 'it'}.
        </p>
      )}
      {use.variables.length > 0 && (
        <p>
          Variables from “{use.name}”: {names(use.variables)}.
        </p>
      )}
      {use.auth && (
        <p>
          “{use.name}” adds its {use.auth} auth when the server is one it approved.
        </p>
      )}
    </div>
  )
}

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
      {preview.environment && <EnvironmentUse use={preview.environment} />}
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
