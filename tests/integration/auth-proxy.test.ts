/**
 * The token proxy routes over real sockets against a token endpoint of our own: byte-exact pass-through, what each
 * grant sends, and every failure SPEC.md turns into a 502 (unreachable, non-2xx, not JSON, too slow), plus the
 * outbound policy (cloud metadata refused before any connection, no redirects followed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem } from '@wirebench/core'
import { defaultLimits } from '@wirebench/server'
import { FIXED_TOKEN_BODY, closedPort, startTokenServer } from '../servers/token/token-server.js'
import type { TokenServer } from '../servers/token/token-server.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

const secret = 'client-secret-5b2e'
let tokens: TokenServer
let wb: TestWorkbench

beforeAll(async () => {
  tokens = await startTokenServer()
  wb = await startWorkbench({ limits: { tokenProxyTimeoutMs: 400 } })
})
afterAll(async () => {
  await wb?.close()
  await tokens?.close()
})

const clientCredentials = (tokenUrl: string, overrides: Record<string, string> = {}) =>
  wb.api('/api/auth/oauth-token', {
    body: { tokenUrl, clientId: 'svc', clientSecret: secret, scope: '', audience: '', ...overrides },
  })

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toContain('application/problem+json')
  return (await response.json()) as Problem
}

function lastReceived() {
  const last = tokens.received.at(-1)
  if (!last) throw new Error('the token server received nothing')
  return last
}

describe('token proxy pass-through', () => {
  it("returns the token endpoint's body byte for byte with status 200, and never caches it", async () => {
    const res = await clientCredentials(`${tokens.origin}/fixed`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toBe(FIXED_TOKEN_BODY)
  })

  it('sends client_credentials as a form with client_secret_basic, and scope and audience only when set', async () => {
    await clientCredentials(`${tokens.origin}/echo`)
    const bare = lastReceived()
    expect(bare.method).toBe('POST')
    expect(bare.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(bare.headers.authorization).toBe(`Basic ${Buffer.from(`svc:${secret}`).toString('base64')}`)
    expect(bare.body).toBe('grant_type=client_credentials')
    await clientCredentials(`${tokens.origin}/echo`, { scope: 'read write', audience: 'https://api.example' })
    expect(new URLSearchParams(lastReceived().body)).toEqual(
      new URLSearchParams({ grant_type: 'client_credentials', scope: 'read write', audience: 'https://api.example' }),
    )
  })

  it('sends a public client id in the body and a confidential one as basic auth, for code exchange and refresh', async () => {
    const exchange = { tokenUrl: `${tokens.origin}/echo`, code: 'c0de', redirectUri: 'http://localhost:1/cb' }
    await wb.api('/api/auth/oauth-code-exchange', {
      body: { ...exchange, clientId: 'pub', codeVerifier: 'v'.repeat(43) },
    })
    expect(lastReceived().headers.authorization).toBeUndefined()
    expect(Object.fromEntries(new URLSearchParams(lastReceived().body))).toEqual({
      grant_type: 'authorization_code',
      code: 'c0de',
      redirect_uri: 'http://localhost:1/cb',
      code_verifier: 'v'.repeat(43),
      client_id: 'pub',
    })
    await wb.api('/api/auth/oauth-refresh', {
      body: {
        tokenUrl: `${tokens.origin}/echo`,
        refreshToken: 'r1',
        clientId: 'conf',
        clientSecret: secret,
        scope: 'a',
      },
    })
    expect(lastReceived().headers.authorization).toBe(`Basic ${Buffer.from(`conf:${secret}`).toString('base64')}`)
    expect(Object.fromEntries(new URLSearchParams(lastReceived().body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'r1',
      scope: 'a',
    })
  })

  it('sends a custom token request as written (method, content type, body, headers) and passes any JSON back', async () => {
    const custom = {
      tokenUrl: `${tokens.origin}/echo?tenant=t1`,
      method: 'PUT',
      contentType: 'application/json',
      body: '{"user":"u","password":"pw-77"}',
      headers: { 'X-Tenant': 't1' },
    }
    const res = await wb.api('/api/auth/custom-token', { body: custom })
    expect(res.status).toBe(200)
    const echoed = (await res.json()) as { method: string; headers: Record<string, string>; body: string }
    expect(echoed.method).toBe('PUT')
    expect(echoed.body).toBe(custom.body)
    expect(echoed.headers['content-type']).toBe('application/json')
    expect(echoed.headers['x-tenant']).toBe('t1')
    const get = await wb.api('/api/auth/custom-token', { body: { ...custom, method: 'GET' } })
    expect(get.status).toBe(200)
    expect(lastReceived()).toMatchObject({ method: 'GET', body: '' })
    const array = await wb.api('/api/auth/custom-token', { body: { ...custom, tokenUrl: `${tokens.origin}/array` } })
    expect(await array.json()).toEqual([{ token: 'in-array' }])
  })

  it('refuses a custom header the transport owns, before sending anything', async () => {
    const before = tokens.received.length
    const res = await wb.api('/api/auth/custom-token', {
      body: { tokenUrl: `${tokens.origin}/echo`, method: 'POST', contentType: '', body: '', headers: { Host: 'x' } },
    })
    expect(res.status).toBe(400)
    expect(tokens.received.length).toBe(before)
  })
})

describe('token proxy failures (502)', () => {
  it('answers 502 when nothing listens at the token URL', async () => {
    const res = await clientCredentials(`http://127.0.0.1:${await closedPort()}/token`)
    expect(res.status).toBe(502)
    const problem = await problemOf(res)
    expect(problem.code).toBe('upstream_unreachable')
    expect(problem.detail).toMatch(/connection refused/)
  })

  it("answers 502 naming the upstream status and the provider's error, without echoing the request", async () => {
    const res = await clientCredentials(`${tokens.origin}/denied`)
    expect(res.status).toBe(502)
    const problem = await problemOf(res)
    expect(problem.code).toBe('upstream_error')
    expect(problem.detail).toContain('HTTP 400')
    expect(problem.detail).toContain('invalid_client: Client authentication failed.')
    expect(JSON.stringify(problem)).not.toContain(secret)
    const plain = await problemOf(await clientCredentials(`${tokens.origin}/broken`))
    expect(plain.status).toBe(502)
    expect(plain.detail).toContain('HTTP 503')
  })

  it('answers 502 when a 2xx answer is not JSON (a login page, or nothing)', async () => {
    for (const path of ['/html', '/empty']) {
      const res = await clientCredentials(`${tokens.origin}${path}`)
      expect(res.status).toBe(502)
      expect((await problemOf(res)).code).toBe('upstream_invalid')
    }
  })

  it('answers 502 when the endpoint accepts the connection and never answers in time', async () => {
    const res = await clientCredentials(`${tokens.origin}/stall`)
    expect(res.status).toBe(502)
    const problem = await problemOf(res)
    expect(problem.code).toBe('timeout')
    expect(problem.detail).toMatch(/did not answer in time after 400 ms/)
  })

  it('keeps the 15 s proxy timeout of SPEC.md as the default', () => {
    expect(defaultLimits.tokenProxyTimeoutMs).toBe(15_000)
  })

  it('does not follow a redirect: the 3xx itself is the failure', async () => {
    const before = tokens.received.length
    const res = await clientCredentials(`${tokens.origin}/redirect`)
    expect(res.status).toBe(502)
    const problem = await problemOf(res)
    expect(problem.detail).toContain('HTTP 302')
    expect(problem.hint).toMatch(/redirect/)
    expect(tokens.received.slice(before).map((r) => r.path)).toEqual(['/redirect'])
  })

  it('answers 502 to an answer larger than 1 MB instead of holding it', async () => {
    const res = await clientCredentials(`${tokens.origin}/huge`)
    expect(res.status).toBe(502)
    expect((await problemOf(res)).detail).toMatch(/more than 1048576 bytes/)
  })

  it('refuses cloud-metadata addresses (403) in every spelling, and schemes other than http(s)', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://[::ffff:169.254.169.254]/token',
      'http://2852039166/token',
      'http://metadata.google.internal/computeMetadata/v1/token',
    ]) {
      const res = await clientCredentials(url)
      expect(res.status, url).toBe(403)
      expect((await problemOf(res)).code).toBe('blocked_target')
    }
    const file = await clientCredentials('file:///etc/passwd')
    expect(file.status).toBe(403)
    const ws = await clientCredentials('ws://127.0.0.1:1/token')
    expect(ws.status).toBe(403)
  })

  it('rejects a body that is not the route’s shape (400), and needs the session token (401)', async () => {
    expect((await wb.api('/api/auth/oauth-token', { body: { tokenUrl: `${tokens.origin}/fixed` } })).status).toBe(400)
    const res = await fetch(`${wb.base}/api/auth/oauth-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tokenUrl: `${tokens.origin}/fixed`,
        clientId: 'a',
        clientSecret: 'b',
        scope: '',
        audience: '',
      }),
    })
    expect(res.status).toBe(401)
  })
})
