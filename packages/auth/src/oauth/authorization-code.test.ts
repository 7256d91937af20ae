import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { OAuth2AuthorizationCodeAuth } from '../environment.js'
import { manualClock, recordingClient } from '../proxy/recording-client.test-helpers.js'
import { createAuthorizationCodeStore, type AuthorizationStatus } from './authorization-code.js'
import { codeChallengeS256 } from './pkce.js'

const config: OAuth2AuthorizationCodeAuth = {
  type: 'oauth2_ac',
  authorizationUrl: 'https://idp.example/authorize?prompt=login',
  tokenUrl: 'https://idp.example/token',
  clientId: 'spa',
  clientSecret: '',
  scope: 'openid offline_access',
}
const redirectUri = 'http://localhost:5080/oauth-callback'

function setup(options: { expiresIn?: number; refreshToken?: boolean } = {}) {
  const clock = manualClock()
  const client = recordingClient((method, _body, n) => ({
    access_token: `${method}-${n}`,
    expires_in: options.expiresIn ?? 300,
    ...(options.refreshToken === false ? {} : { refresh_token: `rt-${method}-${n}` }),
  }))
  const store = createAuthorizationCodeStore({ clock: clock.now, tokenClient: client })
  const authorize = async (environmentId = 'env', c = config) => {
    const started = await store.startAuthorization({ environmentId, config: c, redirectUri })
    await store.completeAuthorization({ code: 'the-code', state: started.state })
    return started
  }
  return { clock, client, store, authorize }
}

