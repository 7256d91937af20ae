/**
 * Request tabs of the protocols with state outside the method's draft, in Chromium against the demo: a SignalR
 * connection's composer (the invocations it sends) and an MCP tool's session settings (the session channel's
 * connection headers) come back after a reload and after saving and reopening the request.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { openWorkbench } from './support/workbench-page.js'

const tabTitles = (page: Page) => page.locator('.req-tab-title').allTextContents()

describe.runIf(requireChromium())('tabs of SignalR and MCP requests', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page

  /** Finds a method of the server whose discovery URL contains `origin` through the search (the list is virtualized). */
  const openServerMethod = async (origin: string, method: string): Promise<void> => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const row = page.locator(`.sb-method[data-origin*="${origin}"][data-method="${method}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
  }
  const composerTargetInput = (): Locator => page.locator('.composer [data-field-path="target"] input').first()

  const saveAs = async (name: string, folder: string): Promise<void> => {
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.waitFor()
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel(/Folder/).fill(folder)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => tabTitles(page)).toContain(name)
  }

  const reopenSaved = async (path: string): Promise<void> => {
    await page.getByRole('tab', { name: /^Collections/ }).click()
    await page.getByRole('radio', { name: 'Requests' }).click()
    const row = page.locator(`.col-row[data-path="${path}"]`)
    await row.waitFor({ timeout: 10_000 })
    await row.click()
    await page.getByRole('tab', { name: /^Services/ }).click()
  }

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it("keeps a SignalR connection's composer through a reload and a save and reopen", async () => {
    await openServerMethod('/hubs/chat', 'connection')
    await composerTargetInput().fill('SendMessage')
    await expect.poll(() => page.locator('.req-tab-wrap').first().getAttribute('data-dirty')).toBe('true')
    await page.reload()
    await page.locator('.app').waitFor()
    await expect.poll(() => composerTargetInput().inputValue(), { timeout: 20_000 }).toBe('SendMessage')
    await screenshot(page, 'tabs-signalr-composer-restored-dark')

    await saveAs('say', 'hub')
    const file = join(cli.configDir, 'workspaces/default/requests/hub/say.json')
    await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('SendMessage')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { options?: { composer?: { target?: string } } }
    expect(saved.options?.composer?.target).toBe('SendMessage')
    const sayTab = page.locator('.req-tab-wrap', { hasText: 'say' })
    await expect.poll(() => sayTab.getAttribute('data-dirty')).toBe('false')
    await page.keyboard.press('Control+w')
    await expect.poll(() => tabTitles(page)).not.toContain('say')
    await reopenSaved('hub/say')
    await expect.poll(() => tabTitles(page)).toContain('say')
    await expect.poll(() => composerTargetInput().inputValue(), { timeout: 20_000 }).toBe('SendMessage')
    await page.keyboard.press('Control+w')
  })

  it("keeps an MCP tool's session settings (the session's connection headers) through a reload and a save", async () => {
    await openServerMethod('/mcp', 'events')
    await page.locator('.hub-options > summary', { hasText: 'Connection headers' }).click()
    await page
      .locator('.hub-options')
      .getByRole('tab', { name: /^Headers/ })
      .click()
    await page.getByRole('textbox', { name: 'Headers name' }).last().fill('X-Session-Tag')
    await page.getByRole('textbox', { name: 'Headers value' }).first().fill('lab-42')
    await openServerMethod('/mcp', 'convert-temperature')
    await saveAs('convert', 'mcp')
    const file = join(cli.configDir, 'workspaces/default/requests/mcp/convert.json')
    await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('X-Session-Tag')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { options?: { session?: { headers?: object } } }
    expect(saved.options?.session?.headers).toEqual({ 'X-Session-Tag': 'lab-42' })

    // The session's own tab goes; after a reload the tool's tab brings the session's headers back.
    const sessionTab = page.locator('.req-tab-wrap', { hasText: 'events' })
    await sessionTab.click()
    await page.keyboard.press('Control+w')
    // Its headers are unsaved edits of the session's tab: closing asks first.
    const ask = page.getByRole('dialog', { name: 'Close “events”?' })
    await ask.waitFor()
    await ask.getByRole('button', { name: 'Close without saving' }).click()
    await expect.poll(() => tabTitles(page)).not.toContain('events')
    await page.reload()
    await page.locator('.app').waitFor()
    await expect.poll(() => tabTitles(page), { timeout: 20_000 }).toContain('convert')
    await openServerMethod('/mcp', 'events')
    await page.locator('.hub-options > summary', { hasText: 'Connection headers' }).click()
    await page
      .locator('.hub-options')
      .getByRole('tab', { name: /^Headers/ })
      .click()
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Headers value' }).first().inputValue(), { timeout: 20_000 })
      .toBe('lab-42')
    await screenshot(page, 'tabs-mcp-session-restored-dark')
  })
})
