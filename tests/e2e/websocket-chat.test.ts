/**
 * A WebSocket chat in the browser against real `ws` servers: connect offering subprotocols (the chosen one shown),
 * text, JSON, binary and ping frames with their echoes in order, a pong, the saved-messages library across a reload,
 * a corrupt library kept aside with a notice, a server's binary frames as hex and its close code, and Disconnect.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWsServers, type WsServers } from '../servers/websocket/ws-servers.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  liveFacts,
  openChannel,
  pinTheme,
  receivedPreviews,
  typeInComposer,
  waitForLiveStatus,
} from './support/live-page.js'
import { openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('WebSocket chat in the browser', () => {
  let servers: WsServers
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    servers = await startWsServers()
    cli = await startCli({ urls: [servers.url('/echo'), servers.url('/binary-bye')] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await openChannel(page, servers.url('/echo'))
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await servers?.close()
  })

  it('connects offering subprotocols and shows the one the server chose', async () => {
    await page.getByRole('textbox', { name: 'Subprotocols (Sec-WebSocket-Protocol)' }).fill('chat.v2, json')
    await page.getByRole('button', { name: 'Connect' }).click()
    await waitForLiveStatus(page, ['open'])
    await expect.poll(() => page.locator('.ws-negotiated').textContent()).toContain('chat.v2')
    expect(await page.locator('.ws-state-text').textContent()).toBe('Connected')
    // Nothing in the pane still speaks of the discovery handshake's (absent) subprotocol.
    expect(await page.locator('.ws-pane').textContent()).not.toMatch(/offered no subprotocol/i)
    // The upgrade request that opened the channel, under Request.
    const tabs = page.getByRole('tablist', { name: 'Live call views' })
    await tabs.getByRole('tab', { name: 'Request' }).click()
    const sent = page.locator('.live-view .sent-request')
    expect(await sent.getByLabel('Request line').textContent()).toContain(`GET ${servers.url('/echo')}`)
    expect(await sent.textContent()).toContain('chat.v2, json')
    await tabs.getByRole('tab', { name: 'Messages' }).click()
  })

  it('sends text, JSON, binary and a ping, and shows the replies in order', async () => {
    await typeInComposer(page, 'Text', 'hello from the browser')
    await page.keyboard.press('Control+Enter')
    await typeInComposer(page, 'JSON', '{"kind":"greeting","n":1}')
    await page.keyboard.press('Control+Enter')
    await typeInComposer(page, 'Binary', 'AAEC/w==')
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    await typeInComposer(page, 'Ping', 'hb')
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 15_000 }).toBeGreaterThanOrEqual(4)
    expect(await receivedPreviews(page)).toEqual([
      'hello from the browser',
      '{"kind":"greeting","n":1}',
      '00 01 02 ff',
      'hb',
    ])
    const rows = page.locator('.live-row.is-in:not(.is-meta)')
    expect(await rows.nth(2).locator('.live-chip.is-opcode').textContent()).toBe('binary')
    expect(await rows.nth(3).locator('.live-chip.is-opcode').textContent()).toBe('pong')
    expect(await rows.nth(3).getAttribute('class')).toContain('is-control')
    // Every frame sent shows as sent, with its kind.
    const sent = page.locator('.live-row.is-out')
    await expect.poll(() => sent.locator('.live-outcome.is-accepted').count()).toBe(4)
    expect(await sent.locator('.live-chip.is-opcode').allTextContents()).toEqual(['text', 'text', 'binary', 'ping'])
    await pinTheme(page, 'dark')
    await screenshot(page, 'websocket-chat-dark')
  })

  it('offers no "Latest" over a log that fits, and Escape closes the inspector from its Wrap button', async () => {
    const received = page.locator('.live-row.is-in:not(.is-meta)')
    await received.nth(1).click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    await inspector.waitFor()
    expect(
      await page.locator('.live-log-scroll').evaluate((element) => element.scrollHeight <= element.clientHeight),
    ).toBe(true)
    expect(await page.locator('.live-jump').count()).toBe(0)
    await inspector.getByRole('button', { name: 'Wrap' }).focus()
    await page.keyboard.press('Escape')
    await expect.poll(() => inspector.count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.classList.contains('live-log-scroll'))).toBe(true)
  })

  it('shows a ping from the server as a control frame', async () => {
    await typeInComposer(page, 'Text', '@ping are you there?')
    await page.keyboard.press('Control+Enter')
    const ping = page.locator('.live-row.is-in.is-control', { hasText: 'are you there?' })
    await ping.first().waitFor({ timeout: 15_000 })
    expect(await ping.first().locator('.live-chip.is-opcode').textContent()).toBe('ping')
  })

  it('keeps a saved message across a reload and sends it from the library', async () => {
    await typeInComposer(page, 'Text', 'saved hello')
    await page.getByRole('button', { name: 'Save…' }).click()
    await page.getByRole('textbox', { name: 'Name of the saved message' }).fill('Greeting')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved to the library.').waitFor()

    await page.reload()
    await page.locator('.app').waitFor()
    await openChannel(page, servers.url('/echo'))
    await page.getByRole('tab', { name: /Saved/ }).click()
    const item = page.locator('.ws-saved-item[data-name="Greeting"]')
    expect(await item.locator('.ws-saved-payload').textContent()).toBe('saved hello')
    await page.getByRole('button', { name: 'Send Greeting' }).click()
    await waitForLiveStatus(page, ['open'])
    await expect.poll(() => receivedPreviews(page), { timeout: 15_000 }).toEqual(['saved hello'])
    await pinTheme(page, 'light')
    await screenshot(page, 'websocket-saved-light')
  })

  it("saves the composer's message as the request's message, with the channel's library", async () => {
    await page.getByRole('tablist', { name: 'WebSocket editors' }).getByRole('tab', { name: 'Message' }).click()
    await typeInComposer(page, 'Text', '/help')
    await page.locator('.ws-address').click()
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.getByLabel('Name').fill('connect')
    await dialog.getByLabel(/Folder/).fill('chat')
    await dialog.getByRole('button', { name: 'Save' }).click()
    const file = join(cli.configDir, 'workspaces/default/requests/chat/connect.json')
    await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('/help')
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      messages: unknown[]
      options?: { composer?: { library?: unknown[] } }
    }
    expect(saved.messages).toEqual([{ text: '/help' }])
    expect(saved.options?.composer?.library).toEqual([{ name: 'Greeting', kind: 'text', payload: 'saved hello' }])
    await page.getByRole('tab', { name: /Saved/ }).click()
  })

  it('renames and deletes a saved message', async () => {
    await page.getByRole('button', { name: 'Rename Greeting' }).click()
    await page.getByRole('textbox', { name: 'New name' }).fill('Hello again')
    await page.getByRole('button', { name: 'Rename', exact: true }).click()
    await page.locator('.ws-saved-item[data-name="Hello again"]').waitFor()
    await page.getByRole('button', { name: 'Delete Hello again' }).click()
    await page.getByText('No saved messages for this channel yet.').waitFor()
  })

  it('disconnects with a close code and reason and shows how it closed', async () => {
    await page.getByRole('textbox', { name: 'Close code' }).fill('4000')
    await page.getByRole('textbox', { name: 'Close reason' }).fill('done here')
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    await expect.poll(() => page.locator('.live-row-status').textContent()).toContain('Closed 4000: done here')
    expect(await page.getByRole('button', { name: 'Connect' }).isVisible()).toBe(true)
  })

  it('keeps a corrupt library aside and says so instead of dropping it', async () => {
    const channel = servers.url('/binary-bye')
    await page.evaluate(
      (key) => window.localStorage.setItem(key, '{"version":1,"messages":[{"id":"x","name":"half'),
      `wirebench.savedMessages.v1:${channel}`,
    )
    await page.reload()
    await page.locator('.app').waitFor()
    await openChannel(page, channel)
    await page.getByRole('tab', { name: /Saved/ }).click()
    const notice = page.locator('.ws-saved-notice')
    expect(await notice.textContent()).toContain(`wirebench.savedMessages.unreadable:${channel}`)
    const kept = await page.evaluate(
      (key) => window.localStorage.getItem(key),
      `wirebench.savedMessages.unreadable:${channel}`,
    )
    expect(kept).toContain('"name\\":\\"half')
  })

  it('shows binary frames from the server as hex and base64, and the server close code', async () => {
    await page.getByRole('button', { name: 'Connect' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await receivedPreviews(page)).toEqual(['00 01 02', 'ff fe'])
    await expect.poll(() => page.locator('.live-row-status').textContent()).toContain('Closed 4001: bye')
    await page.locator('.live-row.is-in:not(.is-meta)').first().click()
    const inspector = page.getByRole('region', { name: 'Selected message' })
    expect(await inspector.getByLabel('Hexdump', { exact: true }).textContent()).toBe(
      '00000000  00 01 02                                          |...|',
    )
    await inspector.getByRole('button', { name: 'Base64' }).click()
    expect(await inspector.getByLabel('Base64', { exact: true }).textContent()).toBe('AAEC')
    await screenshot(page, 'websocket-binary-close-light')
    expect(pageErrors).toEqual([])
  })

  it('fits the connection row, composer and log at 900 px', async () => {
    await page.setViewportSize({ width: 900, height: 800 })
    await page.getByRole('tab', { name: 'Message', exact: true }).click()
    await page.waitForTimeout(400)
    const bar = await page.locator('.ws-connection').boundingBox()
    const pane = await page.locator('.ws-pane').boundingBox()
    expect(bar && pane && bar.x + bar.width <= pane.x + pane.width + 1).toBe(true)
    await screenshot(page, 'websocket-narrow-light')
    // The stacked request pane scrolls to the composer instead of squeezing it away.
    const send = page.getByRole('toolbar', { name: 'Composer' }).getByRole('button', { name: 'Send' })
    await send.scrollIntoViewIfNeeded()
    expect(await send.isVisible()).toBe(true)
    expect((await page.locator('.ws-composer-editor').boundingBox())?.height).toBeGreaterThan(100)
    await screenshot(page, 'websocket-narrow-composer-light')
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})
