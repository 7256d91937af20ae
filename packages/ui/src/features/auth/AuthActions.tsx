/** The actions of the active auth type: JWT sign preview, token fetch previews, the sign-in panel, and mTLS notes. */
import type { ReactElement } from 'react'
import type { Environment } from '@wirebench/auth'
import { AuthorizationCodePanel } from './AuthorizationCodePanel.js'
import { JwtPreviewPanel } from './JwtPreviewPanel.js'
import { TokenPreviewPanel } from './TokenPreviewPanel.js'

export function AuthActions({ environment }: { environment: Environment }): ReactElement | null {
  const { auth } = environment
  switch (auth.type) {
    case 'jwt':
      return <JwtPreviewPanel environment={environment} config={auth} />
    case 'oauth2_cc':
    case 'custom_token':
      return <TokenPreviewPanel environment={environment} config={auth} />
    case 'oauth2_ac':
      return <AuthorizationCodePanel environment={environment} config={auth} />
    case 'mtls':
      return (
        <p className="auth-note">
          The certificate and key travel to the workbench server with each call and are used for that call only. The
          passphrase decrypts an encrypted key here in the browser; it is kept in this tab only (enter it again after a
          reload) and is never saved or sent.
        </p>
      )
    case 'aws_sigv4':
    case 'none':
    case 'bearer':
    case 'basic':
    case 'apikey':
      return null
  }
}
