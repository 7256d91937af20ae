/**
 * Request tabs in real Chromium against the demo: several open at once with unsaved-changes dots, restored after a
 * reload with what was typed, Ctrl+W asking before dropping edits, Ctrl+Shift+T bringing a closed tab back,
 * middle-click, Ctrl+PgDn, and a saved request whose service is not discovered opening in the raw JSON pane.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { fieldInput, methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const tab = (page: Page, title: string) =>
  page.locator('.req-tab-wrap', { has: page.locator('.req-tab-title', { hasText: title }) })
const tabTitles = (page: Page) => page.locator('.req-tab-title').allTextContents()
const isDirty = async (page: Page, title: string) => (await tab(page, title).getAttribute('data-dirty')) === 'true'

describe.runIf(requireChromium())('request tabs', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  let fresh: Page
  let freshErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'getBook').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('keeps two requests open with a dot on each one that has unsaved changes', async () => {
    await openMethod(page, 'getBook')
    expect(await tabTitles(page)).toEqual(['getBook'])
    expect(await isDirty(page, 'getBook')).toBe(false)
    await fieldInput(page, 'bookId').fill('1')
    await expect.poll(() => isDirty(page, 'getBook')).toBe(true)

    await openMethod(page, 'createBook')
    await fieldInput(page, 'title').fill('Tabs in Action')
    expect(await tabTitles(page)).toEqual(['getBook', 'createBook'])
    await expect.poll(() => isDirty(page, 'createBook')).toBe(true)
    expect(await isDirty(page, 'getBook')).toBe(true)
    expect(await tab(page, 'createBook').locator('.req-tab').getAttribute('aria-selected')).toBe('true')
    await screenshot(page, 'tabs-two-unsaved-dark')
  })

  it('restores the tabs, what they hold and the active one after a reload', async () => {
    // Persistence is debounced: wait until the stored tabs hold what was typed, then leave.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('wirebench.tabs.default') ?? ''))
      .toContain('Tabs in Action')
    await page.reload()
    await page.locator('.req-tab').first().waitFor({ timeout: 20_000 })
    expect(await tabTitles(page)).toEqual(['getBook', 'createBook'])
    await expect.poll(() => fieldInput(page, 'title').inputValue(), { timeout: 20_000 }).toBe('Tabs in Action')
    expect(await isDirty(page, 'createBook')).toBe(true)

    await tab(page, 'getBook').locator('.req-tab').click()
    await expect.poll(() => fieldInput(page, 'bookId').inputValue()).toBe('1')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
  })

  it('asks before Ctrl+W drops unsaved changes, and Ctrl+Shift+T brings the tab back with them', async () => {
    await page.locator('.method-name').click()
    await page.keyboard.press('Control+w')
    const question = page.getByRole('dialog', { name: /Close “getBook”/ })
    await question.waitFor()
    await screenshot(page, 'tabs-close-question-dark')
    await question.getByRole('button', { name: 'Cancel' }).click()
    expect(await tabTitles(page)).toEqual(['getBook', 'createBook'])

    await page.keyboard.press('Control+w')
    await page.getByRole('button', { name: 'Close without saving' }).click()
    expect(await tabTitles(page)).toEqual(['createBook'])
    expect(await page.locator('.method-name').textContent()).toBe('createBook')

    await page.keyboard.press('Control+Shift+T')
    await expect.poll(() => tabTitles(page)).toEqual(['createBook', 'getBook'])
    await expect.poll(() => fieldInput(page, 'bookId').inputValue()).toBe('1')
  })

  it('steps through tabs with Ctrl+PgDn and closes a clean tab with a middle-click without asking', async () => {
    await openMethod(page, 'whoAmI')
    expect(await tabTitles(page)).toEqual(['createBook', 'getBook', 'whoAmI'])
    await page.keyboard.press('Control+PageDown')
    await expect.poll(() => page.locator('.method-name').textContent()).toBe('createBook')
    await tab(page, 'whoAmI').locator('.req-tab').click({ button: 'middle' })
    expect(await tabTitles(page)).toEqual(['createBook', 'getBook'])
    expect(await page.getByRole('dialog').count()).toBe(0)
  })

  it('opens a request whose service is not discovered as raw JSON, with a notice, still sendable', async () => {
    const missing = 'http://127.0.0.1:9/nothing/openapi.json'
    const request = {
      version: 1,
      name: 'lost',
      protocol: 'rest',
      url: missing,
      service: 'Gone',
      method: 'getGone',
      messages: [{ id: '${itemId}' }],
      metadata: { 'x-trace': 'abc' },
    }
    const saved = {
      key: 'saved:smoke/lost',
      address: { protocol: 'rest', url: missing, service: 'Gone', method: 'getGone' },
      title: 'lost',
      savedPath: 'smoke/lost',
      baseline: '',
    }
    const stored = JSON.stringify({ version: 1, data: { tabs: [{ tab: saved, request }], activeKey: saved.key } })
    // A page of its own: the first page writes its tabs back to localStorage when it unloads.
    ;({ page: fresh, errors: freshErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await fresh.addInitScript((value) => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('wirebench.tabs.default', value)
      sessionStorage.setItem('seeded', '1')
    }, stored)
    await openWorkbench(fresh, cli.openUrl)
    const notice = fresh.locator('.undiscovered-notice')
    await notice.waitFor({ timeout: 20_000 })
    expect(await notice.textContent()).toContain('The schema is not available')
    expect(await fresh.locator('.method-name').textContent()).toBe('getGone')
    expect(await fresh.locator('.req-tab-title').allTextContents()).toEqual(['lost'])
    await expect.poll(() => fresh.locator('.raw-json').textContent()).toContain('${itemId}')
    await fresh
      .getByRole('tab', { name: /Headers/ })
      .first()
      .click()
    expect(await fresh.locator('.kv-editor input.input').first().inputValue()).toBe('x-trace')
    expect(await fresh.getByRole('button', { name: /^Send/ }).isEnabled()).toBe(true)
    await screenshot(fresh, 'tabs-undiscovered-dark')
  })

  it('fits at 420 px and in the light theme', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await screenshot(page, 'tabs-light')
    await page.setViewportSize({ width: 420, height: 860 })
    const strip = await page.locator('.req-tabs').boundingBox()
    expect(strip?.width).toBeLessThanOrEqual(420)
    await screenshot(page, 'tabs-narrow-light')
    await fresh.setViewportSize({ width: 420, height: 860 })
    await screenshot(fresh, 'tabs-undiscovered-narrow-dark')
    expect(pageErrors).toEqual([])
    expect(freshErrors).toEqual([])
  })
})
