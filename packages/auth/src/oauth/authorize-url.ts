/** The provider's authorize URL for the authorization-code flow with PKCE (RFC 6749 §4.1.1, RFC 7636 §4.3). */
import { WorkbenchError } from '@wirebench/core'
import type { OAuth2AuthorizationCodeAuth } from '../environment.js'

export interface AuthorizeUrlOptions {
  config: OAuth2AuthorizationCodeAuth
  redirectUri: string
  state: string
  codeChallenge: string
}

/** Keeps the authorization URL's own query parameters and adds the flow's. */
export function buildAuthorizeUrl({ config, redirectUri, state, codeChallenge }: AuthorizeUrlOptions): string {
  let url: URL
  try {
    url = new URL(config.authorizationUrl)
  } catch (cause) {
    throw new WorkbenchError(
      'invalid_request',
      `Authorization URL "${config.authorizationUrl}" is not an absolute URL.`,
      {
        cause,
      },
    )
  }
  // The URL is opened in a window: only web schemes, never javascript: or data:.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WorkbenchError('invalid_request', `Authorization URL must use http or https, not ${url.protocol}`)
  }
  if (config.clientId.trim() === '') throw new WorkbenchError('invalid_request', 'The OAuth config has no client id.')
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', config.clientId)
  url.searchParams.set('redirect_uri', redirectUri)
  if (config.scope.trim() !== '') url.searchParams.set('scope', config.scope)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', codeChallenge)
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}
