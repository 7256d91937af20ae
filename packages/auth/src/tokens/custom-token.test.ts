import { describe, expect, it } from 'vitest'
import type { CustomTokenAuth, Environment } from '../environment.js'
import { manualClock, recordingClient } from '../proxy/recording-client.test-helpers.js'
import { customTokenScheme } from '../schemes/custom-token.js'
import { createAuthCaches } from './caches.js'
import { customTokenRequest } from './custom-token.js'
import { fetchTokenPreview } from './preview.js'

const base: CustomTokenAuth = {
  ...customTokenScheme.defaults(),
  tokenUrl: 'http://127.0.0.1:9/login',
  tokenBody: '{"user":"alice","password":"pw"}',
  tokenJsonPath: 'data.sessions.0.token',
}

function setup(response: (n: number) => unknown) {
  const clock = manualClock()
  const client = recordingClient((_m, _b, n) => response(n))
  const caches = createAuthCaches({ clock: clock.now })
  const apply = (config: CustomTokenAuth, environmentId = 'env') =>
    customTokenScheme.apply(config, { protocol: 'rest', environmentId, caches, tokenClient: client })
  return { clock, client, caches, apply }
}

describe('custom token endpoint', () => {
  it('sends the exported CustomTokenRequest shape with the headers parsed from JSON', () => {
    expect(
      customTokenRequest({
        ...base,
        tokenMethod: 'PUT',
        tokenContentType: '',
        tokenHeaders: '{"X-Tenant": "acme", "X-N": 2}',
      }),
    ).toEqual({
      tokenUrl: 'http://127.0.0.1:9/login',
      method: 'PUT',
      contentType: 'application/json',
      body: '{"user":"alice","password":"pw"}',
      headers: { 'X-Tenant': 'acme', 'X-N': '2' },
    })
    expect(() => customTokenRequest({ ...base, tokenHeaders: '["x"]' })).toThrow(/must be a JSON object/)
    expect(() => customTokenRequest({ ...base, tokenHeaders: '{"a": }' })).toThrow(
      /Request Headers \(JSON\).*line 1, column 7/,
    )
  })

  it('reads the token by a dotted path with array indexes and sends it with the Bearer prefix', async () => {
    const { apply } = setup((n) => ({ data: { sessions: [{ token: `tok-${n}` }] } }))
    expect(await apply(base)).toEqual({ headers: { Authorization: 'Bearer tok-1' }, markers: {} })
  })

  it('sends the bare token when the prefix is empty', async () => {
    const { apply } = setup(() => ({ data: { sessions: [{ token: 'raw' }] } }))
    expect((await apply({ ...base, tokenPrefix: '' })).headers).toEqual({ Authorization: 'raw' })
  })

  it('caches for one hour by default and refreshes 60 s early', async () => {
    const { clock, client, apply } = setup((n) => ({ data: { sessions: [{ token: `tok-${n}` }] } }))
    await apply(base)
    clock.advance(3_539_000)
    expect((await apply(base)).headers['Authorization']).toBe('Bearer tok-1')
    clock.advance(1_000)
    expect((await apply(base)).headers['Authorization']).toBe('Bearer tok-2')
    expect(client.of('customToken')).toHaveLength(2)
  })

  it('takes the TTL from the expiry path, numeric strings included', async () => {
    const { clock, apply } = setup((n) => ({ data: { sessions: [{ token: `tok-${n}` }] }, ttl: '120' }))
    const config = { ...base, expiresInJsonPath: 'ttl' }
    await apply(config)
    clock.advance(59_000)
    expect((await apply(config)).headers['Authorization']).toBe('Bearer tok-1')
    clock.advance(1_000)
    expect((await apply(config)).headers['Authorization']).toBe('Bearer tok-2')
  })

  it('fetches anew after an edit of any field', async () => {
    const { apply } = setup((n) => ({ data: { sessions: [{ token: `tok-${n}` }] } }))
    await apply(base)
    expect((await apply({ ...base, tokenBody: '{"user":"bob"}' })).headers['Authorization']).toBe('Bearer tok-2')
  })

  it('names the path and the keys it found when the token is missing', async () => {
    const { apply } = setup(() => ({ data: {}, status: 'ok' }))
    await expect(apply(base)).rejects.toMatchObject({
      code: 'upstream_invalid',
      message: 'The token response has no string at "data.sessions.0.token".',
      hint: expect.stringContaining('top-level keys: data, status'),
    })
  })

  it('previews a fresh token without touching the cache', async () => {
    const { client, apply } = setup((n) => ({ data: { sessions: [{ token: `tok-${n}` }] } }))
    await apply(base)
    const environment: Environment = { id: 'env', name: 'e', vars: { pw: 'from-var' }, auth: base }
    const preview = await fetchTokenPreview({
      config: { ...base, tokenBody: '{"password":"${pw}"}' },
      environment,
      tokenClient: client,
    })
    expect(preview).toMatchObject({ token: 'tok-2', unresolved: [] })
    expect(client.of('customToken')[1]).toMatchObject({ body: '{"password":"from-var"}' })
    expect((await apply(base)).headers['Authorization']).toBe('Bearer tok-1')
  })
})
