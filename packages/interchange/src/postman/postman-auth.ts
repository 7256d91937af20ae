/** Postman auth (`{type, bearer|basic|apikey: [{key, value}]}`, or v2.0's objects) to and from SavedAuth. */
import type { SavedAuth } from '@wirebench/core'
import { isObject, stringOf } from '../json-shapes.js'
import type { JsonObject } from '../json-shapes.js'
import type { ImportContext } from '../saved-http.js'
import { credentialValue } from '../source-credentials.js'
import { fromMustache, toMustache } from '../templates.js'

function authParams(auth: JsonObject, type: string): Map<string, string> {
  const params = new Map<string, string>()
  const raw = auth[type]
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const key = isObject(entry) ? stringOf(entry.key) : undefined
      const value = isObject(entry) ? stringOf(entry.value) : undefined
      if (key !== undefined && value !== undefined) params.set(key, value)
    }
  } else if (isObject(raw)) {
    for (const [key, value] of Object.entries(raw)) {
      const text = stringOf(value)
      if (text !== undefined) params.set(key, text)
    }
  }
  return params
}

function secretValue(value: string, name: string, ctx: ImportContext): string {
  return credentialValue(value, name, ctx.secrets)
}

export function readPostmanAuth(auth: unknown, source: string, ctx: ImportContext): SavedAuth | undefined {
  if (!isObject(auth)) return undefined
  const type = stringOf(auth.type) ?? ''
  const params = authParams(auth, type)
  switch (type) {
    case 'noauth':
      return { mode: 'none' }
    case 'bearer':
      return { mode: 'own', config: { type: 'bearer', token: secretValue(params.get('token') ?? '', 'token', ctx) } }
    case 'basic':
      return {
        mode: 'own',
        config: {
          type: 'basic',
          username: secretValue(params.get('username') ?? '', 'username', ctx),
          password: secretValue(params.get('password') ?? '', 'password', ctx),
        },
      }
    case 'apikey':
      return {
        mode: 'own',
        config: {
          type: 'apikey',
          key: fromMustache(params.get('key') ?? 'X-API-Key').text,
          value: secretValue(params.get('value') ?? '', 'api_key', ctx),
          location: params.get('in') === 'query' ? 'query' : 'header',
        },
      }
    default:
      ctx.report.push({
        source,
        message: `Postman ${type || 'unnamed'} auth has no counterpart here; it was left out.`,
      })
      return undefined
  }
}

/** The Postman v2.1 auth of a SavedAuth (`inherit` has none: the item inherits, as in Postman). */
export function toPostmanAuth(auth: SavedAuth | undefined): JsonObject | undefined {
  if (auth === undefined || auth.mode === 'inherit') return undefined
  if (auth.mode === 'none') return { type: 'noauth' }
  const config = auth.config
  const param = (key: string, value: unknown) => ({ key, value: toMustache(stringOf(value) ?? ''), type: 'string' })
  switch (config.type) {
    case 'bearer':
      return { type: 'bearer', bearer: [param('token', config.token)] }
    case 'basic':
      return { type: 'basic', basic: [param('username', config.username), param('password', config.password)] }
    case 'apikey':
      return {
        type: 'apikey',
        apikey: [param('key', config.key), param('value', config.value), param('in', config.location ?? 'header')],
      }
    default:
      return undefined
  }
}
