/**
 * The hint rules the first browser test does not reach, each against a real server and each with its action checked:
 * a status the OpenAPI document does not list (Show problems opens the validation list), a body over 100 KB (Find in
 * body focuses the find box), Define `${name}` with no environment active (one is made, the editor lands on the row),
 * an unknown `${name}` in a WebSocket message, a slow MCP tool call (offered the console, which its pane can use), a
 * gRPC server without reflection (Upload .proto files opens the Schema Files tab), the strip never covering a button of
 * any protocol's pane at 420 px, and an SSE stream that stays silent (Open console; waited out on Playwright's clock).
 */
import { fileURLToPath } from 'node:url'
import { loadPackageDefinition, Server, ServerCredentials } from '@grpc/grpc-js'
import type { GrpcObject, ServerWritableStream, ServiceClientConstructor } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { pinTheme, typeInComposer, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, sendWithShortcut, urlChip } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

/** A real gRPC server (@grpc/grpc-js) with one service and no reflection: only its .proto files can describe it. */
async function startServerWithoutReflection(): Promise<{ url: string; close: () => Promise<void> }> {
  const definition = loadSync(fileURLToPath(new URL('./support/grpc-live-target.proto', import.meta.url)))
  const live = ((loadPackageDefinition(definition).wirebench as GrpcObject).e2e as GrpcObject).live as GrpcObject
  const server = new Server()
  server.addService((live.Ticker as ServiceClientConstructor).service, {
    Ticks: (call: ServerWritableStream<unknown, unknown>) => call.end(),
  })
  const port = await new Promise<number>((bound, fail) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, p) => (error ? fail(error) : bound(p))),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => server.tryShutdown(() => done())),
  }
}

