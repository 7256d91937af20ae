/**
 * What the call put on the wire: method and resolved URL, the headers in the order sent, and the body (as text, or
 * what it was). Credentials arrive masked by the server; the active environment's secret values are masked here too.
 */
import { useMemo, type ReactElement } from 'react'
import type { SentRequest } from '@wirebench/core'
import { formatBytes } from '../../components/format.js'
import { CopyButton } from '../auth/CopyButton.js'
import { HeadersTable } from './HeadersTable.js'
import { maskSecretValues } from './secret-values.js'
import { useSecretValues } from './useSecretValues.js'

export function SentRequestView({ sent }: { sent: SentRequest }): ReactElement {
  const secrets = useSecretValues()
  const shown = useMemo(() => maskSent(sent, secrets), [sent, secrets])
  return (
    <div className="sent-request">
      <div className="sent-line mono" aria-label="Request line">
        <span className="sent-method">{shown.method}</span> <span className="sent-url">{shown.url}</span>
        <CopyButton text={shown.url} label="Copy the URL" />
      </div>
      <p className="muted sent-note">
        Credentials show as <span className="mono">***</span>: by header name on the server (Authorization, Cookie, API
        keys), and the active environment’s secret values here.
      </p>
      <h3 className="sent-heading">Headers</h3>
      <HeadersTable entries={shown.headers} label="Request headers" />
      <h3 className="sent-heading">
        Body
        {sent.bodyBytes !== undefined && <span className="muted sent-size"> {formatBytes(sent.bodyBytes)}</span>}
      </h3>
      {shown.body !== undefined && (
        <pre className="sent-body mono" tabIndex={0} aria-label="Request body as sent">
          {shown.body}
        </pre>
      )}
      {sent.bodyTruncated && <p className="muted sent-note">Only the start of the body is shown.</p>}
      {sent.bodySummary && <p className="sent-summary">{sent.bodySummary}</p>}
      {shown.body === undefined && !sent.bodySummary && <p className="muted sent-note">No body.</p>}
    </div>
  )
}

function maskSent(sent: SentRequest, secrets: readonly string[]): SentRequest {
  if (secrets.length === 0) return sent
  const masked: SentRequest = {
    ...sent,
    url: maskSecretValues(sent.url, secrets),
    headers: sent.headers.map(([name, value]) => [name, maskSecretValues(value, secrets)]),
  }
  if (sent.body !== undefined) masked.body = maskSecretValues(sent.body, secrets)
  return masked
}
