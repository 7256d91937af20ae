/**
 * Validates the message the `/oauth-callback` page posts to its opener: `{type: 'wirebench-oauth-callback', code,
 * state, iss?}` (or `error` when the provider refused), from the workbench's own origin only.
 */

export const OAUTH_CALLBACK_MESSAGE_TYPE = 'wirebench-oauth-callback'

export type OAuthCallbackResult =
  | { ok: true; code: string; state: string; iss?: string }
  | { ok: false; state: string; error: string; errorDescription?: string }

export interface OAuthCallbackEvent {
  data: unknown
  /** `MessageEvent.origin`. */
  origin: string
  /** The workbench's own origin (`window.location.origin`). */
  expectedOrigin: string
}

// Codes and states are short opaque strings; anything huge is not from our callback page.
const MAX_LENGTH = 4096
const isText = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= MAX_LENGTH

/** The callback's outcome, or undefined when the message is not a callback from our own origin (ignore it). */
export function readOAuthCallbackMessage(event: OAuthCallbackEvent): OAuthCallbackResult | undefined {
  if (event.origin !== event.expectedOrigin) return undefined
  const data = event.data
  if (data === null || typeof data !== 'object') return undefined
  const record = data as Record<string, unknown>
  if (record['type'] !== OAUTH_CALLBACK_MESSAGE_TYPE) return undefined
  const state =
    typeof record['state'] === 'string' && record['state'].length <= MAX_LENGTH ? record['state'] : undefined
  if (state === undefined) return undefined
  // A provider error wins over any code; providers may omit state on errors, so an empty one is accepted there only.
  if (isText(record['error'])) {
    const description = record['errorDescription'] ?? record['error_description']
    return {
      ok: false,
      state,
      error: record['error'],
      ...(isText(description) ? { errorDescription: description } : {}),
    }
  }
  if (isText(record['code']) && state !== '') {
    const iss = isText(record['iss']) ? { iss: record['iss'] } : {}
    return { ok: true, code: record['code'], state, ...iss }
  }
  return undefined
}