describe.runIf(requireChromium())('hint rules in the browser', () => {
  let session: WorkbenchSession
  let page: Page
  let grpc: Awaited<ReturnType<typeof startServerWithoutReflection>>

  beforeAll(async () => {
    grpc = await startServerWithoutReflection()
    session = await startWorkbenchSession({ cli: { demo: true } })
    page = session.page
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
  })

  afterAll(async () => {
    expect(session?.errors).toEqual([])
    await session?.close()
    await grpc?.close()
  })

  const hints = () => page.getByRole('region', { name: 'Hints' })
  const hint = (title: string | RegExp) => hints().locator('.hint', { hasText: title })
  const addUrl = async (url: string) => {
    const input = page.getByLabel('Discovery URL to add')
    await input.fill(url)
    await input.press('Enter')
    await urlChip(page, url).waitFor()
  }

  it('names a status the document does not list, and Show problems opens the validation list', async () => {
    await openMethod(page, 'brewCoffee')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^418/)
    const undocumented = hint('Status 418 is not in the schema')
    await undocumented.waitFor()
    expect(await undocumented.textContent()).toContain('HTTP 418 is not documented for this operation')
    // Folded away and on another tab, as a user may have left it: the action brings the list back into view.
    const problems = page.getByRole('list', { name: 'Validation problems' })
    await page.locator('.validation-badge').click()
    await problems.waitFor({ state: 'detached' })
    await page
      .locator('.response-pane')
      .getByRole('tab', { name: /^Headers/ })
      .click()
    await undocumented.getByRole('button', { name: 'Show problems' }).click()
    await problems.waitFor()
    expect(await page.locator('.response-pane').getByRole('tab', { name: 'Body' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(await problems.textContent()).toContain('HTTP 418 is not documented')
  })

  it('names a body over 100 KB, and Find in body focuses the find box', async () => {
    await openMethod(page, 'bulkRows')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const large = hint(/^Large response: 1\d\d(\.\d)? KB/)
    await large.waitFor()
    await page.mouse.move(1, 1)
    await screenshot(page, 'hints-large-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'hints-large-light')
    await pinTheme(page, 'dark')
    await large.getByRole('button', { name: 'Find in body' }).click()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Find in response body')
  })

  it('defines an unknown variable with no environment active: makes one and lands on the new row', async () => {
    // The demo's own environment is active; with none, a Define has nowhere to go yet.
    await page.locator('#env-select').selectOption('')
    await openMethod(page, 'echoGet')
    await page.locator('[data-field-path="text"]').first().locator('input').fill('${greeting}')
    await sendWithShortcut(page)
    const unknown = hint('Unknown variable ${greeting}')
    await unknown.getByRole('button', { name: 'Define ${greeting}' }).click()
    const editor = page.getByRole('dialog', { name: 'Environments' })
    await editor.waitFor()
    // A new environment, active at once, holding the variable; the focus is in its value, ready to type.
    expect(await page.locator('#env-select option:checked').textContent()).toBe('New environment')
    // The name is known now (empty): its hint goes at once instead of waiting for the next send.
    await unknown.waitFor({ state: 'detached' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Value of greeting')
    await page.keyboard.type('hello')
    await editor.getByRole('button', { name: 'Close the environments editor' }).click()
    await editor.waitFor({ state: 'detached' })
    await sendWithShortcut(page)
    await unknown.waitFor({ state: 'detached' })
    expect(await page.locator('.response-pane').textContent()).toContain('hello')
  })

  it('flags an unknown variable in a message sent on a WebSocket channel', async () => {
    // The demo's chat is listed by its ws:// address (the CLI's own list leaves it out).
    const chat = await page.locator('.url-chip[data-url^="ws://"]').first().getAttribute('data-url')
    if (chat === null) throw new Error('The demo lists no WebSocket channel.')
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('chat')
    const row = page.locator(`.sb-method[data-origin$="//${new URL(chat).host}/chat"]`).first()
    await row.click()
    await search.fill('')
    await page.getByRole('button', { name: 'Connect' }).click()
    await waitForLiveStatus(page, ['open'])
    await typeInComposer(page, 'Text', 'hello ${visitor}')
    await page.getByRole('toolbar', { name: 'Composer' }).getByRole('button', { name: 'Send' }).click()
    const unknown = hint('Unknown variable ${visitor}')
    await unknown.waitFor()
    await unknown.getByRole('button', { name: 'Define ${visitor}' }).click()
    const editor = page.getByRole('dialog', { name: 'Environments' })
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Value of visitor')
    await editor.getByRole('button', { name: 'Close the environments editor' }).click()
    await editor.waitFor({ state: 'detached' })
  })

  it('names a slow MCP tool call and offers what its pane can do: the console, not a Timing tab', async () => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('brew-coffee')
    await page.locator('.sb-method[data-origin*="/mcp"][data-method="brew-coffee"]').first().click()
    await search.fill('')
    await fieldInput(page, 'steps').fill('3')
    await fieldInput(page, 'stepMs').fill('800')
    await page.keyboard.press('Control+Enter')
    const slow = hint(/^Slow response: 2\.\d\d s/)
    await slow.waitFor({ timeout: 15_000 })
    expect(await slow.getByRole('button').first().textContent()).toBe('Open console')
    const consoleList = page.getByRole('listbox', { name: /^Console entries/ })
    await slow.getByRole('button', { name: 'Open console' }).click()
    await consoleList.waitFor()
    expect(await consoleList.locator('[role="option"]', { hasText: 'brew-coffee' }).count()).toBeGreaterThanOrEqual(1)
    await page.keyboard.press('Control+Backquote')
    await consoleList.waitFor({ state: 'detached' })
  })

  it('offers .proto files for a gRPC server without reflection, and opens the Schema Files tab', async () => {
    await addUrl(grpc.url)
    const noReflection = hint('gRPC without reflection')
    await noReflection.waitFor({ timeout: 30_000 })
    expect(await noReflection.textContent()).toContain(`${grpc.url} speaks gRPC but does not list its services`)
    const filesTab = page.getByRole('tab', { name: /Schema Files/ })
    expect(await filesTab.getAttribute('aria-selected')).toBe('false')
    await noReflection.getByRole('button', { name: 'Upload .proto files' }).click()
    await expect.poll(() => filesTab.getAttribute('aria-selected')).toBe('true')
    await page.getByRole('tab', { name: /Services/ }).click()
  })

  it('never covers a button of any protocol’s pane, at 420 px and at full width', async () => {
    // The gRPC hint is page-wide: it stays in the strip whichever tab is open.
    await hint('gRPC without reflection').waitFor()
    const chat = await page.locator('.url-chip[data-url^="ws://"]').first().getAttribute('data-url')
    const panes: Array<[name: string, origin: string, method: string]> = [
      ['rest', '/openapi.json', 'echoGet'],
      ['graphql', '/graphql', 'books'],
      ['grpc', '', 'RegisterStation'],
      ['grpc-stream', '', 'StreamReadings'],
      ['mcp-session', '/mcp', 'events'],
      ['mcp-tool', '/mcp', 'convert-temperature'],
      ['signalr', '/hubs/chat', 'connection'],
      ['websocket', `//${new URL(chat ?? 'ws://none').host}/chat`, ''],
      ['sse', '/events', 'subscribe'],
    ]
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    for (const [name, origin, method] of panes) {
      await page.setViewportSize({ width: 1440, height: 900 })
      await search.fill(method || 'chat')
      const byOrigin = origin ? `[data-origin*="${origin}"]` : ''
      const row = page.locator(`.sb-method${byOrigin}${method ? `[data-method="${method}"]` : ''}`)
      await row.first().click()
      await search.fill('')
      await page.locator('.request-pane .method-name').waitFor()
      for (const width of [1440, 420]) {
        await page.setViewportSize({ width, height: width === 420 ? 860 : 900 })
        await page.mouse.move(1, 1)
        // Each button of the panes, scrolled into view, must be what a click at its centre lands on.
        const covered = await page.evaluate(() => {
          const strip = document.querySelector('.hints-strip')
          const found: string[] = []
          for (const button of document.querySelectorAll<HTMLElement>('.main button, .main summary')) {
            if (!button.checkVisibility()) continue
            button.scrollIntoView({ block: 'nearest', inline: 'nearest' })
            const box = button.getBoundingClientRect()
            if (box.width === 0 || box.height === 0) continue
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
            if (hit && strip?.contains(hit)) found.push(button.getAttribute('aria-label') ?? button.textContent ?? '')
          }
          return found
        })
        expect(covered, `${name} at ${width} px`).toEqual([])
      }
      await page.locator('.main').evaluate((main) => main.scrollTo(0, 0))
      await screenshot(page, `hints-strip-${name}-narrow`)
      if (name === 'mcp-session') {
        await pinTheme(page, 'light')
        await screenshot(page, 'hints-strip-mcp-session-narrow-light')
        await pinTheme(page, 'dark')
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('names an event stream that stays silent, and Open console opens the console', async () => {
    const feed = session.cli.demoUrls.find((url) => url.endsWith('/events'))
    if (feed === undefined) throw new Error('The demo lists no SSE feed.')
    const silent = `${feed}/silent`
    // From the reload on, the page's timers run on Playwright's clock: ten seconds of silence take no real time.
    await page.clock.install()
    await page.reload()
    await page.locator('.app').waitFor()
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
    await addUrl(silent)
    // The list is virtualized: the search brings the stream's row into the page.
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('events')
    const row = page.locator(`.sb-method[data-origin="${silent}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['open'])
    expect(await hint(/^No event in/).count()).toBe(0)
    await page.clock.fastForward(11_000)
    const quiet = hint(/^No event in 1\d s/)
    await quiet.waitFor()
    const consoleList = page.getByRole('listbox', { name: /^Console entries/ })
    expect(await consoleList.count()).toBe(0)
    await quiet.getByRole('button', { name: 'Open console' }).click()
    await consoleList.waitFor()
  })
})
