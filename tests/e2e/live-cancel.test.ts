/** Cancelling a live call in the page cancels it upstream: the gRPC server sees the cancellation, the log says so. */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { startGrpcLiveTarget, type GrpcLiveTarget } from './support/grpc-live-target.js'
import { liveFacts, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod, openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('cancelling a live call', () => {
  let target: GrpcLiveTarget
  let cli: RunningCli
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    target = await startGrpcLiveTarget()
    cli = await startCli({ urls: [target.url] })
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await openMethod(page, 'Ticks')
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await target?.close()
  })

  it('stops the upstream stream when the user presses Cancel', async () => {
    await setRequestJson(page, { count: 100_000, intervalMs: 20 })
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(3)
    expect(target.started()).toBe(1)
    expect(target.cancelled()).toBe(0)

    await page.locator('.live-controls').getByRole('button', { name: 'Cancel' }).click()
    await target.waitForCancel()
    expect(target.cancelled()).toBe(1)
    await waitForLiveStatus(page, ['closed'])
    expect(await page.locator('.live-stats .status-badge').textContent()).toBe('Cancelled (1)')
    const receivedAtCancel = (await liveFacts(page)).received
    await page.waitForTimeout(300)
    expect((await liveFacts(page)).received).toBe(receivedAtCancel)
    await screenshot(page, 'live-cancelled-dark')
  })

  it('cancels the running stream when the same method is started again', async () => {
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(1)
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => target.cancelled(), { timeout: 10_000 }).toBe(2)
    await page.locator('.live-controls').getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => target.cancelled(), { timeout: 10_000 }).toBe(3)
  })
})
