/** The custom token endpoint: one request through the proxy, the token and its TTL read by dotted paths. */
import { WorkbenchError, readPath } from '@wirebench/core'
import type { CustomTokenAuth } from '../environment.js'
import type { CustomTokenMethod, CustomTokenRequest } from '../proxy/requests.js'
import type { TokenClient } from '../proxy/token-client.js'
import { parseJsonTemplate } from '../templating/json-template.js'
import { abortable } from './abortable.js'
import { fingerprintOf } from './fingerprint.js'
import type { CachedToken, TokenCache } from './token-cache.js'

/** SPEC.md "Limits": one hour when no expiry path is set. */
export const CUSTOM_TOKEN_DEFAULT_TTL_SECONDS = 3600
const methods: readonly CustomTokenMethod[] = ['GET', 'POST', 'PUT']

/** Builds the proxy request body from a substituted config; the headers text is parsed as a JSON object of strings. */
export function customTokenRequest(config: CustomTokenAuth): CustomTokenRequest {
  if (!methods.includes(config.tokenMethod)) {
    throw new WorkbenchError(
      'invalid_request',
      `Token request method must be GET, POST or PUT, not ${String(config.tokenMethod)}.`,
    )
  }
  const headers: Record<string, string> = {}
  if (config.tokenHeaders.trim() !== '') {
    const parsed = parseJsonTemplate(config.tokenHeaders, 'Request Headers (JSON)')
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new WorkbenchError(
        'invalid_request',
        'Request Headers (JSON) must be a JSON object such as {"X-Tenant": "acme"}.',
      )
    }
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new WorkbenchError(
          'invalid_request',
          `Request header ${name} must be a string, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}.`,
        )
      }
      headers[name] = String(value)
    }
  }
  return {
    tokenUrl: config.tokenUrl,
    method: config.tokenMethod,
    contentType: config.tokenContentType.trim() === '' ? 'application/json' : config.tokenContentType,
    body: config.tokenBody,
    headers,
  }
}

function readToken(body: unknown, config: CustomTokenAuth): string {
  const value = readPath(body, config.tokenJsonPath.trim())
  if (typeof value === 'string' && value !== '') return value
  if (typeof value === 'number') return String(value)
  const keys = body !== null && typeof body === 'object' ? Object.keys(body).slice(0, 10).join(', ') : typeof body
  throw new WorkbenchError('upstream_invalid', `The token response has no string at "${config.tokenJsonPath}".`, {
    hint: `Set Token JSON path to the token's dotted path (numeric segments index arrays); top-level keys: ${keys || 'none'}.`,
  })
}

function readTtl(body: unknown, config: CustomTokenAuth): number {
  const path = config.expiresInJsonPath.trim()
  if (path === '') return CUSTOM_TOKEN_DEFAULT_TTL_SECONDS
  const raw = readPath(body, path)
  const seconds = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw new WorkbenchError('upstream_invalid', `The token response has no number of seconds at "${path}".`, {
      hint: 'Point Expiry JSON path at a TTL in seconds, or leave it empty for one hour.',
    })
  }
  return seconds
}

/** Fetches a token, bypassing every cache. */
export async function fetchCustomToken(options: {
  config: CustomTokenAuth
  tokenClient: TokenClient
  clock: () => number
  signal?: AbortSignal
}): Promise<CachedToken> {
  const { config, tokenClient, clock, signal } = options
  const body = await tokenClient.customToken(customTokenRequest(config), signal)
  return { accessToken: readToken(body, config), expiresAt: clock() + readTtl(body, config) * 1000 }
}

export function customToken(options: {
  /**
   * One cached token per environment and effective configuration: two saved requests with schemes of their own
   * (another body, client or scope to the same token URL) each keep theirs instead of taking each other's place.
   */
  environmentId: string
  config: CustomTokenAuth
  tokenClient: TokenClient
  cache: TokenCache
  clock: () => number
  signal?: AbortSignal
}): Promise<CachedToken> {
  const { environmentId, config, tokenClient, cache, clock, signal } = options
  // Build the request first so a malformed headers template fails before anything is cached.
  customTokenRequest(config)
  // The config is the substituted one: the key holds a hash of its values (secrets included), never the values.
  const fingerprint = fingerprintOf(config)
  const key = JSON.stringify([environmentId, config.tokenUrl, fingerprint])
  const shared = cache.get({
    key,
    fingerprint,
    fetch: () => fetchCustomToken({ config, tokenClient, clock }),
  })
  return abortable(shared, signal)
}
