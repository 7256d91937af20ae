/** A fast gRPC server stream from the demo reaches the page complete and in order, through the real server's live socket. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { liveFacts, pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const COUNT = 10_000

/** Whether every message preview in view is wider than its column (so the ellipsis, not the cut, ends it). */
function previewsOverflow(page: Page): Promise<boolean> {
  return page
    .locator('.live-row.is-in:not(.is-meta) .live-preview')
    .evaluateAll((els) => els.length > 0 && els.every((el) => el.scrollWidth > el.clientWidth))
}

/** Whether the log's status row (its last row) lies inside the log's visible area. */
function statusRowInView(page: Page): Promise<boolean> {
  return page.locator('.live-log-scroll').evaluate((scroller) => {
    const row = scroller.querySelector('.live-row-status')
    if (!row) return false
    const box = scroller.getBoundingClientRect()
    const rowBox = row.getBoundingClientRect()
    return rowBox.top >= box.top - 1 && rowBox.bottom <= box.bottom + 1
  })
}

describe.runIf(requireChromium())('gRPC server stream in the live log', () => {
  let session: WorkbenchSession
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    session = await startWorkbenchSession({ cli: { demo: true } })
    ;({ page, errors: pageErrors } = session)
    await openMethod(page, 'StreamReadings')
  })

  afterAll(async () => {
    await session?.close()
  })

  it(`receives ${COUNT.toLocaleString()} messages complete and in order, and ends with OK`, async () => {
    expect(await page.locator('.grpc-kind').textContent()).toBe('Server streaming')
    await setRequestJson(page, { stationId: 'st-harbor', count: COUNT, intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'], 60_000)
    const facts = await liveFacts(page)
    expect(facts).toMatchObject({ status: 'closed', received: COUNT, firstSeq: 1, seqGaps: 0, dropped: 0, evicted: 0 })
    // Every frame (headers, messages, trailers) has its seq: the last one is at least the message count.
    expect(facts.lastSeq).toBeGreaterThanOrEqual(COUNT)
    expect(await page.locator('.live-stats .status-badge').textContent()).toBe('OK (0)')
    expect(await page.locator('.live-stat', { hasText: 'Received' }).textContent()).toContain('10,000')

    // The log sticks to the bottom: the trailers and the status row are on screen.
    expect(await page.locator('.live-row.is-meta .live-kind').last().textContent()).toBe('trailers')
    expect(await page.locator('.live-row-status').textContent()).toContain('Ended · OK (0)')
    // Virtualized: only the rows in view are in the DOM.
    expect(await page.locator('.live-row').count()).toBeLessThan(120)
    // Previews are cut short for speed, but never inside the visible column: the text still overflows it.
    expect(await previewsOverflow(page)).toBe(true)
    await screenshot(page, 'grpc-stream-dark')
    expect(pageErrors).toEqual([])
  })

  it('inspects a selected message as a JSON tree and moves with the arrow keys', async () => {
    const lastRow = page.locator('.live-row.is-in:not(.is-meta)').last()
    await lastRow.click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    await expect.poll(() => inspector.locator('.live-inspector-title').textContent()).toMatch(/^Received message #\d+$/)
    // The last reading of the stream is the last message in the log.
    expect(await inspector.locator('.json-tree').textContent()).toContain(`"sequence": "${COUNT}"`)
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => inspector.locator('.json-tree').textContent()).toContain(`"${COUNT - 1}"`)
    await screenshot(page, 'grpc-stream-inspector-dark')
  })

  it('filters the log to the messages that contain a text, as the inspector or the row shows it', async () => {
    const filter = page.getByRole('searchbox', { name: 'Filter messages' })
    const count = page.locator('.live-filter-count')
    // Written as the inspector shows JSON; the messages are held as compact JSON.
    await filter.fill('"sequence": "4242"')
    await expect.poll(() => count.textContent()).toMatch(/^1 of 10,00\d shown$/)
    const rows = page.locator('.live-row.is-in')
    expect(await rows.count()).toBe(1)
    // The match lies past the row's cut preview: selecting the row shows it whole.
    await rows.first().click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    await expect.poll(() => inspector.locator('.json-tree').textContent()).toContain('"sequence": "4242"')
    await screenshot(page, 'grpc-stream-filter-dark')

    // Every reading names its station; the headers and trailers do not.
    await filter.fill('ST-HARBOR')
    await expect.poll(() => count.textContent()).toMatch(/^10,000 of 10,00\d shown$/)
    await filter.fill('no reading says this')
    await expect.poll(() => count.textContent()).toMatch(/^0 of 10,00\d shown$/)
    expect(await page.locator('.live-row.is-in').count()).toBe(0)

    // Escape clears the filter: the whole log is back, still stuck to its end.
    await filter.press('Escape')
    expect(await filter.inputValue()).toBe('')
    await expect.poll(() => count.count()).toBe(0)
    await expect.poll(() => page.locator('.live-row.is-meta .live-kind').last().textContent()).toBe('trailers')
    await expect.poll(() => statusRowInView(page)).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('looks right in the light theme and at a narrow width', async () => {
    await pinTheme(page, 'light')
    await screenshot(page, 'grpc-stream-light')
    await page.setViewportSize({ width: 420, height: 900 })
    // Let the sidebar finish sliding into its drawer.
    await page.waitForTimeout(400)
    await page.locator('.live-view').scrollIntoViewIfNeeded()
    await screenshot(page, 'grpc-stream-narrow-light')
    // The narrower log is laid out and scrolled back to its end after the resize, not within it: poll both.
    await expect.poll(() => previewsOverflow(page)).toBe(true)
    // The log was following its end when the view narrowed (and grew shorter): it still shows the end.
    await expect.poll(() => statusRowInView(page)).toBe(true)

    // A selected message opens the inspector in full view, its title on one line and a screenful of its JSON.
    await page.locator('.live-row.is-in:not(.is-meta)').nth(2).click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    await inspector.locator('.json-tree').waitFor()
    await expect
      .poll(async () => (await inspector.boundingBox())!.y + (await inspector.boundingBox())!.height)
      .toBeLessThanOrEqual(900 + 1)
    expect((await inspector.locator('.live-inspector-title').boundingBox())!.height).toBeLessThan(24)
    expect((await inspector.locator('.json-tree').boundingBox())!.height).toBeGreaterThan(300)
    await screenshot(page, 'grpc-stream-inspector-narrow-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'grpc-stream-inspector-narrow-dark')
    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})
