/**
 * SSE feeds in the browser against a Node server emitting sequence-numbered events: events with their id and event
 * type in the log, the event-type filter, and a connection dropped twice with reconnect on that resumes from the last
 * id with nothing lost or repeated (counted from the NDJSON export).
 */
import { readFile } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSequenceServer, type SequenceServer } from '../servers/sse/sequence-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { liveFacts, openChannel, pinTheme, receivedPreviews, waitForLiveStatus } from './support/live-page.js'
import { openWorkbench } from './support/workbench-page.js'

interface ExportedLine {
  direction: string
  type?: string
  data?: unknown
  meta?: { id?: string; event?: string; kind?: string; attempt?: number; lastEventId?: string }
}

describe.runIf(requireChromium())('SSE feeds in the browser', () => {
  let sse: SequenceServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  let feedUrl: string
  let dropUrl: string

  beforeAll(async () => {
    sse = await startSequenceServer()
    feedUrl = sse.url('/events?count=40&intervalMs=5')
    dropUrl = sse.url('/events?count=30&dropAfter=10&retry=100&intervalMs=5')
    cli = await startCli({ urls: [feedUrl, dropUrl] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await sse?.close()
  })

  it('shows each event with its id and event type, JSON data parsed', async () => {
    await openChannel(page, feedUrl)
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    const facts = await liveFacts(page)
    expect(facts).toMatchObject({ status: 'closed', received: 40, seqGaps: 0 })
    const last = page.locator('.live-row.is-in:not(.is-meta)').last()
    expect(await last.locator('.live-chip.is-id').textContent()).toBe('id 40')
    expect(await last.locator('.live-chip.is-event').count()).toBe(0)
    expect(await last.locator('.live-preview').textContent()).toBe('plain 40')
    const tick = page.locator('.live-row.is-in:not(.is-meta)', { hasText: '{"n":39}' })
    expect(await tick.locator('.live-chip.is-event').textContent()).toBe('tick')
    expect(await tick.locator('.live-chip.is-id').textContent()).toBe('id 39')
    await tick.click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    expect(await inspector.locator('.live-inspector-meta').textContent()).toContain('event')
    await screenshot(page, 'sse-feed-light')
  })

  it('shows the request that opened the feed under Request', async () => {
    const tabs = page.getByRole('tablist', { name: 'Live call views' })
    await tabs.getByRole('tab', { name: 'Request' }).click()
    const line = await page.locator('.live-view .sent-request').getByLabel('Request line').textContent()
    expect(line).toContain('GET')
    expect(line).toContain(new URL(feedUrl).pathname)
    expect(line).toContain('count=40')
    await tabs.getByRole('tab', { name: 'Messages' }).click()
  })

  it('filters the log to one event type', async () => {
    await page.getByRole('combobox', { name: 'Event' }).selectOption('tick')
    const count = page.locator('.live-filter-bar [role="status"]')
    await expect.poll(() => count.textContent()).toMatch(/^20 of \d+ shown$/)
    const previews = await receivedPreviews(page)
    expect(previews.every((text) => text.startsWith('{"n":'))).toBe(true)
    // The text filter narrows the event filter further ("n":7, not "n":17 or "n":37).
    const filter = page.getByRole('searchbox', { name: 'Filter messages' })
    await filter.fill('"n": 7')
    await expect.poll(() => count.textContent()).toMatch(/^1 of \d+ shown$/)
    expect(await receivedPreviews(page)).toEqual(['{"n":7}'])
    await filter.press('Escape')
    await page.getByRole('combobox', { name: 'Event' }).selectOption('')
    await expect.poll(() => count.count()).toBe(0)
  })

  it('reconnects after drops with Last-Event-ID and loses nothing', async () => {
    await openChannel(page, dropUrl)
    await page.getByRole('checkbox', { name: 'Reconnect' }).check()
    await page.getByRole('button', { name: 'Start' }).click()
    await waitForLiveStatus(page, ['closed', 'error'], 60_000)
    const notices = page.locator('.live-row.is-notice')
    expect(await notices.count()).toBeGreaterThanOrEqual(1)

    await page.getByText('Export', { exact: true }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /NDJSON/ }).click(),
    ])
    const lines = (await readFile(await download.path(), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportedLine)
    const messages = lines.filter((l) => l.direction === 'received' && l.type === 'message')
    const reconnects = messages.filter((l) => l.meta?.kind === 'reconnect')
    const ids = messages.filter((l) => l.meta?.kind !== 'reconnect').map((l) => l.meta?.id)
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => String(i + 1)))
    expect(reconnects.map((l) => l.meta?.lastEventId).slice(0, 2)).toEqual(['10', '20'])
    expect(reconnects[0]?.data).toBe('Reconnected (attempt 1, Last-Event-ID: 10)')
    // The server saw the resumptions: each reconnection asked for the events after the last one received.
    const resumed = sse.requests.filter((r) => r.url.includes('dropAfter') && r.lastEventId).map((r) => r.lastEventId)
    expect(resumed.slice(0, 2)).toEqual(['10', '20'])
    await pinTheme(page, 'dark')
    await screenshot(page, 'sse-reconnect-dark')
    expect(pageErrors).toEqual([])
  })
})
