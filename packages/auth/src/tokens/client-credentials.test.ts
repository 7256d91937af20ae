import { WorkbenchError } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { OAuth2ClientCredentialsAuth } from '../environment.js'
import { manualClock, recordingClient } from '../proxy/recording-client.test-helpers.js'
import { clientCredentialsToken } from './client-credentials.js'
import { createTokenCache } from './token-cache.js'

const config: OAuth2ClientCredentialsAuth = {
  type: 'oauth2_cc',
  tokenUrl: 'http://127.0.0.1:9/token',
  clientId: 'app',
  clientSecret: 's3cret',
  scope: 'read write',
  audience: 'api',
}

function setup(expiresIn: number | null = 300) {
  const clock = manualClock()
  const client = recordingClient((_m, _b, n) => ({
    access_token: `at-${n}`,
    token_type: 'Bearer',
    ...(expiresIn === null ? {} : { expires_in: expiresIn }),
  }))
  const cache = createTokenCache({ clock: clock.now })
  const get = (c: OAuth2ClientCredentialsAuth = config, signal?: AbortSignal) =>
    clientCredentialsToken({
      config: c,
      tokenClient: client,
      cache,
      clock: clock.now,
      ...(signal ? { signal } : {}),
    }).then((t) => t.accessToken)
  return { clock, client, get }
}

describe('clientCredentialsToken', () => {
  it('posts the SPEC body once and reuses the token until 60 s before expires_in', async () => {
    const { clock, client, get } = setup(300)
    expect(await get()).toBe('at-1')
    expect(client.of('oauthToken')).toEqual([
      { tokenUrl: config.tokenUrl, clientId: 'app', clientSecret: 's3cret', scope: 'read write', audience: 'api' },
    ])
    clock.advance(239_000)
    expect(await get()).toBe('at-1')
    clock.advance(1_000)
    expect(await get()).toBe('at-2')
  })

  it('keeps one token per (tokenUrl, clientId, scope, audience)', async () => {
    const { get } = setup()
    expect(await get()).toBe('at-1')
    expect(await get({ ...config, scope: 'read' })).toBe('at-2')
    expect(await get({ ...config, audience: 'other' })).toBe('at-3')
    expect(await get()).toBe('at-1')
  })

  it('fetches anew when any field changes, the secret included', async () => {
    const { get } = setup()
    expect(await get()).toBe('at-1')
    expect(await get({ ...config, clientSecret: 'rotated' })).toBe('at-2')
  })

  it('shares one request between concurrent calls', async () => {
    const { client, get } = setup()
    expect(await Promise.all([get(), get(), get()])).toEqual(['at-1', 'at-1', 'at-1'])
    expect(client.of('oauthToken')).toHaveLength(1)
  })

  it('assumes one hour when the provider sends no expires_in', async () => {
    const { clock, get } = setup(null)
    await get()
    clock.advance(3_539_000)
    expect(await get()).toBe('at-1')
    clock.advance(1_000)
    expect(await get()).toBe('at-2')
  })

  it('lets one caller stop waiting without cancelling the shared fetch', async () => {
    const { client, get } = setup()
    const controller = new AbortController()
    const first = get(config, controller.signal)
    const second = get()
    controller.abort()
    await expect(first).rejects.toMatchObject({ code: 'cancelled' })
    expect(await second).toBe('at-1')
    expect(client.of('oauthToken')).toHaveLength(1)
  })

  it('turns a response without access_token into an upstream_invalid error naming the provider error', async () => {
    const clock = manualClock()
    const client = recordingClient(() => ({ error: 'invalid_client', error_description: 'bad secret' }))
    const error = await clientCredentialsToken({
      config,
      tokenClient: client,
      cache: createTokenCache(),
      clock: clock.now,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkbenchError)
    expect(error).toMatchObject({
      code: 'upstream_invalid',
      message: expect.stringContaining('invalid_client (bad secret)'),
    })
  })
})
