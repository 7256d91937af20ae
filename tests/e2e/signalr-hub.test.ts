/**
 * SignalR hubs in Chromium against OUR hub server (written from the SignalR specs, proved with the official client in
 * tests/integration/signalr-fixture.test.ts): invoke a method (remembered as a shortcut), run a stream and cancel it
 * (the hub observes the CancelInvocation), and hold a `connection` open while another client broadcasts — every
 * message arrives and the target filter lists what the hub called.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HubServer } from '@wirebench/demo'
import { createSignalrPlugin } from '@wirebench/protocol-signalr'
import { testContext } from '../servers/rest/call-context.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { liveFacts, pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openWorkbench, sendWithShortcut } from './support/workbench-page.js'

describe.runIf(requireChromium())('SignalR hubs in the browser', () => {
  let hub: HubServer
  let hubUrl: string
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  const openHubMethod = async (method: string): Promise<void> => {
    const row = page.locator(`.sb-method[data-origin="${hubUrl}"][data-method="${method}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
  }

  beforeAll(async () => {
    hub = await startTestHubServer({ keepAliveIntervalMs: 5_000 })
    hubUrl = hub.url('/hubs/test')
    cli = await startCli({ urls: [hubUrl] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await hub?.close()
  })

  it('invokes a hub method, shows its result, and offers it again as a shortcut', async () => {
    await openHubMethod('invoke')
    await setRequestJson(page, { target: 'Echo', arguments: [{ greeting: 'hello hub' }], protocol: 'messagepack' })
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toContain('Completed')
    expect(await page.locator('.response-pane').textContent()).toContain('hello hub')
    // The Completion's size on the wire and its hub protocol; the Request tab shows the MessagePack bytes sent.
    expect(await page.locator('.response-pane').textContent()).toMatch(/Size\s*\d+ B/)
    expect(await page.locator('.response-ctype').textContent()).toBe('application/x-msgpack')
    await page.locator('.response-pane').getByRole('tab', { name: 'Request' }).click()
    const request = page.locator('.sent-request')
    expect(await request.textContent()).toMatch(/MessagePack, \d+ bytes on the wire/)
    expect(await request.getByRole('table', { name: 'Request headers' }).textContent()).toContain(
      'application/x-msgpack',
    )
    await screenshot(page, 'signalr-invoke-sent-light')
    await page.locator('.response-pane').getByRole('tab', { name: 'Body' }).click()
    const shortcut = page
      .getByRole('navigation', { name: 'Hub methods used before' })
      .getByRole('button', { name: 'Echo' })
    await shortcut.waitFor()
    // Named arguments: each input is one argument, JSON when it parses, else the text as a string.
    await setRequestJson(page, { target: 'Arguments' })
    await page.getByRole('tab', { name: 'Form' }).click()
    await page.getByRole('group', { name: 'Named arguments' }).getByRole('textbox').first().fill('user, count')
    await page.getByRole('textbox', { name: 'Argument user' }).fill('ada')
    await page.getByRole('textbox', { name: 'Argument count' }).fill('3')
    await sendWithShortcut(page)
    expect(await page.locator('.response-pane').textContent()).toMatch(/"?ada"?[\s\S]*3/)
    await setRequestJson(page, { target: 'Fail' })
    const failed = await sendWithShortcut(page)
    expect(await failed.textContent()).toContain('Hub error')
    expect(await page.locator('.response-pane').textContent()).toContain('always fails')
    await screenshot(page, 'signalr-invoke-light')
  })

  it('runs a stream and cancels it; the hub sees the CancelInvocation', async () => {
    await openHubMethod('stream')
    // The invocations used before are not offered to a stream (they would fail as one); the stream is, once run.
    const usedBefore = page.getByRole('navigation', { name: 'Hub methods used before' })
    expect(await usedBefore.getByRole('button', { name: 'Echo' }).count()).toBe(0)
    await setRequestJson(page, { target: 'Endless', arguments: [20] })
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await liveFacts(page)).received, { timeout: 20_000 }).toBeGreaterThanOrEqual(6)
    await page.locator('.request-pane').getByRole('button', { name: 'Cancel' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    await expect
      .poll(() => hub.endpoint('/hubs/test').stats.cancellations.filter((c) => c.target === 'Endless').length)
      .toBe(1)
    await usedBefore.getByRole('button', { name: 'Endless' }).waitFor()
    await screenshot(page, 'signalr-stream-light')
  })

  it('uploads items from the composer and shows the sum once the stream is half-closed', async () => {
    await openHubMethod('upload')
    await page.locator('.hub-options [data-field-path="target"] input').first().fill('Sum')
    await page.getByRole('button', { name: 'Start upload', exact: true }).click()
    await waitForLiveStatus(page, ['open'])
    const item = page.locator('.composer [data-field-path="item"] textarea').first()
    for (const n of ['5', '6', '7']) {
      await item.fill(n)
      await page
        .getByRole('toolbar', { name: 'Composer' })
        .getByRole('button', { name: 'Send', exact: false })
        .first()
        .click()
    }
    // An upload completes its stream; no second Cancel or Open only beside the header's buttons.
    const bar = page.getByRole('toolbar', { name: 'Composer' })
    expect((await bar.getByRole('button').allTextContents()).slice(1)).toEqual(['Send ×10', 'Complete upload'])
    await bar.getByRole('button', { name: 'Complete upload' }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    const completion = page.locator('.live-row.is-in', { hasText: 'completion' })
    expect(await completion.locator('.live-preview').textContent()).toBe('18')
    await screenshot(page, 'signalr-upload-light')
  })

  it('holds a connection open while another client broadcasts, and shows every message', async () => {
    await openHubMethod('connection')
    // Unset options show the defaults the hub connection uses, not a blank.
    const shownChoice = (path: string, scope: string) =>
      page
        .locator(`${scope} [data-field-path="${path}"] select`)
        .first()
        .evaluate((select: HTMLSelectElement) => select.options[select.selectedIndex]?.text)
    expect(await shownChoice('transport', '.hub-options')).toBe('auto')
    expect(await shownChoice('protocol', '.hub-options')).toBe('json')
    expect(await shownChoice('type', '.composer')).toBe('invoke')
    await screenshot(page, 'signalr-connection-options-light')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await waitForLiveStatus(page, ['open'])
    await page.locator('.live-row .live-chip', { hasText: 'connected' }).first().waitFor()
    // The options message is no hub message: nothing sent yet. A connection has no half-close, and the header's
    // Disconnect is its only cancel.
    const sentCount = page.locator('.live-stat[title="Messages sent"] .mono')
    expect(await sentCount.textContent()).toBe('0')
    const bar = page.getByRole('toolbar', { name: 'Composer' })
    expect((await bar.getByRole('button').allTextContents()).slice(1)).toEqual(['Send ×10'])
    const other = createSignalrPlugin()
    try {
      const sent = await other.invoke(
        {
          target: hubUrl,
          service: 'test',
          method: 'invoke',
          messages: [{ target: 'Broadcast', arguments: [500, 'b'] }],
        },
        testContext(),
      )
      expect(sent.response).toBe(500)
    } finally {
      await other.dispose?.()
    }
    const targets = page.getByRole('combobox', { name: 'Target' })
    await expect.poll(() => targets.locator('option').allTextContents(), { timeout: 20_000 }).toContain('Tick')
    expect(await targets.locator('option').allTextContents()).not.toContain('state')
    await targets.selectOption('Tick')
    const count = page.locator('.live-filter-bar [role="status"]')
    await expect.poll(() => count.textContent(), { timeout: 20_000 }).toMatch(/^500 of \d+ shown$/)
    expect((await liveFacts(page)).seqGaps).toBe(0)
    await screenshot(page, 'signalr-connection-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'signalr-connection-dark')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await screenshot(page, 'signalr-connection-420')
    await page.locator('.live-filter-bar').scrollIntoViewIfNeeded()
    await screenshot(page, 'signalr-connection-420-log')
    await page.setViewportSize({ width: 1280, height: 800 })
    await pinTheme(page, 'light')
    await targets.selectOption('')
    await page.locator('.composer [data-field-path="target"] input').first().fill('Echo')
    await bar.getByRole('button', { name: 'Send', exact: false }).first().click()
    await expect.poll(() => sentCount.textContent()).toBe('1')
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click()
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(pageErrors).toEqual([])
  })
})
