/** "Fetch token" for client-credentials and custom-token configs: a fresh request through the proxy, bypassing the cache. */
import { useState, type ReactElement } from 'react'
import {
  fetchTokenPreview,
  type CustomTokenAuth,
  type Environment,
  type OAuth2ClientCredentialsAuth,
  type TokenPreview,
} from '@wirebench/auth'
import { useWorkbench } from '../../state/useWorkbench.js'
import { PreviewResult } from './PreviewResult.js'

export interface TokenPreviewPanelProps {
  environment: Environment
  config: OAuth2ClientCredentialsAuth | CustomTokenAuth
}

export function TokenPreviewPanel({ environment, config }: TokenPreviewPanelProps): ReactElement {
  const { auth } = useWorkbench()
  const [preview, setPreview] = useState<{ result: TokenPreview; secondsLeft: number } | null>(null)
  const [isBusy, setBusy] = useState(false)
  const fetchNow = async () => {
    setBusy(true)
    try {
      const result = await fetchTokenPreview({ config, environment, tokenClient: auth.tokenClient })
      const secondsLeft = 'token' in result ? Math.max(0, Math.round((result.expiresAt - Date.now()) / 1000)) : 0
      setPreview({ result, secondsLeft })
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="auth-actions">
      <div className="auth-action-row">
        <button type="button" className="btn" disabled={isBusy} onClick={() => void fetchNow()}>
          {isBusy ? 'Fetching…' : 'Fetch token'}
        </button>
        <span className="auth-help">
          Asks the token endpoint now, through the workbench proxy; calls use a cached token.
        </span>
      </div>
      {preview && (
        <PreviewResult
          label="Access token"
          result={
            'token' in preview.result
              ? {
                  token: preview.result.token,
                  extra: `Expires in ${preview.secondsLeft} s`,
                  unresolved: preview.result.unresolved,
                }
              : { error: preview.result.error, hint: preview.result.hint, unresolved: preview.result.unresolved }
          }
        />
      )}
    </div>
  )
}
