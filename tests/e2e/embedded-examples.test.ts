/**
 * The embedded examples in real Chromium: the workbench mounted in the bookshop host lists the host's routes with tags
 * and deprecation in the sidebar, shows it is embedded, and a call reaches the host (Fastify through inject()).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import '../support/express5-in-vitest.js'
import { createBookshop as createExpressBookshop } from '../../examples/embedded-express/server.mjs'
import { createBookshop as createFastifyBookshop } from '../../examples/embedded-fastify/server.mjs'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { liveFacts, receivedPreviews, waitForLiveStatus } from './support/live-page.js'
import {
  fieldInput,
  methodRow,
  openMethod,
  openWorkbench,
  sendWithShortcut,
  urlChip,
} from './support/workbench-page.js'

const token = 'embedded-e2e-token-0123456789abcdef0123456789abcdef0123'

describe.runIf(requireChromium())('embedded examples in the browser', () => {
  let browser: Browser
  let configDir: string
  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-embed-e2e-'))
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('Fastify: lists the host routes with tags and deprecation, shows the host, calls a route', async () => {
    const app = await createFastifyBookshop({
      logger: false,
      workbench: { configDir, token, announce: false, name: 'bookshop' },
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    try {
      for (const scheme of ['dark', 'light'] as const) {
        const { page, errors } = await newPage(browser, { colorScheme: scheme })
        await openWorkbench(page, `${origin}/workbench/#token=${token}`)
        await expect.poll(() => urlChip(page, origin).getAttribute('data-status'), { timeout: 15_000 }).toBe('ok')
        expect(await page.locator('.embedded-badge').textContent()).toMatch(/bookshop.*Fastify · 5 routes/)
        // The host's own origin is labelled as the host, not as a demo URL.
        expect(await urlChip(page, origin).locator('.tag').textContent()).toBe('host')
        expect(await page.locator('.sb-service', { hasText: 'books' }).count()).toBe(1)
        expect(await page.locator('.sb-service', { hasText: 'authors' }).count()).toBe(1)
        await methodRow(page, 'getBook').waitFor()
        expect(await methodRow(page, 'get_books_search').getAttribute('class')).toContain('is-deprecated')
        await openMethod(page, 'getBook')
        await fieldInput(page, 'id').fill('1')
        const badge = await sendWithShortcut(page)
        expect(await badge.textContent()).toMatch(/^200/)
        expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
        await screenshot(page, `embedded-fastify-${scheme}`)
        expect(errors).toEqual([])
        await page.context().close()
      }
      const { page } = await newPage(browser, { colorScheme: 'dark', viewport: { width: 420, height: 860 } })
      await openWorkbench(page, `${origin}/workbench/#token=${token}`)
      await page.locator('.embedded-badge').waitFor()
      await screenshot(page, 'embedded-fastify-420')
      await page.context().close()
    } finally {
      await app.close()
    }
  })

  it('Express: lists the router stack merged with the swagger-jsdoc document and calls over loopback', async () => {
    const app = await createExpressBookshop({ workbench: { configDir, token, announce: false, name: 'bookshop' } })
    const server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    // `localhost`, the name the OAuth redirect URI is built on: the host's own routes answer on it too.
    const origin = `http://localhost:${(server.address() as AddressInfo).port}`
    try {
      const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
      await openWorkbench(page, `${origin}/workbench/#token=${token}`)
      await expect.poll(() => urlChip(page, origin).getAttribute('data-status'), { timeout: 15_000 }).toBe('ok')
      expect(await page.locator('.embedded-badge').textContent()).toMatch(/bookshop.*Express/)
      // Every route is documented: one `books` service, the old search deprecated.
      expect(await page.locator('.sb-service', { hasText: 'Default' }).count()).toBe(0)
      expect(await methodRow(page, 'searchBooks').getAttribute('class')).toContain('is-deprecated')
      await openMethod(page, 'listBooks')
      await fieldInput(page, 'x-request-id').fill('req-7')
      expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
      await openMethod(page, 'getBook')
      await fieldInput(page, 'id').fill('1')
      const badge = await sendWithShortcut(page)
      expect(await badge.textContent()).toMatch(/^200/)
      // The constrained route (a `router.param` check): listed with its parameter, called with a value it accepts.
      await openMethod(page, 'getBookByIsbn')
      await fieldInput(page, 'isbn').fill('9780000000017')
      expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
      expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
      await screenshot(page, 'embedded-express-dark')
      // A server-sent event stream is a live call: it runs over the workbench's WebSocket, upgraded on the host.
      await openMethod(page, 'watchStock')
      await fieldInput(page, 'count').fill('3')
      await page.keyboard.press('Control+Enter')
      await waitForLiveStatus(page, ['closed', 'error'])
      expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 3 })
      expect(await receivedPreviews(page)).toEqual([
        '{"id":1,"inStock":9}',
        '{"id":1,"inStock":8}',
        '{"id":1,"inStock":7}',
      ])
      await screenshot(page, 'embedded-express-stream-dark')
      expect(errors).toEqual([])
      await page.context().close()
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
