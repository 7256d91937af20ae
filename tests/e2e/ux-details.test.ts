/** Details a demanding user hits: shortcuts from any tab, the narrow drawer, failure hints, long values and names. */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { startOddTarget, type OddTarget } from './support/odd-target.js'
import { methodRow, openMethod, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

const activeLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)

describe.runIf(requireChromium())('UX details', () => {
  let target: OddTarget
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    target = await startOddTarget()
    cli = await startCli()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await target?.close()
  })

  async function addUrls(page: Page, urls: string[]): Promise<void> {
    const input = page.getByLabel('Discovery URL to add')
    for (const url of urls) {
      await input.fill(url)
      await input.press('Enter')
      await page
        .locator(`.url-chip[data-url="${url}"]:is([data-status="ok"], [data-status="error"])`)
        .waitFor({ timeout: 20_000 })
    }
  }

  describe('wide screen', () => {
    let page: Page
    let pageErrors: string[]

    beforeAll(async () => {
      ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
      await openWorkbench(page, cli.openUrl)
      await addUrls(page, [target.documentUrl, target.deadServerDocumentUrl, target.htmlPageUrl])
    })

    afterAll(async () => {
      expect(pageErrors).toEqual([])
      await page?.context().close()
    })

    it('says on the welcome screen how many URLs failed, and explains an HTML page with what to try', async () => {
      expect(await page.locator('.welcome-failures').textContent()).toMatch(/1 URL could not be discovered/)
      await urlChip(page, target.htmlPageUrl).hover()
      const hint = urlChip(page, target.htmlPageUrl).locator('.popover-hint')
      expect(await hint.isVisible()).toBe(true)
      expect(await hint.textContent()).toMatch(/openapi\.json/)
      await screenshot(page, 'ux-html-discovery-hint-light')
    })

    it('focuses the search with Ctrl+K even from the Schema Files tab', async () => {
      await page.getByRole('tab', { name: /Schema Files/ }).click()
      await page.keyboard.press('Control+k')
      await expect.poll(() => activeLabel(page)).toBe('Search operations')
      expect(await page.getByRole('tab', { name: /Services/ }).getAttribute('aria-selected')).toBe('true')
      await page.keyboard.press('Escape')
    })

    it('shows a transport failure with a red "No response" badge, the reason and a hint', async () => {
      await openMethod(page, 'callDeadServer')
      await sendWithShortcut(page)
      expect(await page.locator('.status-badge').textContent()).toBe('No response')
      const problem = page.locator('.response-error .problem')
      expect(await problem.locator('.problem-title').textContent()).toBeTruthy()
      expect(await problem.locator('.problem-detail').textContent()).toMatch(/refused/i)
      expect(await problem.locator('.problem-hint').textContent()).toMatch(/start the service|service is running/)
      await screenshot(page, 'ux-target-down-light')
    })

    it('clamps a very long header value and expands it on request', async () => {
      await openMethod(page, 'getLongHeader')
      await sendWithShortcut(page)
      await page
        .getByRole('tab', { name: /^Headers/ })
        .last()
        .click()
      const row = page.locator('.headers-table tr', { hasText: 'x-long' })
      const clamped = await row.locator('td').boundingBox()
      expect(clamped!.height).toBeLessThan(100)
      await row.getByRole('button', { name: /Show all of x-long/ }).click()
      const expanded = await row.locator('td').boundingBox()
      expect(expanded!.height).toBeGreaterThan(clamped!.height * 3)
      expect(await row.locator('.header-value').textContent()).toBe(target.longHeaderValue)
    })

    it('renders HTML formatting in a description as text with a safe link, not as tags', async () => {
      await openMethod(page, 'getHtml')
      const description = page.locator('.method-description')
      expect(await description.textContent()).toContain('Returns text/html, see the docs.')
      expect(await description.locator('code').textContent()).toBe('text/html')
      expect(await description.locator('a').getAttribute('href')).toBe('https://example.com/docs')
    })

    it('keeps the end of a long path visible in the sidebar and the whole path in its tooltip', async () => {
      await page.getByRole('searchbox', { name: 'Search operations' }).fill('getRegionSummary')
      const row = methodRow(page, 'getRegionSummary')
      expect(await row.locator('.sb-label-tail').textContent()).toBe('/summary')
      expect(await row.getAttribute('title')).toContain('/reports/monthly/by-region/summary')
      await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
    })
  })

  describe('narrow screen (420 px)', () => {
    let page: Page

    beforeAll(async () => {
      ;({ page } = await newPage(browser, { viewport: { width: 420, height: 860 }, colorScheme: 'dark' }))
      await openWorkbench(page, cli.openUrl)
      await addUrls(page, [target.documentUrl])
      await methodRow(page, 'getHtml').waitFor({ state: 'attached', timeout: 20_000 })
    })

    afterAll(async () => {
      await page?.context().close()
    })

    it('keeps the closed drawer out of the Tab order', async () => {
      expect(await page.locator('.sidebar').isVisible()).toBe(false)
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab')
        expect(await page.evaluate(() => !!document.activeElement?.closest('.sidebar'))).toBe(false)
      }
    })

    it('opens the drawer from the welcome button with the search focused, and closes it with Escape', async () => {
      await page.getByRole('button', { name: 'Find an operation' }).click()
      await expect.poll(() => activeLabel(page)).toBe('Search operations')
      expect(await page.locator('.sidebar').isVisible()).toBe(true)
      await screenshot(page, 'ux-narrow-drawer-dark')
      await page.keyboard.press('Escape')
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('.sidebar').isVisible()).toBe(false)
    })
  })
})
