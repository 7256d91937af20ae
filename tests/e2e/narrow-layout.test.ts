/**
 * The workbench in a 420 px window against the demo services, in real Chromium: the five URL chips fold into one
 * summary row (the top bar stays small), Send brings the response into view, and another operation opens at its top.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, openMethod, openWorkbench } from './support/workbench-page.js'

const HEIGHT = 860

describe.runIf(requireChromium())('a 420 px window', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, {
      viewport: { width: 420, height: HEIGHT },
      colorScheme: 'light',
    }))
    await openWorkbench(page, cli.openUrl)
    await page.locator('.url-chip[data-status="ok"]').nth(4).waitFor({ state: 'attached', timeout: 20_000 })
  })

  afterAll(async () => {
    expect(pageErrors).toEqual([])
    await browser?.close()
    await cli?.stop()
  })

  const topBarShare = async () => ((await page.locator('.top-bar').boundingBox())!.height / HEIGHT) * 100
  const responseTop = async () => (await page.locator('.response-pane').boundingBox())?.y ?? Infinity
  const mainScrollTop = () => page.locator('.main').evaluate((element) => element.scrollTop)

  it('folds the URL chips into one summary row that opens the list', async () => {
    const summary = page.getByRole('button', { name: /9 URLs/ })
    expect(await summary.getAttribute('aria-expanded')).toBe('false')
    expect(await page.locator('.url-chip').first().isVisible()).toBe(false)
    expect(await topBarShare()).toBeLessThan(13)
    await screenshot(page, 'narrow-topbar-folded-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'narrow-topbar-folded-dark')
    await pinTheme(page, 'light')

    await summary.click()
    expect(await page.locator('.url-chip').first().isVisible()).toBe(true)
    expect(await page.getByLabel('Discovery URL to add').isVisible()).toBe(true)
    await screenshot(page, 'narrow-topbar-expanded-light')
    await summary.click()
    expect(await page.locator('.url-chip').first().isVisible()).toBe(false)
  })

  it('brings the response into view when Send is pressed', async () => {
    await page.locator('.drawer-toggle').click()
    await openMethod(page, 'createBook')
    await page.getByRole('button', { name: 'Fill example' }).click()
    // The empty response pane sits below the form, out of sight.
    expect(await responseTop()).toBeGreaterThan(HEIGHT)
    await page.getByRole('button', { name: /^Send/ }).click()
    await page.locator('.response-summary .status-badge').waitFor()
    await expect.poll(responseTop).toBeLessThan(HEIGHT / 2)
    expect(await page.locator('.response-summary .status-badge').isVisible()).toBe(true)
    await screenshot(page, 'narrow-after-send-light')
  })

  it('opens another operation at its top, not where the previous one was scrolled to', async () => {
    await page.locator('.main').evaluate((element) => element.scrollTo({ top: 600 }))
    expect(await mainScrollTop()).toBeGreaterThan(200)
    await page.locator('.drawer-toggle').click()
    await openMethod(page, 'get_diagnostics_delay')
    await expect.poll(mainScrollTop).toBe(0)
    expect(await fieldInput(page, 'ms').isVisible()).toBe(true)
  })
})
