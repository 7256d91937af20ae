/**
 * How a call ends, in each protocol's own words, against the demo services, real `ws` servers and an SSE server: a
 * stream restarted after an error keeps a tab selected, a cancelled REST call says so, a WebSocket close shows its code
 * and reason, an event stream ends or is refused in HTTP terms (and has no trailers tab), GraphQL errors are counted,
 * a pause does not outlive the stream, the Export menu closes like a menu, and long endings stay on screen.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startYogaServer, type YogaServer } from '../servers/graphql/yoga-server.js'
import { startSequenceServer, type SequenceServer } from '../servers/sse/sequence-server.js'
import { startWsServers, type WsServers } from '../servers/websocket/ws-servers.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  liveFacts,
  openChannel,
  pinTheme,
  setRequestJson,
  typeInComposer,
  waitForLiveStatus,
} from './support/live-page.js'
import { fieldInput, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

/** Opens the one method discovered at `origin`, found through the search (the demo's list is long and virtualized). */
async function openAt(page: Page, origin: string, search: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search operations' }).fill(search)
  await openChannel(page, origin)
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
}

const liveBadge = (page: Page) => page.locator('.live-stats .status-badge')
const liveTabs = (page: Page) => page.getByRole('tablist', { name: 'Live call views' }).getByRole('tab')

