/**
 * A saved request's assertions show beside the unary response of every protocol, not only REST and gRPC: a GraphQL
 * query, an MCP tool call and a SignalR hub invocation against the demo services, each saved, given assertions in the
 * editor and sent. The MCP and SignalR result viewers also offer the chain action on their values, and their request
 * panes (and the WebSocket composer) flag a reference that reads nothing before anything is sent.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme, setRequestJson, typeInComposer } from './support/live-page.js'
import { fieldInput, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const tabTitles = (page: Page) => page.locator('.req-tab-title').allTextContents()

describe.runIf(requireChromium())('assertions beside GraphQL, MCP and SignalR results', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  /** Opens a method of the server whose discovery URL contains `origin` (the list is virtualized: through search). */
  const openServerMethod = async (origin: string, method: string): Promise<void> => {
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill(method)
    const row = page.locator(`.sb-method[data-origin*="${origin}"][data-method="${method}"]`).first()
    await row.waitFor({ timeout: 30_000 })
    await row.click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: method }).waitFor()
  }

  const saveAs = async (name: string, folder: string): Promise<void> => {
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.waitFor()
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel(/Folder/).fill(folder)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => tabTitles(page)).toContain(name)
  }

  /** Two assertions in the editor: the row's default status and `path` exists; then back to the tab. */
  const addAssertions = async (path: string, jsonPath: string): Promise<void> => {
    await page.getByRole('tab', { name: /^Collections/ }).click()
    await page.getByRole('radio', { name: 'Requests' }).click()
    await page.getByRole('button', { name: `Actions for ${path}` }).click()
    await page.getByRole('button', { name: 'Assertions…' }).click()
    const dialog = page.getByRole('dialog', { name: `Assertions of ${path}` })
    await dialog.getByRole('button', { name: 'Add assertion' }).click()
    await dialog.getByRole('button', { name: 'Add assertion' }).click()
    const second = dialog.getByRole('group', { name: 'Assertion 2' })
    await second.getByRole('combobox', { name: 'Assertion 2 kind' }).selectOption('json')
    await second.getByRole('textbox', { name: 'Assertion 2 path' }).fill(jsonPath)
    await second.getByRole('combobox', { name: 'Assertion 2 check' }).selectOption('exists')
    await dialog.getByRole('button', { name: 'Save assertions' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('tab', { name: /^Services/ }).click()
  }

  const outcomes = () =>
    page
      .locator('.response-pane .assertion-results li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-outcome')))

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, {
      colorScheme: 'dark',
      permissions: ['clipboard-read', 'clipboard-write'],
    }))
    await openWorkbench(page, cli.openUrl)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('shows them beside a GraphQL query result', async () => {
    await openServerMethod('/graphql', 'books')
    await saveAs('gqlbooks', 'gql')
    await addAssertions('gql/gqlbooks', 'data.books.0.title')
    await page.locator('.req-tab-title', { hasText: 'gqlbooks' }).click()
    await sendWithShortcut(page)
    await expect.poll(outcomes, { timeout: 15_000 }).toEqual(['pass', 'pass'])
    expect(await page.locator('.assertion-results summary').textContent()).toBe('2/2 assertions passed')
    await screenshot(page, 'assertions-graphql-dark')
  })

  it('shows them beside an MCP tool result, and chains a value of it', async () => {
    await openServerMethod('/mcp', 'shout')
    await fieldInput(page, 'message').fill('hi there')
    await saveAs('shout', 'mcp')
    await addAssertions('mcp/shout', 'content.0.text')
    await page.locator('.req-tab-title', { hasText: 'shout' }).click()
    await sendWithShortcut(page)
    // An MCP call's status is a name: the editor's new status row expects OK, not 200.
    await expect.poll(outcomes, { timeout: 15_000 }).toEqual(['pass', 'pass'])
    expect(await page.locator('.assertion-results summary').textContent()).toBe('2/2 assertions passed')
    await screenshot(page, 'assertions-mcp-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'assertions-mcp-light')
    await pinTheme(page, 'dark')
    await page.locator('.response-pane').getByRole('tab', { name: 'Raw' }).click()
    await page
      .locator('.json-row')
      .filter({ has: page.locator(`.json-key:text-is('"text"')`) })
      .getByRole('button', { name: 'Chain text: copy a reference to it' })
      .click()
    await expect.poll(() => clipboard(page)).toBe('${mcp/shout.response.content.0.text}')
  })

  it('shows them beside a SignalR invocation result, and chains a value of it', async () => {
    await openServerMethod('/hubs/chat', 'invoke')
    await setRequestJson(page, { target: 'Echo', arguments: [{ greeting: 'hello hub' }] })
    await saveAs('echo', 'hub')
    await addAssertions('hub/echo', 'greeting')
    await page.locator('.req-tab-title', { hasText: 'echo' }).click()
    await sendWithShortcut(page)
    await expect.poll(outcomes, { timeout: 15_000 }).toEqual(['pass', 'pass'])
    await screenshot(page, 'assertions-signalr-dark')
    await page
      .locator('.json-row')
      .filter({ has: page.locator(`.json-key:text-is('"greeting"')`) })
      .getByRole('button', { name: 'Chain greeting: copy a reference to it' })
      .click()
    await expect.poll(() => clipboard(page)).toBe('${hub/echo.response.greeting}')
    expect(pageErrors).toEqual([])
  })

  it('flags a reference that reads nothing in MCP, SignalR and WebSocket panes before sending', async () => {
    const flag = page.locator('.unknown-vars-flag')
    await openServerMethod('/mcp', 'shout')
    await fieldInput(page, 'message').fill('hi ${response.nope}')
    await expect.poll(() => flag.getAttribute('data-unknown')).toBe('response.nope')
    await screenshot(page, 'unknown-reference-mcp-dark')
    await fieldInput(page, 'message').fill('hi ${response.content.0.text}')
    await expect.poll(() => flag.count()).toBe(0)

    await openServerMethod('/hubs/chat', 'invoke')
    await setRequestJson(page, { target: 'Echo', arguments: ['${mcp/shout.response.nope}'] })
    await expect.poll(() => flag.getAttribute('data-unknown')).toBe('mcp/shout.response.nope')

    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('connect')
    await page.locator('.sb-method[data-origin$="/chat"][data-origin^="ws://"]').first().click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: 'connect' }).waitFor()
    await typeInComposer(page, 'Text', 'hi ${response.nope}')
    // Flagged while typing, before Ctrl+Enter, and nothing was sent.
    await expect
      .poll(() => page.locator('.ws-composer .unknown-vars-flag').getAttribute('data-unknown'))
      .toBe('response.nope')
    expect(await page.locator('.live-row').count()).toBe(0)
    await screenshot(page, 'unknown-reference-ws-dark')
  })
})
