/**
 * The assistant drawer in real Chromium against the real CLI (which bundles the AI package): Ctrl+I and the top bar's
 * button open it with the focus in the composer, its settings choose the provider (another provider starts from its
 * own defaults), a streamed answer appears piece by piece as Markdown and its image fetches nothing, a huge reply
 * built to stall the parser shows as plain text, an environment secret never reaches the model, Stop and Escape work.
 * Screenshots in dark, light and at 420 px. A workbench without the AI package has no drawer nor button, and Ctrl+I
 * says so. Set-up: `support/assistant-fixture.ts`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStandaloneServer, type StandaloneServer } from '@wirebench/server'
import { repoRoot } from '../servers/server/cli-process.js'
import { startAssistantPage, CANARY, type AssistantPage } from './support/assistant-fixture.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('the assistant drawer', () => {
  let ui: AssistantPage
  let page: Page
  const drawer = () => ui.drawer()
  const composer = () => ui.composer()
  const lastReply = () => ui.lastReply()
  const activity = (text: string) => ui.activity(text)
  const ask = (text: string) => ui.ask(text)
  const waitIdle = () => ui.waitIdle()
  const useModel = (endpoint: string) => ui.useModel(endpoint)

  beforeAll(async () => {
    ui = await startAssistantPage()
    page = ui.page
  })

  afterAll(async () => {
    await ui?.close()
  })

  it('opens with Ctrl+I with the focus in the composer, and its settings choose the provider', async () => {
    // A response carrying the environment's secret: the context the assistant sends must not.
    await openMethod(page, 'echo')
    await fieldInput(page, 'text').fill('${apiSecret}')
    await sendWithShortcut(page)
    await page.keyboard.press('Control+i')
    await drawer().waitFor()
    await expect.poll(() => composer().evaluate((element) => element === document.activeElement)).toBe(true)
    await useModel(ui.mockLlm.url)
    expect(await drawer().locator('.ai-provider').textContent()).toBe('lmstudio · local-model (default)')
    await drawer().getByRole('button', { name: 'Assistant settings' }).click()
    expect(await drawer().getByLabel('API key (not set)').count()).toBe(1)
    expect(await drawer().getByLabel('Model').getAttribute('placeholder')).toBe('local-model')
    await screenshot(page, 'ai-assistant-settings-dark')
    await drawer().getByRole('button', { name: 'Assistant settings' }).click()
  })

  it('starts another provider from its own defaults in the settings: the endpoint is not carried over', async () => {
    await drawer().getByRole('button', { name: 'Assistant settings' }).click()
    const settings = drawer().getByRole('form', { name: 'Assistant settings' })
    const endpoint = settings.getByLabel('Endpoint')
    expect(await endpoint.inputValue()).toBe(ui.mockLlm.url)
    await settings.getByLabel('Provider').selectOption('openai')
    expect(await endpoint.inputValue()).toBe('')
    expect(await endpoint.getAttribute('placeholder')).toBe('the provider’s default')
    await settings.getByLabel('Provider').selectOption('lmstudio')
    expect(await endpoint.inputValue()).toBe(ui.mockLlm.url)
    await drawer().getByRole('button', { name: 'Assistant settings' }).click()
  })

  it('shows a streamed answer as it arrives, rendered as Markdown, and its image fetches nothing', async () => {
    await ask('markdown please')
    const reply = lastReply()
    await reply.locator('.markdown').waitFor()
    const early = (await reply.textContent()) ?? ''
    expect(await reply.getAttribute('aria-busy')).toBe('true')
    await expect.poll(async () => ((await reply.textContent()) ?? '').length).toBeGreaterThan(early.length)
    await waitIdle()
    expect(await reply.getAttribute('aria-busy')).toBe('false')
    expect(await reply.locator('strong').textContent()).toBe('bold text')
    expect(await reply.locator('code').textContent()).toBe('inline code')
    expect(await reply.locator('li').allTextContents()).toEqual(['first item', 'second item'])
    // The image is a link the user may click, not a fetch: the shop saw no request, nor did any other origin.
    expect(await drawer().locator('img').count()).toBe(0)
    const link = reply.getByRole('link', { name: 'image: chart' })
    expect(await link.getAttribute('href')).toContain(`${ui.shop.url}/pixel`)
    expect(await link.getAttribute('rel')).toContain('noopener noreferrer')
    await page.waitForTimeout(300)
    expect(ui.shop.pixelHits).toBe(0)
    expect(ui.foreignRequests).toEqual([])
  })

  it('never hands the model an environment secret, though the last response carried it', () => {
    // The page masks it before the chat leaves (the server would cut it again).
    const chats = ui.socketFrames.filter((frame) => frame.includes('"op":"ai.chat"'))
    expect(chats.length).toBeGreaterThan(0)
    for (const frame of chats) expect(frame).not.toContain(CANARY)
    const bodies = ui.mockLlm.bodies
    expect(bodies.length).toBeGreaterThan(0)
    // The context went along (the selected method and its response, the secret masked in it).
    expect(bodies.join('\n')).toContain('Answers the text it is given')
    expect(bodies.join('\n')).toContain('{\\"text\\":\\"***\\"}')
    for (const body of bodies) expect(body).not.toContain(CANARY)
  })

  it('stops a streaming answer with Stop', async () => {
    await ask('markdown please, again')
    await lastReply().locator('.markdown').waitFor()
    await drawer().getByRole('button', { name: 'Stop' }).click()
    await activity('Stopped.').waitFor()
    await waitIdle()
  })

  it('shows a huge reply built to stall the Markdown parser as plain text, without freezing the page', async () => {
    await useModel(ui.floodLlm.url)
    const started = Date.now()
    await ask('flood me')
    await waitIdle()
    const took = Date.now() - started
    const reply = lastReply()
    expect(await reply.locator('.ai-reply-note').textContent()).toBe('A long reply: shown as plain text.')
    expect(((await reply.locator('.ai-reply-plain').textContent()) ?? '').length).toBeGreaterThan(60_000)
    // Parsed as Markdown on each streamed piece, this reply kept the page busy for tens of seconds.
    expect(took).toBeLessThan(8_000)
  })

  it('opens and closes from the top bar’s button too, which names Ctrl+I and gets the focus back', async () => {
    const button = page.locator('.top-bar').getByRole('button', { name: 'Assistant', exact: true })
    expect(await button.getAttribute('title')).toBe('Assistant (Ctrl+I)')
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await button.click()
    await drawer().waitFor({ state: 'detached' })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    await page.setViewportSize({ width: 420, height: 860 })
    expect(await button.isVisible()).toBe(true)
    await screenshot(page, 'ai-assistant-button-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    await button.focus()
    await page.keyboard.press('Enter')
    await drawer().waitFor()
    await expect.poll(() => composer().evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Escape')
    await drawer().waitFor({ state: 'detached' })
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)
    await page.keyboard.press('Control+i')
    await drawer().waitFor()
  })

  it('closes with Escape, giving the focus back, and keeps the conversation for the next Ctrl+I', async () => {
    await screenshot(page, 'ai-assistant-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'ai-assistant-light')
    await pinTheme(page, 'dark')
    await page.setViewportSize({ width: 420, height: 860 })
    await screenshot(page, 'ai-assistant-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    await composer().focus()
    await page.keyboard.press('Escape')
    await drawer().waitFor({ state: 'detached' })
    await page.keyboard.press('Control+i')
    await drawer().waitFor()
    expect(await drawer().locator('.ai-user').count()).toBe(3)
    expect(ui.foreignRequests).toEqual([])
  })
})

describe.runIf(requireChromium())('a stdio MCP host set in ai-config.json', () => {
  let session: WorkbenchSession
  let configDir: string

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wirebench-ai-stdio-'))
    const host = join(repoRoot, 'tests/servers/ai/mcp-chat-stdio.mjs')
    const config = {
      version: 1,
      provider: 'mcp',
      endpoint: `stdio:${process.execPath} ${host}`,
      model: 'host-a',
      apiKey: null,
      autoDetectLocal: false,
    }
    await writeFile(join(configDir, 'ai-config.json'), JSON.stringify(config), { mode: 0o600 })
    session = await startWorkbenchSession({ cli: { configDir } })
  })

  afterAll(async () => {
    expect(session?.errors).toEqual([])
    await session?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })

  it('changes the model from the drawer, keeping the command line it may not see, and chats through the host', async () => {
    const { page } = session
    const drawer = page.getByRole('dialog', { name: 'Assistant' })
    await page.keyboard.press('Control+i')
    await drawer.waitFor()
    await drawer.getByRole('button', { name: 'Assistant settings' }).click()
    const settings = drawer.getByRole('form', { name: 'Assistant settings' })
    // The page sees the program only; saving must not send that masked text back as the endpoint.
    expect(await settings.getByLabel('Endpoint').inputValue()).toMatch(/^stdio:\S+ …$/)
    await settings.getByLabel('Model').fill('host-b')
    await settings.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => drawer.locator('.ai-provider').textContent()).toBe('mcp · host-b')
    expect(await settings.getByRole('alert').count()).toBe(0)
    await drawer.getByRole('button', { name: 'Assistant settings' }).click()
    await drawer.getByRole('textbox', { name: 'Message the assistant' }).fill('hello host')
    await drawer.getByRole('textbox', { name: 'Message the assistant' }).press('Enter')
    await drawer.locator('.ai-reply', { hasText: 'stdio host (host-b): hello host' }).waitFor({ timeout: 20_000 })
  })
})

describe.runIf(requireChromium())('a workbench without the AI package', () => {
  let server: StandaloneServer
  let configDir: string

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wirebench-no-ai-'))
    server = await createStandaloneServer({
      host: '127.0.0.1',
      port: 0,
      configDir,
      uiDir: join(repoRoot, 'packages/ui/dist'),
      logLevel: false,
    })
  })

  afterAll(async () => {
    await server?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })

  it('has no drawer nor top-bar button, and Ctrl+I says quietly that the assistant is not available', async () => {
    const base = await server.listen()
    const browser = await launchChromium()
    try {
      const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
      await openWorkbench(page, `${base}/#token=${server.token ?? ''}`)
      await page.keyboard.press('Control+i')
      const toast = page.getByRole('status').filter({ hasText: 'no AI package' })
      await toast.waitFor()
      expect(await toast.textContent()).toContain('the assistant is not available')
      expect(await page.locator('.ai-drawer').count()).toBe(0)
      expect(await page.locator('.top-bar .assistant-toggle').count()).toBe(0)
      expect(await page.locator('.top-bar .theme-toggle').count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
