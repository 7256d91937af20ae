/**
 * Ctrl+K as a command palette over the demo services in real Chromium: ArrowDown moves into the results and Enter
 * opens one, Enter in the box opens the first match, ArrowUp from the top row returns to the box, and the search
 * reaches summaries (the matching summary shown, its words marked) and hosts.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme } from './support/live-page.js'
import { openWorkbench } from './support/workbench-page.js'

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return { label: element?.getAttribute('aria-label') ?? null, method: element?.dataset.method ?? null }
  })

const openedMethod = (page: Page) => page.locator('.request-pane .method-name').textContent()

describe.runIf(requireChromium())('Ctrl+K search as a palette', () => {
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  describe('wide screen', () => {
    let page: Page
    let pageErrors: string[]

    beforeAll(async () => {
      ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
      await openWorkbench(page, cli.openUrl)
      await page.locator('.sb-method').first().waitFor({ timeout: 20_000 })
    })

    afterAll(async () => {
      expect(pageErrors).toEqual([])
      await page?.context().close()
    })

    it('finds an operation by a word of its summary and shows that summary with the word marked', async () => {
      await page.keyboard.press('Control+k')
      await page.keyboard.type('credential')
      const row = page.locator('.sb-method[data-method="whoAmI"]')
      await row.waitFor()
      expect(await page.locator('.sb-method').count()).toBe(1)
      expect(await row.locator('.sb-summary').textContent()).toBe('Which credential was accepted')
      expect(await row.locator('.sb-summary mark').textContent()).toBe('credential')
      await screenshot(page, 'search-summary-dark')
      await pinTheme(page, 'light')
      await screenshot(page, 'search-summary-light')
      await pinTheme(page, 'dark')
    })

    it('moves into the results with ArrowDown and opens the focused one with Enter', async () => {
      await page.getByRole('searchbox', { name: 'Search operations' }).focus()
      await page.keyboard.press('ArrowDown')
      await expect.poll(() => focused(page)).toEqual({ label: null, method: 'whoAmI' })
      await page.keyboard.press('Enter')
      await expect.poll(() => openedMethod(page)).toBe('whoAmI')
    })

    it('goes back to the search box with ArrowUp from the first row', async () => {
      await page.keyboard.press('Control+k')
      await page.keyboard.type('books')
      await page.keyboard.press('ArrowDown')
      await expect.poll(async () => (await focused(page)).method).not.toBeNull()
      // From the first method row up to the service and origin headers, then out of the tree.
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp')
      await expect.poll(async () => (await focused(page)).label).toBe('Search operations')
    })

    it('opens the first match with Enter in the box', async () => {
      await page.keyboard.press('Control+k')
      await page.keyboard.type('after a delay')
      await page.keyboard.press('Enter')
      await expect.poll(() => openedMethod(page)).toBe('get_diagnostics_delay')
    })

    it('opens the operation named by the search ahead of ones whose path or summary mention it', async () => {
      await page.keyboard.press('Control+k')
      await page.keyboard.type('author')
      await page.keyboard.press('Enter')
      await expect.poll(() => openedMethod(page)).toBe('author')
      await page.keyboard.press('Control+k')
      await page.keyboard.type('subscribe')
      await page.keyboard.press('Enter')
      await expect.poll(() => openedMethod(page)).toBe('subscribe')
    })

    it('finds the operations of a host', async () => {
      const sse = new URL(cli.demoUrls.find((url) => url.endsWith('/events'))!)
      await page.keyboard.press('Control+k')
      await page.keyboard.type(sse.host)
      await expect.poll(() => page.locator('.sb-method').count()).toBe(1)
      expect(await page.locator('.sb-method').getAttribute('data-origin')).toBe(sse.href)
      await page.keyboard.press('Escape')
    })
  })

  describe('narrow screen (420 px)', () => {
    it('opens the drawer with Ctrl+K, and Enter opens the match and closes the drawer', async () => {
      const { page } = await newPage(browser, { viewport: { width: 420, height: 860 }, colorScheme: 'light' })
      await openWorkbench(page, cli.openUrl)
      await page.locator('.sb-method').first().waitFor({ state: 'attached', timeout: 20_000 })
      await page.keyboard.press('Control+k')
      await page.keyboard.type('credential')
      await page.locator('.sb-summary mark').waitFor()
      await screenshot(page, 'search-summary-420-light')
      await page.keyboard.press('Enter')
      await expect.poll(() => openedMethod(page)).toBe('whoAmI')
      await expect.poll(() => page.locator('.sidebar').isVisible()).toBe(false)
      // The focused row went away with the drawer: the focus is on the opened operation, not on <body>.
      await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toBe('method-name')
      await page.context().close()
    })
  })
})
