/** The Fetch token preview of client_credentials and custom-token configs: always a fresh request, never the cache. */
import { WorkbenchError } from '@wirebench/core'
import type { CustomTokenAuth, Environment, OAuth2ClientCredentialsAuth } from '../environment.js'
import { substituteAuthConfig, substitutionFor, type VariableOptions } from '../pipeline/substitute-auth.js'
import type { TokenClient } from '../proxy/token-client.js'
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
  const { value, unknown } = substituteAuthConfig(options.config, substitutionFor(options.environment, options))
  const common = { tokenClient: options.tokenClient, clock, ...(options.signal ? { signal: options.signal } : {}) }
  try {
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
