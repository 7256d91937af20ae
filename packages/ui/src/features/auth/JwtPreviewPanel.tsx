/** JWT "Sign preview": signs the config as a call would (variables substituted) and shows the token or the exact error. */
import { useState, type ReactElement } from 'react'
import { previewJwt, type Environment, type JwtAuth, type JwtPreview } from '@wirebench/auth'
import { PreviewResult } from './PreviewResult.js'

export function JwtPreviewPanel({ environment, config }: { environment: Environment; config: JwtAuth }): ReactElement {
  const [preview, setPreview] = useState<JwtPreview | null>(null)
  const [isBusy, setBusy] = useState(false)
  const sign = async () => {
    setBusy(true)
    try {
      setPreview(await previewJwt({ config, environment }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="auth-actions">
      <div className="auth-action-row">
        <button type="button" className="btn" disabled={isBusy} onClick={() => void sign()}>
          Sign preview
        </button>
        <span className="auth-help">A new token is signed for every call; nothing is sent now.</span>
      </div>
      {preview && (
        <PreviewResult
          label="Signed JWT"
          result={
            'token' in preview
              ? {
                  token: preview.token,
                  extra: JSON.stringify({ header: preview.header, payload: preview.payload }, null, 2),
                  unresolved: preview.unresolved,
                }
              : { error: preview.error, hint: preview.hint, unresolved: preview.unresolved }
          }
        />
      )}
    </div>
  )
}
