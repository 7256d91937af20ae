/**
 * A saved server-stream request's assertions in real Chromium against the demo's gRPC readings stream: written in the
 * Assertions editor, then shown pass/fail in the live view once the stream ends (status, a JSON path on the last
 * message, the first message's latency).
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { methodRow, openMethod, openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('assertions on a stream', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'echoGet').waitFor({ timeout: 30_000 })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('shows the saved assertions pass/fail in the live view when the stream ends', async () => {
    await openMethod(page, 'StreamReadings')
    await setRequestJson(page, { stationId: 'st-harbor', count: 3, intervalMs: 0 })
    await page.keyboard.press('Control+s')
    const save = page.getByRole('dialog', { name: 'Save request' })
    await save.getByLabel('Name').fill('readings')
    await save.getByLabel(/Folder/).fill('live')
    await save.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.locator('.req-tab-title').allTextContents()).toContain('readings')

    await page.getByRole('tab', { name: /^Collections/ }).click()
    await page.getByRole('radio', { name: 'Requests' }).click()
    await page.getByRole('button', { name: 'Actions for live/readings' }).click()
    await page.getByRole('button', { name: 'Assertions…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assertions of live/readings' })
    for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Add assertion' }).click()
    const row = (n: number) => dialog.getByRole('group', { name: `Assertion ${n}` })
    await row(1).getByRole('textbox', { name: 'Assertion 1 expected' }).fill('OK')
    await row(2).getByRole('combobox', { name: 'Assertion 2 kind' }).selectOption('json')
    await row(2).getByRole('textbox', { name: 'Assertion 2 path' }).fill('stationId')
    await row(2).getByRole('textbox', { name: 'Assertion 2 expected' }).fill('"st-harbor"')
    await row(3).getByRole('combobox', { name: 'Assertion 3 kind' }).selectOption('latency')
    await row(3).getByRole('textbox', { name: 'Assertion 3 expected' }).fill('60000')
    await row(4).getByRole('combobox', { name: 'Assertion 4 kind' }).selectOption('json')
    await row(4).getByRole('textbox', { name: 'Assertion 4 path' }).fill('nope')
    await row(4).getByRole('combobox', { name: 'Assertion 4 check' }).selectOption('exists')
    await dialog.getByRole('button', { name: 'Save assertions' }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.locator('.req-tab-title', { hasText: 'readings' }).click()
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed'])
    const results = page.getByRole('region', { name: 'Live call' }).locator('.assertion-results')
    await expect
      .poll(() => results.locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-outcome'))))
      .toEqual(['pass', 'pass', 'pass', 'fail'])
    expect(await results.locator('summary').textContent()).toBe('1 of 4 assertions failed')
    expect(await results.locator('li').nth(2).textContent()).toMatch(/took \d+ ms to the first frame/)
    await screenshot(page, 'live-assertions-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'live-assertions-light')
    await pinTheme(page, 'dark')
    expect(pageErrors).toEqual([])
  })
})
