/**
 * The session in real Chromium: a page opened with the CLI's one-time ticket trades it for the token and works; a
 * spent ticket, a missing token and a stale token each give one notice saying what to do, and the page asks the
 * server nothing else meanwhile (no second "Unauthorized", no failed environments, no failed URLs).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { startDemo } from '@wirebench/demo'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { urlChip } from './support/workbench-page.js'

describe.runIf(requireChromium())('session token and launch ticket', () => {
  let browser: Browser
  let server: StandaloneServer
  let demo: Awaited<ReturnType<typeof startDemo>>
  let base: string
  let configDir: string

  beforeAll(async () => {
    demo = await startDemo({ host: '127.0.0.1' })
    configDir = await mkdtemp(join(tmpdir(), 'wb-e2e-session-'))
    server = await createStandaloneServer({ port: 0, configDir, demoUrls: demo.urls, logLevel: false })
    base = (await server.listen()).replace('127.0.0.1', 'localhost')
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await demo?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  /** Opens `url` in a fresh tab and records every API request the page makes. */
  async function open(
    url: string,
    options: Parameters<typeof newPage>[1] = {},
  ): Promise<{ page: Page; api: string[]; errors: string[] }> {
    const { page, errors } = await newPage(browser, { colorScheme: 'dark', ...options })
    const api: string[] = []
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      if (path.startsWith('/api/')) api.push(`${request.method()} ${path}`)
    })
    await page.goto(url)
    await page.locator('.app').waitFor()
    return { page, api, errors }
  }

  /** The page's whole text, for what must not appear anywhere. */
  const pageText = (page: Page) => page.locator('body').innerText()

  it('trades the ticket in the address bar for the token, once, and works', async () => {
    const ticket = server.issueTicket()!
    const { page, api, errors } = await open(`${base}/#ticket=${ticket}`)
    await expect.poll(() => urlChip(page, demo.urls[0]!).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
    expect(page.url()).not.toContain('ticket')
    expect(await page.evaluate(() => sessionStorage.getItem('wirebench.token'))).toBe(server.token)
    // The token the exchange handed out is used at once, without a check of its own.
    expect(api[0]).toBe('POST /api/session/ticket')
    expect(api).not.toContain('GET /api/protocols')
    expect(await page.locator('.session-banner').count()).toBe(0)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('says another program may have used a link that comes a second time, to open the new URL; the first tab is out', async () => {
    const ticket = server.issueTicket()!
    const first = await open(`${base}/#ticket=${ticket}`)
    await expect
      .poll(() => urlChip(first.page, demo.urls[0]!).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('ok')
    const firstToken = server.token
    const late = await open(`${base}/#ticket=${ticket}`)
    const banner = late.page.locator('.session-banner')
    await banner.waitFor()
    const text = await banner.innerText()
    expect(text).toMatch(/Another program may have used this sign-in link/)
    expect(text).toMatch(/already used: another program on this computer may have used it/)
    expect(text).toMatch(/Open the new URL the wirebench command just printed in your terminal/)
    expect(late.api).toEqual(['POST /api/session/ticket'])
    expect(await late.page.evaluate(() => sessionStorage.getItem('wirebench.token'))).toBeNull()
    await screenshot(late.page, 'session-ticket-reused-dark')
    // The token the first exchange handed out was replaced: the first tab no longer gets answers.
    expect(server.token).not.toBe(firstToken)
    const refused = await first.page.evaluate(
      async (token) => (await fetch('/api/protocols', { headers: { 'x-workbench-token': token ?? '' } })).status,
      firstToken,
    )
    expect(refused).toBe(401)
    // The new URL the terminal prints works in the same tab.
    await late.page.goto(`${base}/#token=${server.token}`)
    await expect
      .poll(() => urlChip(late.page, demo.urls[0]!).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('ok')
    expect(await late.page.locator('.session-banner').count()).toBe(0)
    expect([...first.errors, ...late.errors]).toEqual([])
    await first.page.context().close()
    await late.page.context().close()
  })

  it('says once that a spent sign-in link no longer works, and how to get in', async () => {
    const ticket = server.issueTicket()!
    const first = await open(`${base}/#ticket=${ticket}`)
    await first.page.context().close()
    // The second presentation raised the alarm (above); later ones only say the link was used.
    await fetch(`${base}/api/session/ticket`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ ticket }),
    })
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['light', { colorScheme: 'light' as const }],
      ['narrow', { colorScheme: 'dark' as const, viewport: { width: 420, height: 860 } }],
    ] as const) {
      const { page, api, errors } = await open(`${base}/#ticket=${ticket}`, options)
      const banner = page.locator('.session-banner')
      await banner.waitFor()
      expect(await banner.innerText()).toMatch(/This sign-in link no longer works/)
      expect(await banner.innerText()).toMatch(/already used/)
      expect(await banner.innerText()).toContain('#token=')
      expect(page.url()).not.toContain('ticket')
      // The exchange was the only request: nothing else failed to show a second notice.
      expect(api).toEqual(['POST /api/session/ticket'])
      await screenshot(page, `session-ticket-used-${name}`)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })

  it('says once, without asking the server anything, that the page has no session token', async () => {
    for (const [name, options] of [
      ['dark', { colorScheme: 'dark' as const }],
      ['light', { colorScheme: 'light' as const }],
      ['narrow', { colorScheme: 'dark' as const, viewport: { width: 420, height: 860 } }],
    ] as const) {
      const { page, api, errors } = await open(`${base}/`, options)
      await page.locator('.session-banner').waitFor()
      // Give any straggling request a moment to show up.
      await page.waitForTimeout(300)
      expect(api).toEqual([])
      expect(await page.locator('[role="alert"]').count()).toBe(1)
      const text = await pageText(page)
      expect(text).toContain('No session token')
      expect(text).toContain('#token=')
      for (const duplicate of ['Unauthorized', 'Environments unavailable', 'could not be discovered']) {
        expect(text).not.toContain(duplicate)
      }
      // One consistent state: nothing that needs the server is offered, nor anything waiting on it.
      for (const stale of ['Loading…', 'No services yet', 'Start by adding a URL', 'Add URL']) {
        expect(text).not.toContain(stale)
      }
      expect(await page.getByLabel('Discovery URL to add').count()).toBe(0)
      expect(await page.locator('.env-switcher, .url-chip, .sidebar, .drawer-toggle').count()).toBe(0)
      await screenshot(page, `session-missing-token-${name}`)
      expect(errors).toEqual([])
      await page.context().close()
    }
  })

  it('shows the workbench as soon as the URL with the token is opened in the same tab', async () => {
    const { page, errors } = await open(`${base}/`)
    await page.locator('.session-banner').waitFor()
    await page.goto(`${base}/#token=${server.token}`)
    await expect.poll(() => urlChip(page, demo.urls[0]!).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
    expect(await page.locator('.session-banner').count()).toBe(0)
    await page.getByRole('combobox', { name: 'Environment', exact: true }).waitFor()
    expect(await page.getByRole('combobox', { name: 'Environment', exact: true }).isEnabled()).toBe(true)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('says once that a token from an earlier start is not accepted', async () => {
    const { page, api, errors } = await open(`${base}/#token=${'0'.repeat(64)}`)
    await page.locator('.session-banner').waitFor()
    await page.waitForTimeout(300)
    expect(api).toEqual(['GET /api/protocols'])
    expect(await page.locator('[role="alert"]').count()).toBe(1)
    const text = await pageText(page)
    expect(text).toContain('The session token was not accepted')
    for (const duplicate of ['Unauthorized', 'Environments unavailable', 'could not be discovered']) {
      expect(text).not.toContain(duplicate)
    }
    expect(errors).toEqual([])
    await page.context().close()
  })
})
