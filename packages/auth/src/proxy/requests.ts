/**
 * Request bodies of the server's auth proxy routes (SPEC.md "Endpoints"): the UI and CLI send them, the server
 * validates them. Each route passes the token endpoint's JSON body through unchanged and answers 502 on failure.
 */
import type { TrustMarker } from '@wirebench/core'

/**
 * The active environment's TLS trust settings (its CA certificate, allow self-signed), already substituted: the token
 * endpoint is reached with the same trust as the environment's calls. Absent means the system's roots only.
 */
export interface TokenRequestTrust {
  trust?: TrustMarker
}

export const AUTH_PROXY_ROUTES = {
  oauthToken: '/api/auth/oauth-token',
  codeExchange: '/api/auth/oauth-code-exchange',
  refresh: '/api/auth/oauth-refresh',
  customToken: '/api/auth/custom-token',
} as const

/** `POST {prefix}/api/auth/oauth-token`: an OAuth 2.0 client_credentials grant. Empty scope/audience are not sent upstream. */
export interface OAuthTokenRequest extends TokenRequestTrust {
  tokenUrl: string
  clientId: string
  clientSecret: string
  scope: string
  audience: string
}

/** `POST {prefix}/api/auth/oauth-code-exchange`: authorization_code grant with the PKCE verifier. */
export interface OAuthCodeExchangeRequest extends TokenRequestTrust {
  tokenUrl: string
  code: string
  redirectUri: string
  clientId: string
  /** Absent for public clients. */
  clientSecret?: string
  codeVerifier: string
}

/** `POST {prefix}/api/auth/oauth-refresh`: refresh_token grant. */
export interface OAuthRefreshRequest extends TokenRequestTrust {
  tokenUrl: string
  refreshToken: string
  clientId: string
  /** Absent for public clients. */
  clientSecret?: string
  scope: string
}

export type CustomTokenMethod = 'GET' | 'POST' | 'PUT'

/**
 * `POST {prefix}/api/auth/custom-token`: one request to an arbitrary login endpoint. Every field is already
 * substituted. The server sends `body` with `Content-Type: contentType` (no body for GET) plus `headers`, and
 * passes the endpoint's JSON response through unchanged (502 when unreachable, non-2xx or not JSON).
 */
export interface CustomTokenRequest extends TokenRequestTrust {
  tokenUrl: string
  method: CustomTokenMethod
  contentType: string
  body: string
  headers: Record<string, string>
}

/** The standard fields of an OAuth 2.0 token response (RFC 6749 §5.1) that the workbench relies on. */
export interface OAuthTokenResponse {
  access_token: string
  token_type?: string
  /** Lifetime in seconds. */
  expires_in?: number
  refresh_token?: string
  scope?: string
}
