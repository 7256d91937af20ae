/**
 * Cancelling a live call in the page cancels it upstream: the gRPC server sees the cancellation, the log says so. And
 * when the workbench goes away mid-stream (the last test: it stops the CLI), the open call ends with a visible
 * "connection lost" state instead of hanging.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { startGrpcLiveTarget, type GrpcLiveTarget } from './support/grpc-live-target.js'
import { liveFacts, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('cancelling a live call', () => {
  let target: GrpcLiveTarget
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    target = await startGrpcLiveTarget()
    session = await startWorkbenchSession({ cli: { urls: [target.url] } })
    page = session.page
    await openMethod(page, 'Ticks')
  })

  afterAll(async () => {
    await session?.close()
    await target?.close()
  })

  it('pauses the log without stopping the stream, and shows what arrived meanwhile on resume', async () => {
    await setRequestJson(page, { count: 100_000, intervalMs: 20 })
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(3)
    const lastSeq = () => page.locator('.live-row[data-seq]').last().getAttribute('data-seq')

    await page.getByRole('button', { name: 'Pause' }).click()
    const frozenAt = await lastSeq()
    const receivedAtPause = (await liveFacts(page)).received
    // Frames keep arriving and being acknowledged (the count grows past the ack window's worth of nothing).
    await expect
      .poll(async () => (await liveFacts(page)).received, { timeout: 10_000 })
      .toBeGreaterThan(receivedAtPause + 5)
    expect(await lastSeq()).toBe(frozenAt)
    expect(await page.locator('.live-paused-banner').textContent()).toMatch(/Paused\..*\d+ new/)
    const resume = page.locator('.live-controls').getByRole('button', { name: /Resume/ })
    expect(await resume.textContent()).toMatch(/\d+ new/)
    await screenshot(page, 'live-paused-dark')

    await resume.click()
    await expect.poll(async () => Number(await lastSeq())).toBeGreaterThan(Number(frozenAt))
    expect(await page.locator('.live-paused-banner').count()).toBe(0)
  })

  it('stops the upstream stream when the user presses Cancel', async () => {
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

  // Last: it stops the workbench the other tests share.
  it('ends the open stream with "Connection lost" when the server stops, and the upstream call is cancelled', async () => {
    const cancelledBefore = target.cancelled()
    await setRequestJson(page, { count: 100_000, intervalMs: 20 })
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(3)

    await session.cli.stop()
    await waitForLiveStatus(page, ['error'])
    expect(await page.locator('.live-stats .status-badge').textContent()).toBe('Connection lost')
    expect(await page.locator('.live-row-status').textContent()).toContain('Connection lost')
    expect(await page.locator('.live-problem').textContent()).toMatch(/Connection lost.*still running/)
    // The stopping server cancelled its upstream call rather than leaving it running.
    await expect.poll(() => target.cancelled(), { timeout: 10_000 }).toBe(cancelledBefore + 1)
    await screenshot(page, 'live-connection-lost-dark')
  })
})
