/** A bidirectional gRPC chat with the demo: send, read the echo, half-close, and see the end status. */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { liveFacts, pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('gRPC bidi chat in the composer and live log', () => {
  let session: WorkbenchSession
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    session = await startWorkbenchSession({ cli: { demo: true }, context: { colorScheme: 'light' } })
    ;({ page, errors: pageErrors } = session)
    await openMethod(page, 'Chat')
  })

  afterAll(async () => {
    await session?.close()
  })

  it('opens the channel on the first Send and shows the message sent and its echo', async () => {
    expect(await page.locator('.grpc-kind').textContent()).toBe('Bidirectional streaming')
    await setRequestJson(page, { author: 'e2e', text: 'hello from the browser' })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['open'])
    const sent = page.locator('.live-row.is-out')
    await expect.poll(() => sent.first().locator('.live-outcome').textContent()).toBe('sent')
    expect(await sent.first().locator('.live-preview').textContent()).toContain('hello from the browser')
    const echo = page.locator('.live-row.is-in:not(.is-meta)', { hasText: 'ROLE_ECHO' })
    await echo.first().waitFor({ timeout: 15_000 })
    expect(await echo.first().locator('.live-preview').textContent()).toContain('hello from the browser')
  })

  it('sends many numbered messages with ${i}', async () => {
    await setRequestJson(page, { author: 'e2e', text: 'burst ${i}' })
    await page.getByRole('textbox', { name: 'How many messages Send many sends' }).fill('5')
    await page.getByRole('button', { name: 'Send ×5' }).click()
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 15_000 }).toBeGreaterThanOrEqual(6)
    const texts = await page.locator('.live-row.is-out .live-preview').allTextContents()
    expect(texts.filter((t) => /burst [1-5]"/.test(t))).toHaveLength(5)
    expect(texts.some((t) => t.includes('burst 5"'))).toBe(true)
    await screenshot(page, 'grpc-chat-light')
  })

  it('half-closes and shows the end status once the server finishes', async () => {
    await page.getByRole('button', { name: 'Half-close' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await page.locator('.live-stats .status-badge').textContent()).toBe('OK (0)')
    expect(await page.locator('.live-row-status').textContent()).toContain('Ended · OK (0)')
    // Nothing left to half-close or cancel; the composer offers to open a new call instead.
    expect(await page.getByRole('button', { name: 'Half-close' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Open only' }).isVisible()).toBe(true)
    await pinTheme(page, 'dark')
    await screenshot(page, 'grpc-chat-closed-dark')
  })

  it('exports the log as NDJSON, one entry a line, sent and received in log order', async () => {
    await page.getByText('Export', { exact: true }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /NDJSON/ }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^wirebench\.demo\.v1\.Telemetry_Chat-.*\.ndjson$/)
    const path = await download.path()
    const lines = (await readFile(path, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { direction: string; type?: string; data?: { text?: string } })
    const facts = await liveFacts(page)
    expect(lines.filter((l) => l.direction === 'sent')).toHaveLength(6)
    expect(lines.filter((l) => l.direction === 'received' && l.type === 'message')).toHaveLength(facts.received)
    expect(lines[0]).toMatchObject({ direction: 'sent', data: { text: 'hello from the browser' } })
    expect(pageErrors).toEqual([])
  })

  it('fits the composer and the log in a narrow window', async () => {
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await page.locator('.composer-bar').scrollIntoViewIfNeeded()
    await screenshot(page, 'grpc-chat-narrow-dark')
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})
