/** Reads the standard fields (`access_token`, `expires_in`, `refresh_token`) out of a token endpoint's JSON body. */
import { WorkbenchError } from '@wirebench/core'

export interface ParsedTokenResponse {
  accessToken: string
  /** Lifetime in seconds when the endpoint said; undefined otherwise. */
  expiresIn?: number
  refreshToken?: string
}

function seconds(value: unknown): number | undefined {
  // Some providers send expires_in as a numeric string.
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined
}

export function parseTokenResponse(body: unknown, endpoint: string): ParsedTokenResponse {
  const record =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
  const accessToken = record['access_token']
  if (typeof accessToken !== 'string' || accessToken === '') {
    const error = typeof record['error'] === 'string' ? record['error'] : undefined
    const description = typeof record['error_description'] === 'string' ? record['error_description'] : undefined
    const reason = error ? `: ${error}${description ? ` (${description})` : ''}` : ' without an access_token'
    throw new WorkbenchError('upstream_invalid', `The token endpoint ${endpoint} answered${reason}.`, {
      hint: 'Check the token URL, client id, secret and scope against the provider’s settings.',
    })
  }
  const parsed: ParsedTokenResponse = { accessToken }
  const expiresIn = seconds(record['expires_in'])
  if (expiresIn !== undefined) parsed.expiresIn = expiresIn
  const refreshToken = record['refresh_token']
  if (typeof refreshToken === 'string' && refreshToken !== '') parsed.refreshToken = refreshToken
  return parsed
}
