import { readdir } from 'node:fs/promises'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, it } from 'vitest'
import { callbackScript } from '../oauth/callback-page.js'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

/** What a browser sends when a provider redirects the popup here: a cross-site top-level navigation, no token. */
const navigation = {
  host: 'localhost:5080',
  'sec-fetch-site': 'cross-site',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
}

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

describe('GET /oauth-callback', () => {
  it('serves the same static page to the provider redirect, whatever the query, with no token needed', async () => {
    h = await createHarness()
    const a = await h.app.inject({ url: '/oauth-callback?code=CODE-123&state=S-1', headers: navigation })
    const b = await h.app.inject({ url: '/oauth-callback?error=access_denied&state=S-2', headers: navigation })
    expect(a.statusCode).toBe(200)
    expect(a.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(a.body).toBe(b.body)
    expect(a.body).not.toContain('CODE-123')
    expect(a.body).toContain('<script src="/oauth-callback.js"></script>')
    expect(a.headers['cache-control']).toBe('no-store')
    expect(a.headers['referrer-policy']).toBe('no-referrer')
    // Strict CSP: the script is a same-origin file, never inline.
    expect(a.headers['content-security-policy']).toContain("script-src 'self'")
    expect(String(a.headers['content-security-policy'])).not.toContain("script-src 'self' 'unsafe-inline'")
    // The popup keeps its opener across the provider's cross-origin pages; the UI page allows its popups to.
    expect(a.headers['cross-origin-opener-policy']).toBe('unsafe-none')
    const ui = await h.app.inject({ url: '/', headers: { host: 'localhost:5080' } })
    expect(ui.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
    const script = await h.app.inject({ url: '/oauth-callback.js', headers: { host: 'localhost:5080' } })
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(script.body).toBe(callbackScript)
  })

  it('has no side effects: nothing is written and the API is not reached', async () => {
    h = await createHarness()
    const before = await readdir(h.configDir, { recursive: true })
    for (let i = 0; i < 3; i++) {
      await h.app.inject({ url: `/oauth-callback?code=c${i}&state=s`, headers: navigation })
    }
    expect(await readdir(h.configDir, { recursive: true })).toEqual(before)
  })

  it('is the only cross-site exemption, and only for a document navigation to exactly that path', async () => {
    h = await createHarness()
    const refused = async (url: string, headers: Record<string, string>, method: 'GET' | 'POST' = 'GET') =>
      (await h!.app.inject({ method, url, headers })).statusCode
    expect(await refused('/', navigation)).toBe(403)
    expect(await refused('/api/environments', { ...navigation, 'x-workbench-token': 'a'.repeat(64) })).toBe(403)
    expect(await refused('/oauth-callback.js', navigation)).toBe(403)
    expect(await refused('/oauth-callbackx', navigation)).toBe(403)
    expect(await refused('/oauth-callback', { ...navigation, 'sec-fetch-mode': 'cors' })).toBe(403)
    expect(
      await refused('/oauth-callback', { ...navigation, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }),
    ).toBe(403)
    expect(await refused('/oauth-callback', { ...navigation, 'sec-fetch-dest': 'iframe' })).toBe(403)
    expect(await refused('/oauth-callback', navigation, 'POST')).toBe(403)
    // Host and Origin stay checked.
    expect(await refused('/oauth-callback', { ...navigation, host: 'evil.example:5080' })).toBe(403)
    expect(await refused('/oauth-callback', { ...navigation, origin: 'http://evil.example' })).toBe(403)
  })

  it('lives under the mount prefix when embedded', async () => {
    h = await createHarness({ prefix: '/workbench' })
    const page = await h.app.inject({ url: '/workbench/oauth-callback?code=c&state=s', headers: navigation })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<script src="/workbench/oauth-callback.js"></script>')
    const script = await h.app.inject({ url: '/workbench/oauth-callback.js', headers: { host: 'localhost:5080' } })
    expect(script.statusCode).toBe(200)
    expect((await h.app.inject({ url: '/oauth-callback', headers: navigation })).statusCode).toBe(404)
  })
})

interface Posted {
  message: unknown
  targetOrigin: string
}

/** Runs the page script against a minimal window: the opener records what it is sent. */
function runScript(search: string, opener: { closed: boolean } | null) {
  const posted: Posted[] = []
  const status = { textContent: '' }
  let closed = false
  let address = `/oauth-callback${search}`
  const window = {
    location: { search, origin: 'http://localhost:5080', pathname: '/oauth-callback' },
    opener: opener && {
      closed: opener.closed,
      postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
    },
    history: { replaceState: (_s: unknown, _t: string, url: string) => (address = url) },
    close: () => (closed = true),
  }
  runInNewContext(callbackScript, { window, document: { getElementById: () => status }, URLSearchParams })
  return { posted, status: status.textContent, closed, address }
}

describe('the callback page script', () => {
  it('posts code and state to the opener with its own origin as target, wipes the query and closes', () => {
    const run = runScript('?code=abc&state=xyz&iss=http%3A%2F%2Fidp', { closed: false })
    expect(run.posted).toEqual([
      {
        message: { type: 'wirebench-oauth-callback', code: 'abc', state: 'xyz', iss: 'http://idp' },
        targetOrigin: 'http://localhost:5080',
      },
    ])
    expect(run.address).toBe('/oauth-callback')
    expect(run.closed).toBe(true)
  })

  it("passes the provider's error and description on", () => {
    const run = runScript('?error=access_denied&error_description=User+said+no&state=xyz', { closed: false })
    expect(run.posted[0]?.message).toEqual({
      type: 'wirebench-oauth-callback',
      code: '',
      state: 'xyz',
      error: 'access_denied',
      errorDescription: 'User said no',
    })
  })

  it('says what to do when no workbench window opened it, and stays open', () => {
    for (const opener of [null, { closed: true }]) {
      const run = runScript('?code=abc&state=xyz', opener)
      expect(run.posted).toEqual([])
      expect(run.closed).toBe(false)
      expect(run.status).toMatch(/no workbench window is waiting.*click Authorize again/s)
      expect(run.address).toBe('/oauth-callback')
    }
  })
})
