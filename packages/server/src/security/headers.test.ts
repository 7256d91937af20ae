import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { API_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from './headers.js'

const expected = {
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
}

describe('security headers', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ plugins: [] })
  })
  afterAll(() => h.close())

  it('go on every answer: the UI, the API, refusals by the gates, 404s, invalid and oversized bodies', async () => {
    const json = { ...h.headers, 'content-type': 'application/json' }
    const answers = {
      ui: await h.app.inject({ url: '/', headers: h.headers }),
      asset: await h.app.inject({ url: '/assets/app.js', headers: h.headers }),
      api: await h.app.inject({ url: '/api/protocols', headers: h.headers }),
      noToken: await h.app.inject({ url: '/api/protocols', headers: { host: 'localhost:5080' } }),
      foreignHost: await h.app.inject({ url: '/api/protocols', headers: { ...h.headers, host: 'evil.example' } }),
      notFound: await h.app.inject({ url: '/api/nothing-here', headers: h.headers }),
      invalid: await h.app.inject({ method: 'POST', url: '/api/invoke', headers: json, payload: { protocol: 'x' } }),
      badJson: await h.app.inject({ method: 'POST', url: '/api/invoke', headers: json, payload: '{' }),
      tooLarge: await h.app.inject({
        method: 'POST',
        url: '/api/invoke',
        headers: json,
        payload: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    }
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]))).toEqual({
      ui: 200,
      asset: 200,
      api: 200,
      noToken: 401,
      foreignHost: 403,
      notFound: 404,
      invalid: 400,
      badJson: 400,
      tooLarge: 413,
    })
    for (const [name, res] of Object.entries(answers)) expect(res.headers, name).toMatchObject(expected)
    // The page and its assets get the page's policy; every /api answer, refusals included, the API's.
    const policies = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [name, res.headers['content-security-policy']]),
    )
    const { ui, asset, ...api } = policies
    expect({ ui, asset }).toEqual({ ui: CONTENT_SECURITY_POLICY, asset: CONTENT_SECURITY_POLICY })
    for (const [name, policy] of Object.entries(api)) expect(policy, name).toBe(API_CONTENT_SECURITY_POLICY)
  })

  it("give /api answers a policy that lets nothing load or frame them, shorter than the page's", () => {
    expect(API_CONTENT_SECURITY_POLICY).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(API_CONTENT_SECURITY_POLICY.length).toBeLessThan(CONTENT_SECURITY_POLICY.length / 4)
  })

  it('leave a route its own Cross-Origin-Opener-Policy (the OAuth callback page)', async () => {
    const res = await h.app.inject({ url: '/oauth-callback', headers: h.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    expect(res.headers['content-security-policy']).toBeDefined()
  })
})
