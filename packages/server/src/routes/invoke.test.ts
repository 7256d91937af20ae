import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolsResponse } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { startTarget } from '../test-support/target.test-helpers.js'
import type { Target } from '../test-support/target.test-helpers.js'

describe('POST /api/invoke', () => {
  let h: Harness
  let a: Target
  let b: Target
  beforeAll(async () => {
    ;[h, a, b] = await Promise.all([
      createHarness({ limits: { invokeTimeoutMs: 5000 } }),
      startTarget('A'),
      startTarget('B'),
    ])
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: h.headers,
      payload: { urls: [a.docUrl, b.docUrl] },
    })
    expect(res.statusCode).toBe(200)
  })
  afterAll(async () => {
    await Promise.all([h.close(), a.close(), b.close()])
  })

  const invoke = (payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/api/invoke', headers: h.headers, payload })
  const res200 = (res: Awaited<ReturnType<typeof invoke>>): InvokeResult => {
    expect(res.statusCode).toBe(200)
    return res.json<InvokeResult>()
  }

  it('routes each call back to the origin its service was discovered from', async () => {
    for (const [target, name] of [
      [a, 'A'],
      [b, 'B'],
    ] as const) {
      const res = await invoke({
        protocol: 'rest',
        url: target.docUrl,
        service: 'ident',
        method: 'whoami',
        messages: [{}],
      })
      expect(res.statusCode).toBe(200)
      const result = res.json<InvokeResult>()
      expect(result).toMatchObject({ status: 'OK', response: { server: name } })
      expect(result.metadata.http_status).toBe('200')
    }
  })

  it('accepts the protocol@url spelling of the origin', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: `rest@${b.docUrl}`,
      service: 'ident',
      method: 'whoami',
      messages: [{}],
    })
    expect(res.json<InvokeResult>().response).toEqual({ server: 'B' })
  })

  it('sends metadata as headers and strips transport markers before the wire', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'echo',
      messages: [{ text: 'hi' }],
      metadata: { 'x-note': 'n1', __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'v' }) },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<InvokeResult>().response).toEqual({ server: 'A', body: { text: 'hi' }, note: 'n1' })
  })

  it('answers what was sent (credentials masked) only when asked, and the timings always', async () => {
    const call = {
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'echo',
      messages: [{ text: 'hi' }],
      metadata: { authorization: 'Bearer s3cret', __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'v' }) },
    }
    const plain = res200(await invoke(call))
    expect(plain).not.toHaveProperty('sent')
    expect(plain.timings?.totalMs).toBeGreaterThan(0)
    const asked = res200(await invoke({ ...call, includeSent: true }))
    expect(asked.sent).toMatchObject({ method: 'POST', url: `${new URL(a.docUrl).origin}/echo?k=***` })
    expect(new Map(asked.sent?.headers).get('authorization')).toBe('***')
    expect(JSON.parse(asked.sent?.body ?? '')).toEqual({ text: 'hi' })
    expect(JSON.stringify(asked)).not.toContain('s3cret')
    expect(asked.timings?.totalMs).toBeGreaterThan(0)
  })

  it('honours the cookie-jar marker: the call goes through the environment’s jar instead of being refused', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'echo',
      messages: [{ text: 'hi' }],
      metadata: { __workbenchCookieEnv__: 'env-1' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<InvokeResult>().response).toEqual({ server: 'A', body: { text: 'hi' }, note: null })
  })

  it('answers 400 no_plugin for a protocol id no plugin registered, naming the registered ones', async () => {
    const registered = (await h.app.inject({ url: '/api/protocols', headers: h.headers }))
      .json<ProtocolsResponse>()
      .protocols.map((p) => p.id)
    expect(registered).toContain('rest')
    const res = await invoke({
      protocol: 'smoke-signal',
      url: a.docUrl,
      service: 'ident',
      method: 'whoami',
      messages: [{}],
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'no_plugin', hint: `Registered protocols: ${registered.join(', ')}.` })
  })

  it('answers a problem for a malformed marker', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'whoami',
      messages: [{}],
      metadata: { __workbenchMtls__: 'not json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'invalid_request' })
  })

  it('answers 504 when the target outlives the requested timeout', async () => {
    const started = Date.now()
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'slow',
      messages: [{ ms: 3000 }],
      timeoutMs: 200,
    })
    expect(res.statusCode).toBe(504)
    expect(res.json()).toMatchObject({ code: 'timeout', type: 'urn:wirebench:problem:timeout' })
    expect(Date.now() - started).toBeLessThan(2500)
  })

  it('refuses unknown body properties', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'whoami',
      messages: [],
      evil: 1,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^body/) })]),
    )
  })

  it('refuses a serverUrl pointing at a cloud-metadata address', async () => {
    const res = await invoke({
      protocol: 'rest',
      url: a.docUrl,
      service: 'ident',
      method: 'whoami',
      messages: [{}],
      serverUrl: 'http://169.254.169.254/',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'blocked_target' })
  })
})
