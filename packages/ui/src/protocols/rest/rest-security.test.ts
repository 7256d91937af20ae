import type { AuthConfig } from '@wirebench/auth'
import type { SecuritySchemeInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { authReaching, bestProvision, schemeLabel, securityView } from './rest-security.js'

const bearer: SecuritySchemeInfo = { name: 'bearerAuth', type: 'http', scheme: 'bearer' }
const apiKey: SecuritySchemeInfo = { name: 'key', type: 'apiKey', in: 'header', paramName: 'X-API-Key' }
const oauth: SecuritySchemeInfo = { name: 'oauth', type: 'oauth2', scopes: ['read'] }

const env = (auth: AuthConfig) => auth

describe('securityView', () => {
  it('tells none declared, explicitly none, and optional apart', () => {
    expect(securityView(undefined, undefined, {})).toEqual({ kind: 'none-declared' })
    expect(securityView([], undefined, {})).toEqual({ kind: 'no-auth' })
    const optional = securityView([{ schemes: [] }, { schemes: [bearer] }], undefined, {})
    expect(optional).toMatchObject({ kind: 'needs', isOptional: true })
    expect(bestProvision(optional)).toBe('yes')
  })

  it('reads each scheme against the environment’s auth type', () => {
    const view = (auth: AuthConfig | undefined, headers: Record<string, string> = {}) =>
      bestProvision(securityView([{ schemes: [bearer] }], auth, headers))
    expect(view(env({ type: 'bearer', token: 't' }))).toBe('yes')
    expect(
      view(env({ type: 'oauth2_cc', tokenUrl: '', clientId: '', clientSecret: '', scope: '', audience: '' })),
    ).toBe('yes')
    expect(view(env({ type: 'basic', username: 'u', password: 'p' }))).toBe('no')
    expect(view(undefined)).toBe('no')
    expect(view(undefined, { authorization: 'Bearer typed' })).toBe('yes')
  })

  it('matches an API key by place and name, and counts a static Bearer as maybe for OAuth', () => {
    const key = (auth: AuthConfig) => bestProvision(securityView([{ schemes: [apiKey] }], auth, {}))
    expect(key(env({ type: 'apikey', key: 'x-api-key', value: 'v', location: 'header' }))).toBe('yes')
    expect(key(env({ type: 'apikey', key: 'X-API-Key', value: 'v', location: 'query' }))).toBe('no')
    expect(key(env({ type: 'apikey', key: 'Other', value: 'v', location: 'header' }))).toBe('no')
    expect(bestProvision(securityView([{ schemes: [oauth] }], env({ type: 'bearer', token: 't' }), {}))).toBe('maybe')
  })

  it('needs every scheme of an alternative, and one alternative', () => {
    const both = securityView([{ schemes: [bearer, apiKey] }], env({ type: 'bearer', token: 't' }), {})
    expect(bestProvision(both)).toBe('no')
    const either = securityView([{ schemes: [apiKey] }, { schemes: [bearer] }], env({ type: 'bearer', token: 't' }), {})
    expect(bestProvision(either)).toBe('yes')
  })

  it('labels schemes readably', () => {
    expect(schemeLabel(bearer)).toBe('bearer (http)')
    expect(schemeLabel(apiKey)).toBe('key (API key in header X-API-Key)')
    expect(schemeLabel(oauth)).toBe('oauth (OAuth 2.0, scopes read)')
  })
})

describe('authReaching', () => {
  it('is nothing of the environment where its credentials may not go', () => {
    const bearerAuth: AuthConfig = { type: 'bearer', token: 't' }
    const provided = (reach: Parameters<typeof authReaching>[1]) =>
      bestProvision(securityView([{ schemes: [bearer] }], authReaching(bearerAuth, reach), {}))
    expect(provided('approved')).toBe('yes')
    expect(provided('pre-approved')).toBe('yes')
    expect(provided('undecided')).toBe('yes')
    expect(provided('refused')).toBe('no')
    expect(provided('no-host')).toBe('no')
  })
})
