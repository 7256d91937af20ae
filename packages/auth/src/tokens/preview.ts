/** The Fetch token preview of client_credentials and custom-token configs: always a fresh request, never the cache. */
import { WorkbenchError } from '@wirebench/core'
import type { CustomTokenAuth, Environment, OAuth2ClientCredentialsAuth } from '../environment.js'
import { substituteAuthConfig, substitutionFor, type VariableOptions } from '../pipeline/substitute-auth.js'
import type { TokenClient } from '../proxy/token-client.js'
import { withTrust } from '../proxy/trusted-token-client.js'
import { trustMarkerFor } from '../pipeline/trust-marker.js'
import { fetchClientCredentialsToken } from './client-credentials.js'
import { fetchCustomToken } from './custom-token.js'

export type TokenPreview =
  { token: string; expiresAt: number; unresolved: string[] } | { error: string; hint?: string; unresolved: string[] }

export interface FetchTokenPreviewOptions extends VariableOptions {
  config: OAuth2ClientCredentialsAuth | CustomTokenAuth
  environment: Environment | null
  tokenClient: TokenClient
  clock?: () => number
  signal?: AbortSignal
}

export async function fetchTokenPreview(options: FetchTokenPreviewOptions): Promise<TokenPreview> {
  const clock = options.clock ?? (() => Date.now())
  const substitution = substitutionFor(options.environment, options)
  const { value, unknown } = substituteAuthConfig(options.config, substitution)
  try {
    // The environment's trust settings reach the token endpoint as they reach its calls.
    const { trust } = trustMarkerFor(options.environment?.trust, substitution)
    const tokenClient = withTrust(options.tokenClient, trust)
    const common = { tokenClient, clock, ...(options.signal ? { signal: options.signal } : {}) }
    const token =
      value.type === 'oauth2_cc'
        ? await fetchClientCredentialsToken({ config: value, ...common })
        : await fetchCustomToken({ config: value, ...common })
    return { token: token.accessToken, expiresAt: token.expiresAt, unresolved: unknown }
  } catch (error) {
    const failure = WorkbenchError.from(error)
    return { error: failure.message, ...(failure.hint ? { hint: failure.hint } : {}), unresolved: unknown }
  }
}
