import { readdir } from 'node:fs/promises'
import { SESSION_PROBLEM_TYPE } from '@wirebench/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, TEST_TOKEN } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

describe('security gates', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ plugins: [], allowedHosts: ['wb.example.test'] })
  })
  afterAll(() => h.close())

  it('answers API calls that carry the launch token from a loopback Host', async () => {
    for (const host of ['localhost:5080', '127.0.0.1:1', '[::1]:5080', 'localhost']) {
      const res = await h.app.inject({ url: '/api/protocols', headers: { host, 'x-workbench-token': TEST_TOKEN } })
      expect(res.statusCode, host).toBe(200)
    }
  })

  it('refuses a forged Host header (DNS rebinding) on the API, the UI and the assets', async () => {
    for (const url of ['/api/protocols', '/', '/assets/app.js', '/no-such-route']) {
      const res = await h.app.inject({ url, headers: { ...h.headers, host: 'evil.example:5080' } })
      expect(res.statusCode, url).toBe(403)
      expect(res.headers['content-type']).toContain('application/problem+json')
      expect(res.json()).toMatchObject({ status: 403, code: 'forbidden', type: SESSION_PROBLEM_TYPE })
    }
  })

  it('refuses Host names that only look like loopback', async () => {
    for (const host of ['localhost.evil.example', '127.0.0.1.nip.io:5080', '0.0.0.0:5080', '127.0.0.2:5080']) {
      const res = await h.app.inject({ url: '/', headers: { host } })
      expect(res.statusCode, host).toBe(403)
    }
  })

  it('admits a configured public host, on any port', async () => {
    const res = await h.app.inject({ url: '/api/protocols', headers: { ...h.headers, host: 'wb.example.test:8443' } })
    expect(res.statusCode).toBe(200)
  })

  it('refuses a foreign Origin, even with the right token', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/discover',
      headers: { ...h.headers, origin: 'http://evil.example' },
      payload: { urls: ['http://127.0.0.1:1/'] },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'forbidden', detail: 'Cross-origin requests are refused.' })
  })

  it('refuses an Origin on another port of the same host, and the opaque null origin', async () => {
    for (const origin of ['http://localhost:3000', 'null', 'https://localhost:5080']) {
      const res = await h.app.inject({ url: '/api/protocols', headers: { ...h.headers, origin } })
      expect(res.statusCode, origin).toBe(403)
    }
  })

  it('accepts the workbench’s own origin', async () => {
    const res = await h.app.inject({
      url: '/api/protocols',
      headers: { ...h.headers, origin: 'http://localhost:5080' },
    })
    expect(res.statusCode).toBe(200)
  })

  it('refuses cross-site fetch metadata, also on GET / (no Origin sent)', async () => {
    for (const url of ['/', '/api/protocols']) {
      const res = await h.app.inject({ url, headers: { ...h.headers, 'sec-fetch-site': 'cross-site' } })
      expect(res.statusCode, url).toBe(403)
    }
    const same = await h.app.inject({ url: '/', headers: { ...h.headers, 'sec-fetch-site': 'same-origin' } })
    expect(same.statusCode).toBe(200)
  })

  it('answers 401 to API calls with a missing or wrong token, before parsing the body', async () => {
    const missing = await h.app.inject({ url: '/api/protocols', headers: { host: 'localhost:5080' } })
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toMatchObject({ code: 'unauthorized', detail: 'The session token is missing.' })
    for (const token of ['b'.repeat(64), TEST_TOKEN.slice(1), `${TEST_TOKEN}a`, '']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/discover',
        headers: { host: 'localhost:5080', 'x-workbench-token': token, 'content-type': 'application/json' },
        payload: '{not json',
      })
      expect(res.statusCode, token).toBe(401)
    }
  })

  it('guards API routes however the path is spelled on the wire', async () => {
    for (const url of ['/%61pi/protocols', '/api/protocols?x=1', '/api/protocols/']) {
      const res = await h.app.inject({ url, headers: { host: 'localhost:5080' } })
      expect(res.statusCode, url).toBe(401)
    }
  })

  it('guards unknown API paths with the token too', async () => {
    const res = await h.app.inject({ url: '/api/nothing-here', headers: { host: 'localhost:5080' } })
    expect(res.statusCode).toBe(401)
  })

  it('serves the UI and its assets without a token (browsers navigate without custom headers)', async () => {
    const index = await h.app.inject({ url: '/', headers: { host: 'localhost:5080' } })
    expect(index.statusCode).toBe(200)
    const asset = await h.app.inject({ url: '/assets/app.js', headers: { host: 'localhost:5080' } })
    expect(asset.statusCode).toBe(200)
  })

  it('sends no CORS headers, even to a preflight', async () => {
    const res = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/invoke',
      headers: { host: 'localhost:5080', 'access-control-request-method': 'POST' },
    })
    expect(Object.keys(res.headers).filter((k) => k.startsWith('access-control-'))).toEqual([])
  })
})

