/**
 * Reading long strings and finding things in a response body, in real Chromium against the demo REST API and a real
 * `ws` server: a string cut in the tree can be wrapped and read whole, Ctrl+F filters the tree to what contains a
 * text (or opens the raw view's search), and the live message inspector wraps and shows raw JSON too.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWsServers, type WsServers } from '../servers/websocket/ws-servers.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { openChannel, pinTheme, setRequestJson, typeInComposer, waitForLiveStatus } from './support/live-page.js'
import { openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const LONG = `${'The quick brown fox jumps over the lazy dog. '.repeat(40)}THE-END`

describe.runIf(requireChromium())('long strings and Ctrl+F in response bodies', () => {
  let cli: RunningCli
  let ws: WsServers
  let browser: Browser

  beforeAll(async () => {
    ;[cli, ws] = await Promise.all([startCli({ demo: true }), startWsServers()])
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await ws?.close()
  })

  async function echoLongBody(page: Page): Promise<void> {
    await openMethod(page, 'echoPost')
    await setRequestJson(page, { message: LONG, nested: { level: 2, labels: ['needle-one', 'other'] } })
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
  }

  describe('wide screen', () => {
    let page: Page
    let pageErrors: string[]

    beforeAll(async () => {
      ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
      await openWorkbench(page, cli.openUrl)
      await page.locator('.sb-method').first().waitFor({ timeout: 20_000 })
      await echoLongBody(page)
    })

    afterAll(async () => {
      expect(pageErrors).toEqual([])
      await page?.context().close()
    })

    const tree = () => page.getByRole('tree', { name: 'Response body' })

    it('cuts a long string on one line, and shows it whole, wrapped, on request', async () => {
      expect(await tree().textContent()).not.toContain('THE-END')
      await tree()
        .locator('.json-string.is-cut')
        .first()
        .click({ position: { x: 20, y: 8 } })
      await expect.poll(() => tree().textContent()).toContain('THE-END')
      const row = tree().locator('.json-row', { hasText: 'THE-END' })
      const box = (await row.boundingBox())!
      expect(box.height).toBeGreaterThan(60)
      // Wrapped inside the pane: nothing runs off to the right.
      expect(await tree().evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true)
      expect(await page.getByRole('button', { name: 'Wrap' }).getAttribute('aria-pressed')).toBe('true')
      await screenshot(page, 'json-wrapped-dark')
    })

    it('filters the tree with Ctrl+F to what contains a text, with the path to it, marked', async () => {
      await page.locator('.response-summary').click()
      await page.keyboard.press('Control+f')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Find in response body')
      await page.keyboard.type('needle')
      await expect.poll(() => page.locator('.json-tree-count').first().textContent()).toBe('1 match')
      const leaves = await tree().locator('.json-row').allTextContents()
      expect(leaves.join('\n')).toContain('"needle-one"')
      expect(leaves.join('\n')).not.toContain('THE-END')
      // Typing is per key: a prefix can already count one match, so wait for the mark of the whole text.
      await expect.poll(() => tree().locator('mark').first().textContent()).toBe('needle')
      await pinTheme(page, 'light')
      await screenshot(page, 'json-find-light')
      await pinTheme(page, 'dark')
      await page.getByLabel('Find in response body').press('Escape')
      await expect.poll(() => tree().textContent()).toContain('THE-END')
    })

    it('shows a match found deep inside a long string on its one line, from just before the match', async () => {
      await page.getByRole('button', { name: 'Wrap' }).click()
      expect(await page.getByRole('button', { name: 'Wrap' }).getAttribute('aria-pressed')).toBe('false')
      await page.locator('.response-summary').click()
      await page.keyboard.press('Control+f')
      await page.keyboard.type('the-end')
      await expect.poll(() => page.locator('.json-tree-count').first().textContent()).toBe('1 match')
      const mark = tree().locator('mark').first()
      // "the-" alone already counts one match: wait until the mark holds the whole text typed.
      await expect.poll(() => mark.textContent()).toBe('THE-END')
      const [markBox, treeBox] = [(await mark.boundingBox())!, (await tree().boundingBox())!]
      expect(markBox.x + markBox.width).toBeLessThanOrEqual(treeBox.x + treeBox.width)
      expect(await mark.evaluate((element) => element.closest('.json-string')?.textContent?.startsWith('"…'))).toBe(
        true,
      )
      await screenshot(page, 'json-find-deep-dark')
      await page.getByLabel('Find in response body').press('Escape')
    })

    it('opens the raw view’s search with Ctrl+F', async () => {
      await page.getByRole('group', { name: 'Body view' }).getByRole('button', { name: 'Raw' }).click()
      await page.locator('.response-body .cm-content').waitFor()
      await page.locator('.response-summary').click()
      await page.keyboard.press('Control+f')
      await page.locator('.response-body .cm-search').waitFor()
      await page.getByRole('group', { name: 'Body view' }).getByRole('button', { name: 'Tree' }).click()
    })

    it('wraps a long string in the message inspector and shows the message as raw JSON', async () => {
      await page.getByLabel('Discovery URL to add').fill(ws.url('/echo'))
      await page.getByLabel('Discovery URL to add').press('Enter')
      await page.getByRole('searchbox', { name: 'Search operations' }).fill('echo')
      await openChannel(page, ws.url('/echo'))
      await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
      await page.getByRole('button', { name: 'Connect' }).click()
      await waitForLiveStatus(page, ['open'])
      await typeInComposer(page, 'JSON', JSON.stringify({ long: LONG }))
      await page.keyboard.press('Control+Enter')
      const received = page.locator('.live-row.is-in:not(.is-meta)').first()
      await received.waitFor()
      await received.click()
      const inspector = page.getByRole('region', { name: 'Selected message' })
      expect(await inspector.textContent()).not.toContain('THE-END')
      await inspector.getByRole('button', { name: 'Wrap' }).click()
      await expect.poll(() => inspector.textContent()).toContain('THE-END')
      await inspector.getByRole('button', { name: 'Raw' }).click()
      expect(await inspector.getByLabel('Message as JSON').textContent()).toContain('THE-END"')
      await screenshot(page, 'inspector-raw-dark')
    })
  })

  it('keeps the wrapped tree and the find box inside a 420 px window', async () => {
    const { page } = await newPage(browser, { viewport: { width: 420, height: 860 }, colorScheme: 'light' })
    await openWorkbench(page, cli.openUrl)
    await page.locator('.sb-method').first().waitFor({ state: 'attached', timeout: 20_000 })
    await page.locator('.drawer-toggle').click()
    await echoLongBody(page)
    const tree = page.getByRole('tree', { name: 'Response body' })
    await page.getByRole('button', { name: 'Wrap' }).click()
    await expect.poll(() => tree.textContent()).toContain('THE-END')
    await tree.scrollIntoViewIfNeeded()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await screenshot(page, 'json-wrapped-420-light')
    await page.context().close()
  })
})
