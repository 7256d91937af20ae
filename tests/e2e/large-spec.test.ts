/** A 1,000+ operation document (GitHub's REST description) keeps the sidebar virtualized: bounded DOM rows, working search. */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { dropFile, openWorkbench } from './support/workbench-page.js'

// 13 MB, 1,223 operations (the Stripe corpus document has only 417).
const GITHUB_SPEC = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
const FILE = 'github.json'
/** Rows in the DOM stay near what fits on screen plus overscan, whatever the operation count. */
const MAX_DOM_ROWS = 80

describe.runIf(requireChromium())('sidebar with a 1,000+ operation document', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    cli = await startCli()
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    await dropFile(page, page.getByTestId('schema-drop-zone'), {
      name: FILE,
      content: await readFile(GITHUB_SPEC, 'utf8'),
      type: 'application/json',
    })
    await page.locator(`.upload-item[data-file="${FILE}"]`).waitFor({ timeout: 60_000 })
    await page.getByRole('tab', { name: /Services/ }).click()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  const domRows = () => page.locator('.sb-row-slot').count()
  const listedRows = async () => Number(await page.locator('.sb-scroll').getAttribute('data-row-count'))

  it('lists over a thousand operations while rendering only a screenful of rows', async () => {
    const count = Number(
      await page
        .getByRole('tab', { name: /Services/ })
        .locator('.tab-count')
        .textContent(),
    )
    expect(count).toBeGreaterThan(1000)
    expect(await listedRows()).toBeGreaterThan(1000)
    expect(await domRows()).toBeLessThanOrEqual(MAX_DOM_ROWS)
    await screenshot(page, 'large-spec-sidebar-dark')
  })

  it('stays bounded when scrolled to the end, and shows the last rows', async () => {
    const scroller = page.locator('.sb-scroll')
    const started = Date.now()
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect.poll(() => page.locator('.sb-method').last().isVisible()).toBe(true)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(await domRows()).toBeLessThanOrEqual(MAX_DOM_ROWS)
    const atBottom = await scroller.evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 2)
    expect(atBottom).toBe(true)
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }))
  })

  it('filters with Ctrl+K search and restores the full list on Escape', async () => {
    await page.keyboard.press('Control+k')
    await page.keyboard.type('pulls reviewers')
    await expect.poll(listedRows).toBeLessThan(15)
    const labels = await page.locator('.sb-method-label').allTextContents()
    expect(labels.length).toBeGreaterThan(0)
    for (const label of labels) expect(label).toMatch(/\/pulls\/.*reviewers/)
    await screenshot(page, 'large-spec-search-dark')

    await page.keyboard.press('Escape')
    await expect.poll(listedRows).toBeGreaterThan(1000)
    expect(await domRows()).toBeLessThanOrEqual(MAX_DOM_ROWS)
  })

  it('opens a large operation form from the filtered list', async () => {
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('repos/create-for-authenticated-user')
    await page.locator('.sb-method[data-method="repos/create-for-authenticated-user"]').click()
    await page.locator('.method-name', { hasText: 'repos/create-for-authenticated-user' }).waitFor()
    expect(await page.locator('.field-row').count()).toBeGreaterThan(10)
    await screenshot(page, 'large-spec-operation-dark')
  })
})
