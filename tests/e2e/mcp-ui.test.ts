/**
 * MCP in Chromium against real servers: our lab server over Streamable HTTP (tests/servers/mcp/lab-server.ts, on the
 * SDK's server) and @modelcontextprotocol/server-everything over stdio, both from an --mcp-config file the workbench
 * trusts. The configured servers are listed and connected in one click; the session panel shows what `initialize`
 * said; tools run from their inputSchema forms with annotations as badges (a destructive one asks first); results show
 * each content kind, structured content beside its schema check, tool errors as such; progress draws a bar, Cancel
 * reaches the server; elicitation and sampling are answered from the page; logs and list changes arrive live.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMcpDemo } from '@wirebench/demo'
import { startLabServer, type LabServer } from '../servers/mcp/lab-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme, waitForLiveStatus } from './support/live-page.js'
import { openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const everythingEntry = resolve(
  import.meta.dirname,
  '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
)

describe.runIf(requireChromium())('MCP in the browser', () => {
  let lab: LabServer
  let kitchen: Awaited<ReturnType<typeof startMcpDemo>>
  let configDir: string
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  const methodRow = (origin: string, method: string) =>
    page.locator(`.sb-method[data-origin="${origin}"][data-method="${method}"]`).first()

  const openMethod = async (origin: string, method: string): Promise<void> => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const row = methodRow(origin, method)
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
  }

  const toolCalls = () => lab.methods().filter((m) => m === 'tools/call').length

  beforeAll(async () => {
    lab = await startLabServer()
    kitchen = await startMcpDemo({ host: '127.0.0.1', port: 0 })
    configDir = await mkdtemp(join(tmpdir(), 'wirebench-mcp-e2e-'))
    const config = join(configDir, 'mcp.json')
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          lab: { url: lab.url },
          kitchen: { url: kitchen.service.url },
          everything: { command: process.execPath, args: [everythingEntry, 'stdio'] },
        },
      }),
    )
    cli = await startCli({ mcpConfigs: [config] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await lab?.close()
    await kitchen?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })

  it('lists the configured servers, connects in one click and shows the session', async () => {
    const servers = page.getByRole('region', { name: 'Configured MCP servers' })
    await servers.getByText('everything').first().waitFor()
    expect(await servers.textContent()).toContain(everythingEntry)
    await screenshot(page, 'mcp-servers-light')
    await servers.getByRole('button', { name: 'Connect lab' }).click()
    await methodRow(lab.url, 'echo').waitFor({ timeout: 30_000 })
    await openMethod(lab.url, 'events')
    const session = page.getByRole('region', { name: 'Session' })
    await session.getByText('Wirebench lab').waitFor({ timeout: 20_000 })
    const text = (await session.textContent()) ?? ''
    expect(text).toMatch(/Protocol version\s*20\d\d-\d\d-\d\d/)
    expect(text).toContain('Streamable HTTP')
    expect(text).toContain('wirebench-lab 1.0.0')
    expect(text).toContain('tools (listChanged)')
    expect(text).toContain('resources (subscribe, listChanged)')
    // The server's instructions are its data: a ${…} in them stays as written.
    expect(text).toContain('A test server. ${canarySecret} is only text here.')
    await waitForLiveStatus(page, ['open'])
    await screenshot(page, 'mcp-session-light')

    await servers.getByRole('button', { name: 'Connect everything' }).click()
    await methodRow('mcp+stdio://everything', 'echo').waitFor({ timeout: 60_000 })
    await openMethod('mcp+stdio://everything', 'events')
    await expect.poll(() => session.textContent(), { timeout: 30_000 }).toContain('stdio')
    expect(await session.textContent()).toMatch(/Process\s*running · pid \d+/)
    await session.getByText(/^stderr \(\d+ lines\)$/).waitFor()
  })

  it('runs a tool from its nested form and shows the structured result', async () => {
    await openMethod(lab.url, 'nested')
    await page.locator('[data-field-path="name"] input').first().fill('Ada')
    await page.locator('[data-field-path="address.street"] input').first().fill('1 Rue de la Paix')
    await page.locator('[data-field-path="size"] select').first().selectOption('large')
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('OK')
    const result = page.locator('.mcp-result')
    const structured = result.getByRole('region', { name: 'Structured content' })
    await structured.waitFor()
    const shown = (await structured.textContent()) ?? ''
    expect(shown).toContain('1 Rue de la Paix')
    expect(shown).toContain('large')
  })

  it('asks before a destructive tool runs and shows its isError result as a tool error', async () => {
    await openMethod(lab.url, 'fails')
    const facts = page.getByLabel('Tool facts')
    expect(await facts.textContent()).toContain('destructive')
    const before = toolCalls()
    await page.keyboard.press('Control+Enter')
    const confirm = page.getByRole('alertdialog', { name: 'Run fails?' })
    await confirm.waitFor()
    await screenshot(page, 'mcp-confirm-light')
    await confirm.getByRole('button', { name: "Don't run" }).click()
    await page.waitForTimeout(300)
    expect(toolCalls()).toBe(before)
    expect(await page.locator('.mcp-result').count()).toBe(0)
    await page.keyboard.press('Control+Enter')
    await confirm.getByRole('button', { name: 'Run', exact: true }).click()
    const status = page.locator('.mcp-result .status-badge')
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('Tool error')
    expect(toolCalls()).toBe(before + 1)
    expect(await page.locator('.mcp-tool-error').textContent()).toContain('isError')
    expect(await page.locator('.mcp-result').textContent()).toContain('It went wrong on purpose.')
  })

  it('renders every content kind, and structured content that breaks its outputSchema', async () => {
    await openMethod(lab.url, 'contents')
    await sendWithShortcut(page)
    const blocks = page.locator('.mcp-blocks [data-content-kind]')
    await expect
      .poll(() => blocks.evaluateAll((els) => els.map((e) => e.getAttribute('data-content-kind'))))
      .toEqual(['text', 'image', 'audio', 'resource_link', 'resource'])
    expect(await page.locator('.mcp-blocks img').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(await page.locator('.mcp-blocks audio').getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==')
    expect(await page.locator('[data-content-kind="resource_link"]').textContent()).toContain('lab://readme')
    expect(await page.locator('[data-content-kind="resource"]').textContent()).toContain('embedded')
    await screenshot(page, 'mcp-contents-light')

    await openMethod(lab.url, 'weather-bad')
    await sendWithShortcut(page)
    const structured = page.getByRole('region', { name: 'Structured content' })
    await structured.getByText('does not match outputSchema').waitFor()
    expect(await page.getByRole('list', { name: 'Output schema errors' }).textContent()).toContain('/temperature')
    await openMethod(lab.url, 'weather-ok')
    await sendWithShortcut(page)
    await structured.getByText('matches outputSchema').waitFor()
  })

  it('draws progress on the running call, and Cancel reaches the server', async () => {
    await openMethod(lab.url, 'progress')
    await page.locator('[data-field-path="steps"] input').first().fill('4')
    await page.locator('[data-field-path="delayMs"] input').first().fill('400')
    await page.keyboard.press('Control+Enter')
    const bar = page.getByRole('progressbar', { name: 'Progress' })
    await expect.poll(() => bar.getAttribute('max'), { timeout: 20_000 }).toBe('4')
    await page.locator('.mcp-progress-label', { hasText: /of 4 — step \d/ }).waitFor()
    await screenshot(page, 'mcp-progress-light')
    await expect.poll(() => page.locator('.mcp-result .status-badge').textContent(), { timeout: 20_000 }).toBe('OK')

    await openMethod(lab.url, 'slow')
    await page.locator('[data-field-path="ms"] input').first().fill('30000')
    await page.keyboard.press('Control+Enter')
    await page.locator('.mcp-progress').waitFor()
    await page.waitForTimeout(300)
    await page.locator('.request-pane').getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => lab.cancelled().length, { timeout: 10_000 }).toBe(1)
  })

  it('answers an elicitation and a sampling request from the page', async () => {
    await openMethod(lab.url, 'ask')
    await page.keyboard.press('Control+Enter')
    const form = page.getByRole('form', { name: 'Elicitation' })
    await form.waitFor({ timeout: 20_000 })
    expect(await form.textContent()).toContain('Pick a color')
    await screenshot(page, 'mcp-elicitation-light')
    // Accepting without the required field is refused in the page; nothing is sent.
    await form.getByRole('button', { name: 'Accept' }).click()
    await form.getByRole('alert').waitFor()
    await form.getByRole('combobox').selectOption('green')
    await form.getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 }).toContain('green')
    expect(await page.locator('.mcp-result').textContent()).toContain('accept')

    await openMethod(lab.url, 'sample')
    await page.keyboard.press('Control+Enter')
    const sampling = page.getByRole('form', { name: 'Sampling request' })
    await sampling.waitFor({ timeout: 20_000 })
    expect(await sampling.textContent()).toContain('Say hi')
    await sampling.getByRole('textbox').fill('Hi from a person')
    await sampling.getByRole('button', { name: 'Send reply' }).click()
    await expect
      .poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 })
      .toContain('Hi from a person')

    // A request the server withdraws leaves a notice beside the call; roots/list and ping are answered by the workbench.
    await openMethod(lab.url, 'ask-then-withdraw')
    await sendWithShortcut(page)
    expect(await page.locator('.mcp-settled-cancelled').last().textContent()).toMatch(/elicitation\/create withdrawn/)
    await openMethod(lab.url, 'ping-client')
    await sendWithShortcut(page)
    await openMethod(lab.url, 'events')
    const settled = page.locator('.mcp-settled')
    await expect.poll(() => settled.textContent(), { timeout: 10_000 }).toContain('ping answered by the workbench')
  })

  it('shows a URL-mode elicitation as its host and URL with an Open link, and never fetches it', async () => {
    // The page the server asks the user to visit: the workbench must neither open nor fetch it by itself.
    const visits: string[] = []
    const consent = createServer((request, response) => {
      visits.push(request.url ?? '')
      response.end('consent')
    })
    await new Promise<void>((done) => consent.listen(0, '127.0.0.1', done))
    const target = `http://127.0.0.1:${(consent.address() as AddressInfo).port}/consent?step=1`
    try {
      await openMethod('mcp+stdio://everything', 'trigger-url-elicitation')
      await page.locator('[data-field-path="url"] input').first().fill(target)
      await page.keyboard.press('Control+Enter')
      const asked = page.getByRole('form', { name: 'URL elicitation' })
      await asked.waitFor({ timeout: 20_000 })
      expect(await asked.getByLabel('Host').textContent()).toBe(new URL(target).host)
      expect(await asked.getByLabel('URL').textContent()).toBe(target)
      const open = asked.getByRole('link', { name: `Open ${new URL(target).host}` })
      expect(await open.getAttribute('href')).toBe(target)
      expect(await open.getAttribute('target')).toBe('_blank')
      expect(await open.getAttribute('rel')).toBe('noopener noreferrer')
      await screenshot(page, 'mcp-url-elicitation-light')
      await pinTheme(page, 'dark')
      await screenshot(page, 'mcp-url-elicitation-dark')
      await page.setViewportSize({ width: 420, height: 900 })
      await page.waitForTimeout(400)
      await asked.scrollIntoViewIfNeeded()
      await screenshot(page, 'mcp-url-elicitation-dark-420')
      await page.setViewportSize({ width: 1440, height: 900 })
      await pinTheme(page, 'light')
      await asked.getByRole('button', { name: 'Done (accept)' }).click()
      await expect
        .poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 })
        .toContain('User completed the URL elicitation flow')
      expect(visits).toEqual([])
    } finally {
      await new Promise<void>((done) => consent.close(() => done()))
    }
  })

  it('lists the pages of a -32042 error with Open links, opens none of them, and Retry sends the call again', async () => {
    const visits: string[] = []
    const consent = createServer((request, response) => {
      visits.push(request.url ?? '')
      response.end('consent')
    })
    await new Promise<void>((done) => consent.listen(0, '127.0.0.1', done))
    const target = `http://127.0.0.1:${(consent.address() as AddressInfo).port}/consent?step=error-path`
    const popups: string[] = []
    page.context().on('page', (opened) => popups.push(opened.url()))
    try {
      await openMethod('mcp+stdio://everything', 'trigger-url-elicitation')
      await page.locator('[data-field-path="url"] input').first().fill(target)
      await page.locator('[data-field-path="errorPath"] select').first().selectOption('true')
      await page.keyboard.press('Control+Enter')
      const required = page.getByRole('region', { name: 'URL elicitation required' })
      await required.waitFor({ timeout: 20_000 })
      const pageToFinish = required.getByRole('group', { name: 'Page to finish' })
      expect(await pageToFinish.count()).toBe(1)
      // server-everything asks for a prerequisite page of its own, not the URL the call named.
      expect(await pageToFinish.getByLabel('Host').textContent()).toBe('modelcontextprotocol.io')
      expect(await pageToFinish.getByLabel('URL').textContent()).toBe('https://modelcontextprotocol.io')
      expect(await pageToFinish.textContent()).toContain('Open this link to satisfy the prerequisite')
      const open = pageToFinish.getByRole('link', { name: 'Open modelcontextprotocol.io' })
      expect(await open.getAttribute('href')).toBe('https://modelcontextprotocol.io/')
      expect(await open.getAttribute('target')).toBe('_blank')
      expect(await open.getAttribute('rel')).toBe('noopener noreferrer')
      expect(await page.locator('.mcp-result .mcp-tool-error').textContent()).toContain(
        'This request requires browser-based authorization',
      )
      expect(await page.locator('.mcp-result .status-badge').first().textContent()).toContain('Error -32042')
      await screenshot(page, 'mcp-url-elicitation-required-light')
      await pinTheme(page, 'dark')
      await screenshot(page, 'mcp-url-elicitation-required-dark')
      await page.setViewportSize({ width: 420, height: 900 })
      await page.waitForTimeout(400)
      await required.scrollIntoViewIfNeeded()
      await screenshot(page, 'mcp-url-elicitation-required-dark-420')
      await page.setViewportSize({ width: 1440, height: 900 })
      await pinTheme(page, 'light')

      // The retry is the same call: the server recognises it and goes on to ask for the named URL (its request path).
      await required.getByRole('button', { name: 'Retry the call' }).click()
      const asked = page.getByRole('form', { name: 'URL elicitation' })
      await asked.waitFor({ timeout: 20_000 })
      expect(await asked.getByLabel('URL').textContent()).toBe(target)
      expect(await required.count()).toBe(0)
      await asked.getByRole('button', { name: 'Done (accept)' }).click()
      await expect
        .poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 })
        .toContain('User completed the URL elicitation flow')
      expect(visits).toEqual([])
      expect(popups).toEqual([])
    } finally {
      await new Promise<void>((done) => consent.close(() => done()))
    }
  })

  it('sends a -32042-refused call again by itself once the server reports the page finished', async () => {
    await openMethod(lab.url, 'needs-consent')
    const before = toolCalls()
    await sendWithShortcut(page)
    // The lab refuses, lists its consent page, and 300 ms later sends notifications/elicitation/complete for it.
    await expect.poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 }).toContain('consented')
    expect(toolCalls() - before).toBe(2)
    expect(await page.getByRole('region', { name: 'URL elicitation required' }).count()).toBe(0)
  })

  it('reads resources, follows a subscribed one live, and completes template and prompt arguments', async () => {
    await openMethod(lab.url, 'readme')
    await sendWithShortcut(page)
    expect(await page.locator('.mcp-blocks [data-content-kind="resource"]').textContent()).toContain(
      'Hello from the lab.',
    )
    await page.getByRole('button', { name: 'Subscribe' }).click()
    await expect.poll(() => lab.methods().includes('resources/subscribe'), { timeout: 10_000 }).toBe(true)
    await openMethod(lab.url, 'touch')
    await sendWithShortcut(page)
    await openMethod(lab.url, 'readme')
    const updated = page.locator('.mcp-updated')
    await updated.waitFor({ timeout: 20_000 })
    expect(await page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(1)
    await updated.getByRole('button', { name: 'Read again' }).click()
    await expect
      .poll(() => page.locator('.mcp-blocks [data-content-kind="resource"]').textContent(), { timeout: 20_000 })
      .toContain('Touched at')

    await openMethod(lab.url, 'blob')
    await sendWithShortcut(page)
    const download = page.locator('.mcp-blocks a[download]')
    expect(await download.getAttribute('download')).toBe('blob')
    expect(await page.locator('.mcp-blocks').textContent()).toContain('4 bytes of application/octet-stream')

    await openMethod(lab.url, 'item')
    await page.locator('[data-field-path="id"] input').first().pressSequentially('A')
    const suggestions = page.getByRole('group', { name: 'Suggestions for id' })
    await suggestions.getByRole('button', { name: 'Alan' }).click()
    expect(await page.locator('[data-field-path="id"] input').first().inputValue()).toBe('Alan')
    await sendWithShortcut(page)
    expect(await page.locator('.mcp-blocks').textContent()).toContain('"id":"Alan"')

    await openMethod(lab.url, 'greet')
    await page.locator('[data-field-path="name"] input').first().pressSequentially('Gr')
    await page.getByRole('group', { name: 'Suggestions for name' }).getByRole('button', { name: 'Grace' }).click()
    await sendWithShortcut(page)
    const message = page.locator('.mcp-message[data-role="user"]')
    expect(await message.textContent()).toContain('Say hello to Grace')
    await screenshot(page, 'mcp-prompt-light')
  })

  it("books a table at the demo's kitchen: an elicitation with defaults, a choice and a checkbox", async () => {
    const kitchenUrl = kitchen.service.url
    await openMethod(lab.url, 'events')
    await page.getByRole('button', { name: 'Connect kitchen' }).click()
    await openMethod(kitchenUrl, 'book-table')
    await page.keyboard.press('Control+Enter')
    const form = page.getByRole('form', { name: 'Elicitation' })
    await form.waitFor({ timeout: 20_000 })
    expect(await form.textContent()).toContain('Booking at Chez Wirebench')
    // The schema's default is filled in; the user adds the rest.
    expect(await form.getByRole('textbox', { name: /Guests/ }).inputValue()).toBe('2')
    await form.getByRole('textbox', { name: /Name/ }).fill('Ada')
    await form.getByRole('combobox', { name: /Time/ }).selectOption('20:00')
    await form.getByRole('checkbox', { name: /On the terrace/ }).check()
    await screenshot(page, 'mcp-kitchen-elicitation-light')
    await form.getByRole('button', { name: 'Accept' }).click()
    await expect
      .poll(() => page.locator('.mcp-result').textContent(), { timeout: 20_000 })
      .toContain('Booked Chez Wirebench for Ada, 2 guests at 20:00.')
    await openMethod(kitchenUrl, 'convert-temperature')
    await sendWithShortcut(page)
    await page.getByText('matches outputSchema').waitFor()
    await pinTheme(page, 'dark')
    await screenshot(page, 'mcp-structured-dark')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await page.locator('.mcp-result').scrollIntoViewIfNeeded()
    await screenshot(page, 'mcp-structured-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    await pinTheme(page, 'light')
  })

  it('shows log notifications live, filters them by kind, and refreshes the sidebar on list_changed', async () => {
    await openMethod(lab.url, 'events')
    await page.getByRole('combobox', { name: 'Log level' }).selectOption('debug')
    await page.locator('.live-row', { hasText: 'level set to debug' }).waitFor({ timeout: 20_000 })
    const kinds = page.getByRole('combobox', { name: 'Kind' })
    await kinds.selectOption('log')
    const count = page.locator('.live-filter-bar [role="status"]')
    await expect.poll(() => count.textContent()).toMatch(/^1 of \d+ shown$/)
    await kinds.selectOption('')
    await screenshot(page, 'mcp-log-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'mcp-log-dark')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await screenshot(page, 'mcp-log-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    await pinTheme(page, 'light')

    const grown = page.locator(`.sb-method[data-origin="${lab.url}"][data-method^="grown-"]`)
    expect(await grown.count()).toBe(0)
    await openMethod(lab.url, 'grow')
    await sendWithShortcut(page)
    await grown.first().waitFor({ timeout: 20_000 })
    expect(pageErrors).toEqual([])
  })
})
