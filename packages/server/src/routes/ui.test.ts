import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClientConfig } from '@wirebench/core'
import { CONTENT_SECURITY_POLICY } from '../security/headers.js'
import { createHarness, makeTempDir, makeUiDir, TEST_TOKEN } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { startTarget } from '../test-support/target.test-helpers.js'
import type { Target } from '../test-support/target.test-helpers.js'
import { workbench } from '../workbench.js'
import { injectClientConfig } from './client-config.js'

function configOf(html: string): ClientConfig {
  const match = /<script type="application\/json" id="wirebench-config">(.*?)<\/script>/s.exec(html)
  if (!match?.[1]) throw new Error('no config script in the page')
  return JSON.parse(match[1]) as ClientConfig
}

describe('the UI at the root', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ lockedUrls: ['http://a.test/openapi.json', 'rest@http://b.test/doc'], demoUrls: [] })
  })
  afterAll(() => h.close())

  it('serves index.html with the config injected, no-store and the strict CSP', async () => {
    const res = await h.app.inject({ url: '/', headers: { host: 'localhost:5080' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.body).not.toContain('<!--wirebench-config-->')
    expect(configOf(res.body)).toEqual({
      prefix: '',
      lockedUrls: ['http://a.test/openapi.json', 'rest@http://b.test/doc'],
      mode: 'standalone',
      version: expect.any(String),
      tokenRequired: true,
      demo: false,
      demoUrls: [],
    })
    expect(res.body).not.toContain(TEST_TOKEN)
  })

  it('serves hashed assets with a long cache and other files revalidated, and never the raw index.html', async () => {
    const asset = await h.app.inject({ url: '/assets/app.js', headers: { host: 'localhost:5080' } })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(asset.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    const icon = await h.app.inject({ url: '/favicon.svg', headers: { host: 'localhost:5080' } })
    expect(icon.statusCode).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
    const raw = await h.app.inject({ url: '/index.html', headers: { host: 'localhost:5080' } })
    expect(raw.statusCode).toBe(308)
    expect(raw.headers.location).toBe('/')
  })

  it('answers unknown paths and path traversal with a 404 problem', async () => {
    for (const url of ['/assets/nope.js', '/assets/../index.html', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await h.app.inject({ url, headers: { host: 'localhost:5080' } })
      expect([404, 308], url).toContain(res.statusCode)
      if (res.statusCode === 404) expect(res.json()).toMatchObject({ code: 'not_found', status: 404 })
      expect(res.body).not.toContain('root:')
    }
  })
})

describe('config injection', () => {
  it('escapes < so a hostile URL cannot close the script element', () => {
    const html = '<html><head><!--wirebench-config--></head><body></body></html>'
    const hostile = 'http://x.test/</script><script>alert(1)</script><!--$&$1'
    const out = injectClientConfig(html, {
      prefix: '',
      lockedUrls: [hostile],
      mode: 'standalone',
      version: '1',
      tokenRequired: true,
      demo: false,
      demoUrls: [],
    })
    expect(out.match(/<\/script>/g)).toHaveLength(1)
    expect(out).not.toContain('<script>alert')
    expect(out).toContain('\\u003c/script\\u003e')
    expect(configOf(out).lockedUrls).toEqual([hostile])
  })
})

describe('mounted at /workbench in a host app', () => {
  let app: ReturnType<typeof Fastify>
  let target: Target
  let uiDir: string
  let configDir: string
  const headers = { host: '127.0.0.1:3000', 'x-workbench-token': TEST_TOKEN }
  beforeAll(async () => {
    target = await startTarget('P')
    uiDir = await makeUiDir()
    app = Fastify({ logger: false })
    app.get('/', () => ({ host: 'app' }))
    await app.register(workbench, {
      prefix: '/workbench',
      configDir: (configDir = await makeTempDir('prefix')),
      uiDir,
      token: TEST_TOKEN,
      mode: 'standalone',
      demoUrls: [target.docUrl],
    })
    await app.ready()
  })
  afterAll(async () => {
    await Promise.all([app.close(), target.close()])
    await Promise.all([uiDir, configDir].map((d) => rm(d, { recursive: true, force: true })))
  })

  it('leaves the host’s own routes alone', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'anything.example' } })
    expect(res.json()).toEqual({ host: 'app' })
  })

  it('redirects the bare prefix to prefix/ and serves the UI there with the prefix in its config', async () => {
    const bare = await app.inject({ url: '/workbench', headers })
    expect(bare.statusCode).toBe(308)
    expect(bare.headers.location).toBe('/workbench/')
    const page = await app.inject({ url: '/workbench/', headers: { host: '127.0.0.1:3000' } })
    expect(page.statusCode).toBe(200)
    expect(configOf(page.body)).toMatchObject({ prefix: '/workbench', demo: true, demoUrls: [target.docUrl] })
    const asset = await app.inject({ url: '/workbench/assets/app.js', headers: { host: '127.0.0.1:3000' } })
    expect(asset.statusCode).toBe(200)
  })

  // Its discovery imports every plugin's protocol stack: under a second here, near 4 s on a busy CI machine.
  it('serves every API route under the prefix, behind the gates', { timeout: 30_000 }, async () => {
    expect((await app.inject({ url: '/workbench/api/protocols', headers })).statusCode).toBe(200)
    expect((await app.inject({ url: '/workbench/api/protocols', headers: { host: '127.0.0.1' } })).statusCode).toBe(401)
    expect((await app.inject({ url: '/workbench/', headers: { host: 'evil.example' } })).statusCode).toBe(403)
    const discover = await app.inject({
      method: 'POST',
      url: '/workbench/api/discover',
      headers,
      payload: { urls: [target.docUrl] },
    })
    expect(discover.statusCode).toBe(200)
    const uploads = await app.inject({ url: '/workbench/api/uploads', headers })
    expect(uploads.json()).toMatchObject({ uploads: [], services: [] })
    const up = await app.inject({
      method: 'POST',
      url: '/workbench/api/openapi/upload?name=x.wsdl',
      headers,
      payload: '<definitions/>',
    })
    expect(up.json()).toMatchObject({ code: 'no_plugin' })
    const del = await app.inject({ method: 'DELETE', url: '/workbench/api/uploads/none.yaml', headers })
    expect(del.statusCode).toBe(404)
    const invoke = await app.inject({
      method: 'POST',
      url: '/workbench/api/invoke',
      headers,
      payload: { protocol: 'rest', url: target.docUrl, service: 'ident', method: 'whoami', messages: [{}] },
    })
    expect(invoke.statusCode).toBe(200)
    expect(invoke.json()).toMatchObject({ status: 'OK', response: { server: 'P' } })
  })
})

describe('UI not built', () => {
  it('answers GET / with a page that says to run the build', async () => {
    const emptyUi = await makeTempDir('noui')
    await writeFile(join(emptyUi, 'README'), 'nothing here')
    const h = await createHarness({ uiDir: emptyUi })
    try {
      const res = await h.app.inject({ url: '/', headers: { host: 'localhost' } })
      expect(res.statusCode).toBe(503)
      expect(res.body).toContain('npm run build')
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    } finally {
      await h.close()
      await rm(emptyUi, { recursive: true, force: true })
    }
  })
})
