import { API_KEY_QUERY_MARKER, SIGV4_MARKER, splitMarkers } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { AuthConfig } from '../environment.js'
import { authSchemes, defaultAuthConfig, memoryOnlyFieldsOf, schemeFor, secretFieldsOf } from '../scheme/registry.js'
import type { AuthApplyContext } from '../scheme/types.js'
import { createAuthCaches } from '../tokens/caches.js'
import { apiKeyScheme } from './apikey.js'
import { sigV4Scheme } from './aws-sigv4.js'
import { basicScheme } from './basic.js'
import { bearerScheme } from './bearer.js'

const ctx = (protocol = 'rest'): AuthApplyContext => ({ protocol, environmentId: 'env', caches: createAuthCaches() })

describe('basic', () => {
  it('encodes UTF-8 username:password, so non-ASCII characters work', async () => {
    const out = await basicScheme.apply({ type: 'basic', username: 'José', password: 'pässwörd ✓' }, ctx())
    expect(out.headers).toEqual({ Authorization: `Basic ${Buffer.from('José:pässwörd ✓', 'utf8').toString('base64')}` })
    expect(out.headers['Authorization']).toBe('Basic Sm9zw6k6cMOkc3N3w7ZyZCDinJM=')
  })
})

describe('bearer', () => {
  it('sends Authorization: Bearer and refuses an empty token', async () => {
    expect((await bearerScheme.apply({ type: 'bearer', token: 'abc' }, ctx())).headers).toEqual({
      Authorization: 'Bearer abc',
    })
    await expect(bearerScheme.apply({ type: 'bearer', token: ' ' }, ctx())).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })
})

describe('apikey', () => {
  it('sends a header in header mode', async () => {
    const out = await apiKeyScheme.apply(
      { type: 'apikey', key: 'X-Api-Key', value: 'k1', location: 'header' },
      ctx('grpc'),
    )
    expect(out).toEqual({ headers: { 'X-Api-Key': 'k1' }, markers: {} })
  })

  it('carries query mode in the API-key query marker that core reads back', async () => {
    const out = await apiKeyScheme.apply(
      { type: 'apikey', key: 'api key', value: 'a&b=c', location: 'query' },
      ctx('rest'),
    )
    expect(out.headers).toEqual({})
    expect(JSON.parse(out.markers[API_KEY_QUERY_MARKER]!)).toEqual([{ name: 'api key', value: 'a&b=c' }])
    expect(splitMarkers(out.markers).markers.apiKeyQuery).toEqual([{ name: 'api key', value: 'a&b=c' }])
  })

  it('adds nothing in query mode for gRPC', async () => {
    const out = await apiKeyScheme.apply({ type: 'apikey', key: 'k', value: 'v', location: 'query' }, ctx('grpc'))
    expect(out).toEqual({ headers: {}, markers: {} })
  })

  it('labels the name field by location and refuses an empty name', async () => {
    const nameField = apiKeyScheme.fields.find((f) => f.key === 'key')!
    expect(nameField.labelFor?.({ type: 'apikey', key: '', value: '', location: 'query' })).toBe('Query parameter name')
    await expect(apiKeyScheme.apply({ type: 'apikey', key: '', value: 'v', location: 'query' }, ctx())).rejects.toThrow(
      'The API key has no query parameter name.',
    )
  })
})

describe('aws_sigv4', () => {
  it('builds the marker core parses, without an empty session token', async () => {
    const config = {
      type: 'aws_sigv4',
      accessKey: 'AKID',
      secretKey: 'SECRET',
      region: 'us-east-1',
      service: 's3',
      sessionToken: '',
    } as const
    const out = await sigV4Scheme.apply(config, ctx())
    expect(splitMarkers(out.markers).markers.sigv4).toEqual({
      accessKey: 'AKID',
      secretKey: 'SECRET',
      region: 'us-east-1',
      service: 's3',
    })
    const withToken = await sigV4Scheme.apply({ ...config, sessionToken: 'TOKEN' }, ctx())
    expect(JSON.parse(withToken.markers[SIGV4_MARKER]!)).toMatchObject({ sessionToken: 'TOKEN' })
    await expect(sigV4Scheme.apply({ ...config, region: '' }, ctx())).rejects.toThrow('Signature v4 needs region.')
    expect(sigV4Scheme.protocols).toEqual(['rest'])
  })
})

describe('scheme registry', () => {
  it('has a scheme for every type whose defaults have that type and whose fields name config keys', () => {
    for (const scheme of authSchemes) {
      const defaults = scheme.defaults() as unknown as Record<string, unknown>
      expect(defaults['type']).toBe(scheme.type)
      for (const field of scheme.fields) {
        if (field.valueFor) continue
        // Memory-only fields are never part of a stored config.
        if (field.memoryOnly) expect(Object.keys(defaults)).not.toContain(field.key)
        else expect(Object.keys(defaults), `${scheme.type}.${field.key}`).toContain(field.key)
      }
    }
    expect(authSchemes.map((s) => s.type)).toEqual([
      'none',
      'bearer',
      'basic',
      'apikey',
      'jwt',
      'oauth2_cc',
      'oauth2_ac',
      'custom_token',
      'aws_sigv4',
      'mtls',
    ])
  })

  it('lists the secret fields of every type', () => {
    const secrets = Object.fromEntries(
      authSchemes.map((s) => [s.type, secretFieldsOf(defaultAuthConfig<AuthConfig['type']>(s.type))]),
    )
    expect(secrets).toEqual({
      none: [],
      bearer: ['token'],
      basic: ['password'],
      apikey: ['value'],
      jwt: ['secret'],
      oauth2_cc: ['clientSecret'],
      oauth2_ac: ['clientSecret'],
      custom_token: ['tokenBody', 'tokenHeaders'],
      aws_sigv4: ['secretKey', 'sessionToken'],
      mtls: ['privateKey', 'passphrase'],
    })
  })

  it('declares the mTLS passphrase as the only memory-only field: masked, optional, never stored', () => {
    const memoryOnly = Object.fromEntries(
      authSchemes.map((s) => [s.type, memoryOnlyFieldsOf(defaultAuthConfig<AuthConfig['type']>(s.type))]),
    )
    expect(Object.entries(memoryOnly).filter(([, keys]) => keys.length > 0)).toEqual([['mtls', ['passphrase']]])
    expect(schemeFor('mtls').fields.find((f) => f.key === 'passphrase')).toMatchObject({
      kind: 'secret',
      secret: true,
      optional: true,
      memoryOnly: true,
    })
    expect(Object.keys(defaultAuthConfig('mtls'))).not.toContain('passphrase')
  })

  it('refuses an unknown type with the list of known ones', () => {
    expect(() => schemeFor('digest' as 'none')).toThrow(/Unknown auth type "digest"/)
  })
})
