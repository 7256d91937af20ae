/**
 * Request chaining and assertions in real Chromium against the demo services: a REST call returning a token (the
 * demo's echo answers the `text` it was sent) is sent and saved as `auth/login`; the chain action on the token in the
 * response tree copies `${auth/login.response.query.text}`; that reference feeds a gRPC call's metadata (seen in what
 * the gRPC plugin put on the wire) and a WebSocket frame (the demo chat echoes it). A reference that reads nothing is
 * flagged before sending like an unknown variable. The saved request's assertions, written in the Assertions editor,
 * show pass/fail beside the response after each send.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme, receivedPreviews, setRequestJson, typeInComposer, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const TOKEN = 'tok-e2e-4711'
const NAMED = '${auth/login.response.query.text}'

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const jsonRow = (page: Page, key: string) =>
  page.locator('.json-row').filter({ has: page.locator(`.json-key:text-is('"${key}"')`) })

describe.runIf(requireChromium())('request chaining and assertions', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, {
      colorScheme: 'dark',
      permissions: ['clipboard-read', 'clipboard-write'],
    }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'echoGet').waitFor({ timeout: 30_000 })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('copies a ${response…} reference with the chain action, by mouse and by keyboard', async () => {
    await openMethod(page, 'echoGet')
    await fieldInput(page, 'text').fill(TOKEN)
    await sendWithShortcut(page)
    const row = jsonRow(page, 'text')
    await row.waitFor()
    await row.hover()
    await screenshot(page, 'chain-action-dark')
    await row.getByRole('button', { name: 'Chain text: copy a reference to it' }).click()
    await expect.poll(() => clipboard(page)).toBe('${response.query.text}')
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Copied ${response.query.text}')
    // The keyboard path: the action is a button in the row, reached with Tab and run with Enter.
    await page.evaluate(() => navigator.clipboard.writeText(''))
    await jsonRow(page, 'path')
      .getByRole('button', { name: /^Chain path/ })
      .focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => clipboard(page)).toBe('${response.path}')
  })

  it('copies the named form once the request is saved, and any tab can read it', async () => {
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.getByLabel('Name').fill('login')
    await dialog.getByLabel(/Folder/).fill('auth')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.locator('.req-tab-title').allTextContents()).toContain('login')
    await sendWithShortcut(page)
    await jsonRow(page, 'text').getByRole('button', { name: 'Chain text: copy a reference to it' }).click()
    await expect.poll(() => clipboard(page)).toBe(NAMED)
  })

  it("feeds the saved request's token into a gRPC call's metadata, flagging a path that reads nothing", async () => {
    await openMethod(page, 'ListStations')
    await page.getByRole('tab', { name: /^Metadata/ }).click()
    await page.getByRole('textbox', { name: 'Metadata name' }).last().fill('x-token')
    await page.getByRole('textbox', { name: 'Metadata value' }).first().fill('${auth/login.response.query.nope}')
    const flag = page.locator('.unknown-vars-flag')
    await expect.poll(() => flag.getAttribute('data-unknown')).toBe('auth/login.response.query.nope')
    await screenshot(page, 'chain-unknown-path-dark')
    await page.getByRole('textbox', { name: 'Metadata value' }).first().fill(`Bearer ${NAMED}`)
    await expect.poll(() => flag.count()).toBe(0)
    await sendWithShortcut(page)
    await page.getByRole('tablist', { name: 'Response views' }).getByRole('tab', { name: 'Request' }).click()
    const sentHeaders = page.getByRole('table', { name: 'Request headers' })
    await expect.poll(() => sentHeaders.textContent()).toContain(`Bearer ${TOKEN}`)
    await screenshot(page, 'chain-grpc-metadata-dark')
  })

  it('feeds it into a WebSocket frame, substituted as the frame is sent', async () => {
    // The sidebar is virtualized: the search brings the chat's row into the DOM.
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('connect')
    await page.locator('.sb-method[data-origin$="/chat"][data-origin^="ws://"]').first().click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: 'connect' }).waitFor()
    await typeInComposer(page, 'Text', `token ${NAMED}`)
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['open'])
    await expect.poll(async () => (await receivedPreviews(page)).join('\n')).toContain(`token ${TOKEN}`)
    await screenshot(page, 'chain-websocket-frame-dark')
  })

  it("reads a channel's last message past the server's pings", async () => {
    // Still on the chat: its echo is the last message; then the server pings (a control frame, not a message).
    await typeInComposer(page, 'Text', 'chain-past-ping')
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await receivedPreviews(page)).join('\n')).toContain('chain-past-ping')
    await typeInComposer(page, 'Text', '/ping beat-7')
    await page.keyboard.press('Control+Enter')
    await page.locator('.live-row.is-in', { hasText: 'beat-7' }).waitFor()
    await typeInComposer(page, 'Text', 'again ${response.text}')
    const flag = page.locator('.unknown-vars-flag')
    await expect.poll(() => flag.count()).toBe(0)
    await page.keyboard.press('Control+Enter')
    await expect.poll(async () => (await receivedPreviews(page)).join('\n')).toContain('again chain-past-ping')
  })

  it("chains a value of a stream's last message from the message inspector", async () => {
    await openMethod(page, 'StreamReadings')
    await setRequestJson(page, { stationId: 'st-harbor', count: 3, intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed'])
    const inspector = page.getByRole('region', { name: 'Selected message' })
    // An earlier message is not what ${response.…} reads: it offers no chain action.
    await page.locator('.live-row.is-in:not(.is-meta)').first().click()
    await inspector.locator('.json-tree').waitFor()
    expect(await inspector.locator('.json-chain').count()).toBe(0)
    await page.locator('.live-row.is-in:not(.is-meta)').last().click()
    await expect.poll(() => inspector.locator('.json-chain').count()).toBeGreaterThan(0)
    await jsonRow(page, 'sequence').getByRole('button', { name: 'Chain sequence: copy a reference to it' }).click()
    await expect.poll(() => clipboard(page)).toBe('${response.sequence}')
  })

  it('shows the assertions written in the editor as pass/fail beside the response after each send', async () => {
    await page.getByRole('tab', { name: /^Collections/ }).click()
    await page.getByRole('radio', { name: 'Requests' }).click()
    await page.getByRole('button', { name: 'Actions for auth/login' }).click()
    await page.getByRole('button', { name: 'Assertions…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assertions of auth/login' })
    await dialog.getByRole('button', { name: 'Add assertion' }).click()
    await dialog.getByRole('button', { name: 'Add assertion' }).click()
    await dialog.getByRole('button', { name: 'Add assertion' }).click()
    const second = dialog.getByRole('group', { name: 'Assertion 2' })
    await second.getByRole('combobox', { name: 'Assertion 2 kind' }).selectOption('json')
    await second.getByRole('textbox', { name: 'Assertion 2 path' }).fill('query.text')
    await second.getByRole('textbox', { name: 'Assertion 2 expected' }).fill(`"${TOKEN}"`)
    const third = dialog.getByRole('group', { name: 'Assertion 3' })
    await third.getByRole('combobox', { name: 'Assertion 3 kind' }).selectOption('header')
    await third.getByRole('textbox', { name: 'Assertion 3 header name' }).fill('x-missing')
    await third.getByRole('combobox', { name: 'Assertion 3 check' }).selectOption('exists')
    await screenshot(page, 'assertions-editor-dark')
    await dialog.getByRole('button', { name: 'Save assertions' }).click()
    await dialog.waitFor({ state: 'detached' })
    const file = join(cli.configDir, 'workspaces/default/requests/auth/login.json')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { assertions?: unknown[] }
    expect(saved.assertions).toEqual([
      { type: 'status', is: 200 },
      { type: 'json', path: 'query.text', equals: TOKEN },
      { type: 'header', name: 'x-missing', exists: true },
    ])
    await page.locator('.req-tab-title', { hasText: 'login' }).click()
    await sendWithShortcut(page)
    const results = page.locator('.assertion-results')
    await expect
      .poll(() => results.locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-outcome'))))
      .toEqual(['pass', 'pass', 'fail'])
    expect(await results.locator('summary').textContent()).toBe('1 of 3 assertions failed')
    expect(await results.locator('li').nth(2).textContent()).toContain('no header x-missing in the response')
    await screenshot(page, 'assertions-results-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'assertions-results-light')
    await pinTheme(page, 'dark')
    // A save of the tab keeps the file's assertions (the pane does not hold them).
    await fieldInput(page, 'text').fill('tok-edited')
    await page.keyboard.press('Control+s')
    const reread = async () =>
      JSON.parse(await readFile(file, 'utf8')) as { messages: unknown[]; assertions?: unknown[] }
    await expect.poll(async () => JSON.stringify((await reread()).messages)).toContain('tok-edited')
    expect((await reread()).assertions).toHaveLength(3)
    expect(pageErrors).toEqual([])
  })

  it('refuses a pattern that could backtrack for minutes, naming it and what to write instead', async () => {
    const file = join(cli.configDir, 'workspaces/default/requests/auth/login.json')
    const before = await readFile(file, 'utf8')
    const refuse = async (theme: 'dark' | 'light') => {
      await pinTheme(page, theme)
      await page.getByRole('tab', { name: /^Collections/ }).click()
      await page.getByRole('radio', { name: 'Requests' }).click()
      await page.getByRole('button', { name: 'Actions for auth/login' }).click()
      await page.getByRole('button', { name: 'Assertions…' }).click()
      const dialog = page.getByRole('dialog', { name: 'Assertions of auth/login' })
      await dialog.getByRole('button', { name: 'Add assertion' }).click()
      const fourth = dialog.getByRole('group', { name: 'Assertion 4' })
      await fourth.getByRole('combobox', { name: 'Assertion 4 kind' }).selectOption('json')
      await fourth.getByRole('textbox', { name: 'Assertion 4 path' }).fill('query.text')
      await fourth.getByRole('combobox', { name: 'Assertion 4 check' }).selectOption('matches')
      await fourth.getByRole('textbox', { name: 'Assertion 4 expected' }).fill('(a+)+$')
      await dialog.getByRole('button', { name: 'Save assertions' }).click()
      const alert = fourth.getByRole('alert')
      await alert.waitFor()
      expect(await alert.textContent()).toContain('"matches" is refused: /(a+)+$/ could backtrack for minutes')
      expect(await alert.textContent()).toContain('rewrite it without nested quantifiers')
      await screenshot(page, `assertions-unsafe-pattern-${theme}`)
      if (theme === 'light') {
        const viewport = page.viewportSize()!
        await page.setViewportSize({ width: 420, height: 860 })
        await alert.scrollIntoViewIfNeeded()
        await screenshot(page, 'assertions-unsafe-pattern-420-light')
        await page.setViewportSize(viewport)
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
    }
    await refuse('dark')
    await refuse('light')
    await pinTheme(page, 'dark')
    expect(await readFile(file, 'utf8')).toBe(before)
    expect(pageErrors).toEqual([])
  })

  it('fits the assertion results and the chain action in a 420 px window', async () => {
    const { page: narrow } = await newPage(browser, { viewport: { width: 420, height: 860 }, colorScheme: 'light' })
    await openWorkbench(narrow, cli.openUrl)
    await narrow.locator('.drawer-toggle').click()
    await narrow.getByRole('tab', { name: /^Collections/ }).click()
    await narrow.getByRole('radio', { name: 'Requests' }).click()
    await narrow.locator('.col-row[data-path="auth/login"]').click()
    await sendWithShortcut(narrow)
    await narrow.locator('.assertion-results').scrollIntoViewIfNeeded()
    const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(narrow, 'assertions-results-420-light')
    await jsonRow(narrow, 'text').scrollIntoViewIfNeeded()
    await jsonRow(narrow, 'text').hover()
    await screenshot(narrow, 'chain-action-420-light')
    await narrow.context().close()
  })
})
