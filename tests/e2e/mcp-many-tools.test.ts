/**
 * An MCP server with more tools than discovery describes at once, in Chromium: the sidebar lists every tool from the
 * light discovery answer, and opening one fetches its form and schemas (`GET /api/method`) before it is filled and
 * sent; annotations (a destructive tool's confirmation) work from the listing alone. Real server: our SDK-built lab
 * server with 300 generated tools besides its own, listed 100 per page.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLabServer, type LabServer } from '../servers/mcp/lab-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme } from './support/live-page.js'
import { openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

describe.runIf(requireChromium())('an MCP server with many tools in the browser', () => {
  let lab: LabServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  const described: string[] = []

  const openTool = async (method: string): Promise<void> => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const row = page.locator(`.sb-method[data-origin="${lab.url}"][data-method="${method}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
  }

  beforeAll(async () => {
    lab = await startLabServer({ generatedTools: 300, pageSize: 100 })
    cli = await startCli({ urls: [lab.url] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/method') described.push(url.searchParams.get('method') ?? '')
    })
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await lab?.close()
  })

  it('fetches a tool’s nested form when it is opened, and sends the call built from it', async () => {
    await expect.poll(() => urlChip(page, lab.url).getAttribute('data-status'), { timeout: 60_000 }).toBe('ok')
    await openTool('nested')
    await page.locator('[data-field-path="address.street"] input').first().waitFor({ timeout: 20_000 })
    expect(described).toEqual(['nested'])
    // The fetched schema's enum and default reached the form.
    expect(await page.locator('[data-field-path="size"] select').first().inputValue()).toBe('medium')
    await page.locator('[data-field-path="name"] input').first().fill('Ada')
    await page.locator('[data-field-path="address.street"] input').first().fill('1 Rue de la Paix')
    await page.locator('[data-field-path="size"] select').first().selectOption('large')
    await screenshot(page, 'mcp-many-tools-form-dark')
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('OK')
    const structured = page.locator('.mcp-result').getByRole('region', { name: 'Structured content' })
    await structured.waitFor()
    const shown = (await structured.textContent()) ?? ''
    expect(shown).toContain('1 Rue de la Paix')
    expect(shown).toContain('large')
  })

  it('shows the output-schema fact once a tool is described, and asks before a destructive one runs', async () => {
    await openTool('weather-ok')
    const facts = page.getByLabel('Tool facts')
    await expect.poll(() => facts.textContent(), { timeout: 20_000 }).toContain('output schema')
    await openTool('fails')
    expect(await page.getByLabel('Tool facts').textContent()).toContain('destructive')
    const before = lab.methods().filter((m) => m === 'tools/call').length
    await page.keyboard.press('Control+Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Run fails?' })
    await confirm.waitFor()
    await confirm.getByRole('button', { name: "Don't run" }).click()
    await page.waitForTimeout(300)
    expect(lab.methods().filter((m) => m === 'tools/call')).toHaveLength(before)
  })

  it('opens a generated tool in light theme and at 420 px', async () => {
    await pinTheme(page, 'light')
    await openTool('tool-0300')
    await page.locator('[data-field-path="id"] input').first().waitFor({ timeout: 20_000 })
    await screenshot(page, 'mcp-many-tools-generated-light')
    await page.setViewportSize({ width: 420, height: 900 })
    await screenshot(page, 'mcp-many-tools-generated-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    expect(pageErrors).toEqual([])
  })
})
