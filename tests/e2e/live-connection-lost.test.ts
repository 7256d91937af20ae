/** When the workbench goes away mid-stream, the open call ends with a visible "connection lost" state instead of hanging. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { startGrpcLiveTarget, type GrpcLiveTarget } from './support/grpc-live-target.js'
import { liveFacts, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('live call when the connection drops', () => {
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

  it('ends the open stream with "Connection lost" when the server stops, and the upstream call is cancelled', async () => {
    await setRequestJson(page, { count: 100_000, intervalMs: 20 })
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(3)

    await session.cli.stop()
    await waitForLiveStatus(page, ['error'])
    expect(await page.locator('.live-stats .status-badge').textContent()).toBe('Connection lost')
    expect(await page.locator('.live-row-status').textContent()).toContain('Connection lost')
    expect(await page.locator('.live-problem').textContent()).toMatch(/Connection lost.*still running/)
    // The stopping server cancelled its upstream call rather than leaving it running.
    await target.waitForCancel()
    await screenshot(page, 'live-connection-lost-dark')
  })
})