describe('authorization code + PKCE store', () => {
  it('builds the authorize URL with an S256 challenge of the verifier, a state and the redirect URI', async () => {
    const { store } = setup()
    const started = await store.startAuthorization({ environmentId: 'env', config, redirectUri })
    const url = new URL(started.url)
    expect(url.origin + url.pathname).toBe('https://idp.example/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prompt: 'login',
      response_type: 'code',
      client_id: 'spa',
      redirect_uri: redirectUri,
      scope: 'openid offline_access',
      state: started.state,
      code_challenge: await codeChallengeS256(started.codeVerifier),
      code_challenge_method: 'S256',
    })
  })

  it('exchanges the code with the verifier and leaves clientSecret out for a public client', async () => {
    const { client, store, authorize } = setup()
    const started = await authorize()
    expect(client.of('codeExchange')).toEqual([
      { tokenUrl: config.tokenUrl, code: 'the-code', redirectUri, clientId: 'spa', codeVerifier: started.codeVerifier },
    ])
    expect(store.status('env')).toEqual({ authorized: true, expiresAt: 1_700_000_300_000 })
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('codeExchange-1')
  })

  it('sends clientSecret for a confidential client', async () => {
    const { client, authorize } = setup()
    await authorize('env', { ...config, clientSecret: 'shh' })
    expect(client.of('codeExchange')[0]).toMatchObject({ clientSecret: 'shh' })
  })

  it('refuses a callback whose state it did not issue, and a state used twice', async () => {
    const { client, store } = setup()
    const started = await store.startAuthorization({ environmentId: 'env', config, redirectUri })
    await expect(store.completeAuthorization({ code: 'c', state: 'forged' })).rejects.toMatchObject({
      code: 'forbidden',
    })
    await store.completeAuthorization({ code: 'c', state: started.state })
    await expect(store.completeAuthorization({ code: 'c', state: started.state })).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect(client.of('codeExchange')).toHaveLength(1)
  })

  it('refuses a sign-in completed more than 10 minutes after it started', async () => {
    const { clock, store } = setup()
    const started = await store.startAuthorization({ environmentId: 'env', config, redirectUri })
    clock.advance(10 * 60_000 + 1)
    await expect(store.completeAuthorization({ code: 'c', state: started.state })).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('refreshes once within 60 s of expiry without a scope (RFC 6749 §6: the granted one), keeping the refresh token when none comes back', async () => {
    const { clock, client, store, authorize } = setup()
    await authorize()
    clock.advance(239_000)
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('codeExchange-1')
    clock.advance(1_000)
    const [a, b] = await Promise.all([
      store.getAccessToken({ environmentId: 'env', config }),
      store.getAccessToken({ environmentId: 'env', config }),
    ])
    expect([a, b]).toEqual(['refresh-1', 'refresh-1'])
    expect(client.of('refresh')).toEqual([
      { tokenUrl: config.tokenUrl, refreshToken: 'rt-codeExchange-1', clientId: 'spa', scope: '' },
    ])
    expect(store.status('env').expiresAt).toBe(1_700_000_540_000)
  })

  it('refreshes a short-lived token at half its lifetime, not on every call', async () => {
    const { clock, client, store, authorize } = setup({ expiresIn: 30 })
    await authorize()
    clock.advance(14_999)
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('codeExchange-1')
    expect(client.of('refresh')).toHaveLength(0)
    clock.advance(1) // exactly 15 s left of 30
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('refresh-1')
  })

  /** A store holding a 100 s token whose refresh fails `failures` times with `error`, then succeeds. */
  async function failingRefresh(error: () => unknown, failures = 1) {
    const clock = manualClock()
    const client = recordingClient((method, _body, n) => {
      if (method === 'refresh' && n <= failures) throw error()
      return { access_token: `${method}-${n}`, expires_in: 100, refresh_token: 'rt' }
    })
    const store = createAuthorizationCodeStore({ clock: clock.now, tokenClient: client })
    const started = await store.startAuthorization({ environmentId: 'env', config, redirectUri })
    await store.completeAuthorization({ code: 'c', state: started.state })
    clock.advance(51_000) // 49 s left: inside the 50 s margin of a 100 s token
    return { client, store }
  }

  it('signs out when the provider rejects the refresh (4xx, e.g. invalid_grant), and says to authorize again', async () => {
    const rejected = () =>
      new WorkbenchError('upstream_error', 'The token endpoint answered HTTP 400 (invalid_grant).', {
        details: { upstreamStatus: 400, error: 'invalid_grant' },
      })
    const { client, store } = await failingRefresh(rejected)
    await expect(store.getAccessToken({ environmentId: 'env', config })).rejects.toMatchObject({
      code: 'unauthorized',
      hint: 'Click Authorize to sign in again.',
    })
    expect(store.status('env')).toEqual({ authorized: false, expiresAt: null })
    await expect(store.getAccessToken({ environmentId: 'env', config })).rejects.toMatchObject({ code: 'unauthorized' })
    expect(client.of('refresh')).toHaveLength(1)
  })

  it.each([
    ['a timeout', () => new WorkbenchError('timeout', 'The token request timed out.'), 'timeout'],
    [
      'an unreachable provider',
      () => new WorkbenchError('upstream_unreachable', 'ECONNREFUSED'),
      'upstream_unreachable',
    ],
    [
      'a provider failing with 5xx',
      () => new WorkbenchError('upstream_error', 'HTTP 503', { details: { upstreamStatus: 503 } }),
      'upstream_error',
    ],
    ['a cancellation (DOMException AbortError)', () => new DOMException('aborted', 'AbortError'), 'cancelled'],
    ['a cancellation (WorkbenchError)', () => new WorkbenchError('cancelled', 'The call was cancelled.'), 'cancelled'],
  ])('keeps the session after %s during refresh and retries on the next call', async (_name, error, code) => {
    const { client, store } = await failingRefresh(error)
    await expect(store.getAccessToken({ environmentId: 'env', config })).rejects.toMatchObject({ code })
    expect(store.status('env').authorized).toBe(true)
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('refresh-2')
    expect(client.of('refresh')).toEqual([
      expect.objectContaining({ refreshToken: 'rt' }),
      expect.objectContaining({ refreshToken: 'rt' }),
    ])
  })

  it('uses a token without refresh_token until it expires, then reports not authorized', async () => {
    const { clock, store, authorize } = setup({ refreshToken: false })
    await authorize()
    clock.advance(270_000)
    expect(await store.getAccessToken({ environmentId: 'env', config })).toBe('codeExchange-1')
    clock.advance(30_000)
    await expect(store.getAccessToken({ environmentId: 'env', config })).rejects.toMatchObject({ code: 'unauthorized' })
  })

  it('notifies subscribers, wipes on a config edit, and signs out per environment', async () => {
    const { store, authorize } = setup()
    const seen: AuthorizationStatus[] = []
    const unsubscribe = store.subscribe('env', (s) => seen.push(s))
    await authorize('env')
    await authorize('other')
    store.syncConfig('env', config)
    expect(store.status('env').authorized).toBe(true)
    store.syncConfig('env', { ...config, scope: 'openid' })
    expect(store.status('env')).toEqual({ authorized: false, expiresAt: null })
    await expect(store.getAccessToken({ environmentId: 'env', config })).rejects.toMatchObject({ code: 'unauthorized' })
    store.signOut('other')
    expect(store.status('other').authorized).toBe(false)
    unsubscribe()
    await authorize('env')
    expect(seen).toEqual([
      { authorized: true, expiresAt: 1_700_000_300_000 },
      { authorized: false, expiresAt: null },
    ])
  })

  it('wipes the session when a call arrives with different config fields', async () => {
    const { store, authorize } = setup()
    await authorize()
    await expect(
      store.getAccessToken({ environmentId: 'env', config: { ...config, clientId: 'other' } }),
    ).rejects.toMatchObject({
      code: 'unauthorized',
    })
    expect(store.status('env').authorized).toBe(false)
  })

  it('refuses authorization URLs that are not http(s)', async () => {
    const { store } = setup()
    await expect(
      store.startAuthorization({
        environmentId: 'env',
        config: { ...config, authorizationUrl: 'javascript:alert(1)' },
        redirectUri,
      }),
    ).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('http or https') })
  })
})