describe('in a case-insensitive host router', () => {
  it('still demands the token for /API/…', async () => {
    const { default: Fastify } = await import('fastify')
    const { workbench } = await import('../workbench.js')
    const { makeTempDir } = await import('../test-support/harness.test-helpers.js')
    const { rm } = await import('node:fs/promises')
    const configDir = await makeTempDir('case')
    const app = Fastify({ logger: false, routerOptions: { caseSensitive: false } })
    await app.register(workbench, { prefix: '/wb', configDir, plugins: [], token: TEST_TOKEN, uiDir: null })
    try {
      const open = await app.inject({
        url: '/WB/API/protocols',
        headers: { host: 'localhost', 'x-workbench-token': TEST_TOKEN },
      })
      expect(open.statusCode).toBe(200)
      const res = await app.inject({ url: '/WB/API/protocols', headers: { host: 'localhost' } })
      expect(res.statusCode).toBe(401)
    } finally {
      await app.close()
      await rm(configDir, { recursive: true, force: true })
    }
  })
})

describe('--no-token', () => {
  it('serves the API without a token when the token is null, and still checks Host and Origin', async () => {
    const h = await createHarness({ plugins: [], token: null })
    try {
      const ok = await h.app.inject({ url: '/api/protocols', headers: { host: '127.0.0.1:5080' } })
      expect(ok.statusCode).toBe(200)
      const forged = await h.app.inject({ url: '/api/protocols', headers: { host: 'evil.example' } })
      expect(forged.statusCode).toBe(403)
      const foreign = await h.app.inject({
        url: '/api/protocols',
        headers: { host: '127.0.0.1:5080', origin: 'http://evil.example' },
      })
      expect(foreign.statusCode).toBe(403)
    } finally {
      await h.close()
    }
  })

  it('keeps the API closed when no token is given at all', async () => {
    const h = await createHarness({ plugins: [], token: undefined })
    try {
      const res = await h.app.inject({ url: '/api/protocols', headers: { host: '127.0.0.1:5080' } })
      expect(res.statusCode).toBe(401)
    } finally {
      await h.close()
    }
  })
})

describe('embedded mode', () => {
  it('runs the host’s authorize hook after the gates on every route: API, UI page, assets and OAuth callback', async () => {
    const seen: string[] = []
    const h = await createHarness({
      plugins: [],
      mode: 'embedded',
      authorize: (request) => {
        seen.push(request.url)
        return request.headers['x-host-session'] === 'ok'
      },
    })
    try {
      const session = { 'x-host-session': 'ok' }
      const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' }
      for (const [url, headers] of [
        ['/api/protocols', h.headers],
        ['/', { host: 'localhost:5080' }],
        ['/assets/app.js', { host: 'localhost:5080' }],
        ['/favicon.svg', { host: 'localhost:5080' }],
        ['/oauth-callback?code=c&state=s', { host: 'localhost:5080', ...navigation }],
        ['/oauth-callback.js', { host: 'localhost:5080' }],
        ['/no-such-page', { host: 'localhost:5080' }],
      ] as const) {
        const denied = await h.app.inject({ url, headers })
        expect(denied.statusCode, url).toBe(403)
        expect(denied.body, url).not.toContain('wirebench")')
        const allowed = await h.app.inject({ url, headers: { ...headers, ...session } })
        expect(allowed.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200)
      }
      // The built-in gates decide first: without the session token the hook is not even asked.
      seen.length = 0
      const noToken = await h.app.inject({ url: '/api/protocols', headers: { host: 'localhost', ...session } })
      expect(noToken.statusCode).toBe(401)
      expect(seen).toEqual([])
    } finally {
      await h.close()
    }
  })

  it('answers 403 when the host’s authorize hook throws, and nothing behind it runs', async () => {
    const h = await createHarness({
      mode: 'embedded',
      authorize: (request) => {
        if (request.headers['x-break'] !== undefined) throw new Error('session store down')
        return true
      },
    })
    try {
      const document = {
        version: 1,
        environments: [{ id: 'e', name: 'E', vars: { key: 'v' }, auth: { type: 'none' } }],
        activeEnvironmentId: 'e',
      }
      const broken = { ...h.headers, 'x-break': '1' }
      for (const [method, url] of [
        ['PUT', '/api/environments'],
        ['GET', '/'],
        ['GET', '/assets/app.js'],
      ] as const) {
        const res = await h.app.inject({
          method,
          url,
          headers: broken,
          ...(method === 'PUT' ? { payload: { document } } : {}),
        })
        expect(res.statusCode, url).toBe(403)
        expect(res.json(), url).toMatchObject({ code: 'forbidden' })
        expect(res.body).not.toContain('session store down')
      }
      // The spy: the refused save wrote nothing, while the same save with a working hook does.
      expect(await readdir(h.configDir)).not.toContain('environments.json')
      const saved = await h.app.inject({
        method: 'PUT',
        url: '/api/environments',
        headers: h.headers,
        payload: { document },
      })
      expect(saved.statusCode).toBe(200)
      expect(await readdir(h.configDir)).toContain('environments.json')
    } finally {
      await h.close()
    }
  })

  it('refuses to mount under NODE_ENV=production without allowInProduction and authorize', async () => {
    const previous = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      await expect(createHarness({ plugins: [], mode: 'embedded' })).rejects.toThrow(/allowInProduction/)
      const h = await createHarness({ plugins: [], mode: 'embedded', allowInProduction: true, authorize: () => true })
      await h.close()
    } finally {
      process.env.NODE_ENV = previous
    }
  })
})