describe.runIf(requireChromium())('call outcomes in each protocol’s words', () => {
  let sse: SequenceServer
  let ws: WsServers
  let yoga: YogaServer
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    ;[sse, ws, yoga] = await Promise.all([startSequenceServer(), startWsServers(), startYogaServer()])
    cli = await startCli({ demo: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await Promise.all([sse?.close(), ws?.close(), yoga?.close()])
  })

  async function addUrls(page: Page, urls: string[]): Promise<void> {
    const input = page.getByLabel('Discovery URL to add')
    for (const url of urls) {
      await input.fill(url)
      await input.press('Enter')
      await page
        .locator(`.url-chip[data-url="${url}"]:is([data-status="ok"], [data-status="error"])`)
        .waitFor({ timeout: 20_000 })
    }
  }

  describe('wide screen', () => {
    let page: Page
    let pageErrors: string[]
    let feedUrl: string
    let slowFeedUrl: string
    let postOnlyUrl: string

    beforeAll(async () => {
      ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
      await openWorkbench(page, cli.openUrl)
      feedUrl = sse.url('/events?count=3')
      slowFeedUrl = sse.url('/events?count=12&intervalMs=150')
      postOnlyUrl = sse.url('/post-only')
      // Pinned: a GET that finds no route is listed as a stream only when the user says it is one.
      await addUrls(page, [
        feedUrl,
        slowFeedUrl,
        `sse@${postOnlyUrl}`,
        ws.url('/echo'),
        ws.url('/binary-bye'),
        yoga.url,
      ])
    })

    afterAll(async () => {
      expect(pageErrors).toEqual([])
      await page?.context().close()
    })

    it('keeps a tab selected and the messages in view when a stream restarts after an error', async () => {
      await openMethod(page, 'StreamReadings')
      await setRequestJson(page, { stationId: 'st-harbor', count: 200_000 })
      await page.keyboard.press('Control+Enter')
      await waitForLiveStatus(page, ['error'])
      await liveTabs(page).filter({ hasText: 'Error details' }).click()
      expect(await page.locator('#live-panel .json-tree').count()).toBe(1)

      await setRequestJson(page, { stationId: 'st-harbor', count: 6, intervalMs: 100 })
      await page.keyboard.press('Control+Enter')
      await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(1)
      // The new call has no error details: the Messages tab is selected and its rows are on screen.
      expect(await liveTabs(page).filter({ hasText: 'Error details' }).count()).toBe(0)
      expect(await page.getByRole('tab', { name: 'Messages', selected: true }).count()).toBe(1)
      expect(await page.locator('#live-panel .live-row.is-in').count()).toBeGreaterThan(1)
      await waitForLiveStatus(page, ['closed'])
    })

    it('says Cancelled when the user cancels a REST call before its response', async () => {
      await openMethod(page, 'get_diagnostics_delay')
      await fieldInput(page, 'ms').fill('20000')
      await page.keyboard.press('Control+Enter')
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => page.locator('.response-summary .status-badge').textContent()).toBe('Cancelled')
      expect(await page.locator('.response-cancelled').textContent()).toMatch(/You cancelled the call/)
      await screenshot(page, 'outcome-rest-cancelled-dark')
    })

    it('shows a WebSocket close as its code and reason, without a gRPC status or a trailers tab', async () => {
      await openAt(page, ws.url('/binary-bye'), 'binary')
      await page.getByRole('button', { name: 'Connect' }).click()
      await waitForLiveStatus(page, ['closed', 'error'])
      expect(await liveBadge(page).textContent()).toBe('Closed 4001')
      expect(await page.locator('.live-row-status').textContent()).toBe('Closed 4001: bye')
      expect(await liveTabs(page).allTextContents()).toEqual(['Messages', 'Request', expect.stringMatching(/^Headers/)])
      expect(await page.locator('.response-pane').textContent()).not.toMatch(/Unknown/)
    })

    it('ends an event stream in HTTP terms: "Stream ended", or the HTTP status that refused it', async () => {
      await openAt(page, feedUrl, 'events')
      await page.keyboard.press('Control+Enter')
      await waitForLiveStatus(page, ['closed'])
      expect(await liveBadge(page).textContent()).toBe('Stream ended')
      expect(await liveTabs(page).filter({ hasText: 'Trailers' }).count()).toBe(0)

      // A POST-only stream asked with GET answers 405.
      await openAt(page, postOnlyUrl, 'post')
      await page.getByRole('combobox', { name: 'HTTP method' }).selectOption('GET')
      await page.keyboard.press('Control+Enter')
      await waitForLiveStatus(page, ['closed', 'error'])
      expect(await liveBadge(page).textContent()).toBe('HTTP 405')
      expect(await page.locator('.live-row-status').textContent()).toMatch(/^HTTP 405/)
      expect(await liveTabs(page).allTextContents()).toEqual([
        'Messages',
        'Request',
        expect.stringMatching(/^Headers/),
        'Response body',
      ])
      await screenshot(page, 'outcome-sse-refused-dark')
    })

    it('counts the errors of a GraphQL answer instead of calling it Unknown', async () => {
      await openMethod(page, 'partial')
      await page.locator('.gql-operation[data-schema="ready"]').waitFor({ timeout: 20_000 })
      const status = await sendWithShortcut(page)
      expect(await status.first().textContent()).toBe('1 error')
      expect(await page.locator('.response-summary').textContent()).toMatch(/HTTP\s*200/)
    })

    it('lifts a pause when the stream ends, and no longer says Paused', async () => {
      await openAt(page, slowFeedUrl, 'events')
      await page.keyboard.press('Control+Enter')
      await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThan(1)
      await page.locator('.live-controls').getByRole('button', { name: 'Pause' }).click()
      await page.locator('.live-paused-banner').waitFor()
      await waitForLiveStatus(page, ['closed'])
      expect(await page.locator('.live-paused-banner').count()).toBe(0)
      expect(await page.locator('.live-view').textContent()).not.toMatch(/Paused/)
      expect(await liveBadge(page).textContent()).toBe('Stream ended')
      // Every event is in the log, the last ones included.
      expect(await page.locator('.live-row.is-in:not(.is-meta)').last().locator('.live-chip.is-id').textContent()).toBe(
        'id 12',
      )
    })

    it('closes the Export menu on Escape and on a click outside it', async () => {
      const menu = page.locator('.live-export')
      const summary = menu.locator('summary')
      await summary.click()
      expect(await menu.getAttribute('open')).not.toBeNull()
      await page.keyboard.press('Escape')
      await expect.poll(() => menu.getAttribute('open')).toBeNull()
      await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true)

      await summary.click()
      expect(await menu.getAttribute('open')).not.toBeNull()
      await page.locator('.live-log-scroll').click({ position: { x: 40, y: 10 } })
      await expect.poll(() => menu.getAttribute('open')).toBeNull()
    })

    it('says nothing about a missing subprotocol once the connection negotiated one', async () => {
      const chat = /ws:\/\/\S+\/chat/.exec(cli.output())![0]
      await openAt(page, chat, 'chat')
      await page.getByRole('textbox', { name: 'Subprotocols (Sec-WebSocket-Protocol)' }).fill('chat.v1')
      await page.getByRole('button', { name: 'Connect' }).click()
      await waitForLiveStatus(page, ['open'])
      await expect.poll(() => page.locator('.ws-negotiated').textContent()).toContain('chat.v1')
      expect(await page.locator('.app').textContent()).not.toMatch(/No subprotocol was negotiated/)
      expect(await liveBadge(page).textContent()).toBe('Connected')
      await pinTheme(page, 'light')
      await screenshot(page, 'outcome-websocket-connected-light')
      await pinTheme(page, 'dark')
    })
  })

  describe('narrow screen (420 px)', () => {
    let page: Page

    beforeAll(async () => {
      ;({ page } = await newPage(browser, { viewport: { width: 420, height: 860 }, colorScheme: 'light' }))
      await openWorkbench(page, cli.openUrl)
      // Narrow screens fold the URL list into a summary row: open it to add one.
      await page.getByRole('button', { name: /\d+ URLs/ }).click()
      await addUrls(page, [ws.url('/echo')])
    })

    afterAll(async () => {
      await page?.context().close()
    })

    it('keeps a long close reason inside the log, cut with an ellipsis and whole on hover', async () => {
      await page.locator('.drawer-toggle').click()
      await openAt(page, ws.url('/echo'), 'echo')
      await page.getByRole('button', { name: 'Connect' }).click()
      await waitForLiveStatus(page, ['open'])
      const reason = 'the server is going away for maintenance and asks every client to come back in a few minutes'
      await typeInComposer(page, 'Text', `@close 4002 ${reason}`)
      await page.keyboard.press('Control+Enter')
      await waitForLiveStatus(page, ['closed', 'error'])
      const fits = await page.evaluate(() => {
        const text = document
          .querySelector('.live-row-status [role="status"] > span:last-child')!
          .getBoundingClientRect()
        const log = document.querySelector('.live-log-scroll')!.getBoundingClientRect()
        return text.right <= log.right + 0.5 && text.left >= log.left
      })
      expect(fits).toBe(true)
      const status = page.locator('.live-row-status .live-status-line')
      expect(await status.getAttribute('title')).toBe(`Closed 4002: ${reason}`)
      expect(
        await page.locator('.live-row-status .live-status-text').evaluate((e) => getComputedStyle(e).textOverflow),
      ).toBe('ellipsis')
      await page.locator('.live-view').scrollIntoViewIfNeeded()
      await screenshot(page, 'outcome-long-close-420-light')
    })
  })
})
