/**
 * WCAG AA contrast (4.5:1 for text, 3:1 for large text) of what the page really renders, in both themes, measured in
 * Chromium on the screens a user spends time on: the sidebar with a search, a REST form (field types, placeholders,
 * the source legend, the Server field, the Send button's shortcut), a response (status, facts, JSON tree, headers, the
 * request sent), a gRPC form, a live log and the environments dialog.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { contrastFailures, type ContrastFailure } from './support/contrast.js'
import { closeEnvironmentEditor, editor, openEnvironmentEditor, setVariable } from './support/environments-page.js'
import { openChannel, pinTheme, waitForLiveStatus } from './support/live-page.js'
import { openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

/** Nothing hovered, colour transitions (0.12 s) finished: the colours at rest are measured. */
async function atRest(page: Page): Promise<void> {
  await page.mouse.move(1, 1)
  await page.waitForTimeout(300)
}

const report = (failures: ContrastFailure[]) =>
  failures.map((f) => `${f.ratio}:1 (needs ${f.needed}) ${f.where} "${f.text}" ${f.color} on ${f.background}`)

describe.runIf(requireChromium())('text contrast meets WCAG AA', () => {
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme} theme`, () => {
      let page: Page

      beforeAll(async () => {
        ;({ page } = await newPage(browser, { colorScheme: theme }))
        await openWorkbench(page, cli.openUrl)
        await page.locator('.sb-method').first().waitFor({ timeout: 20_000 })
        await pinTheme(page, theme)
      })

      afterAll(async () => {
        await page?.context().close()
      })

      it('on the welcome screen, the URL bar and the sidebar with a search', async () => {
        await atRest(page)
        expect(report(await contrastFailures(page))).toEqual([])
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('credential')
        await page.locator('.sb-summary').waitFor()
        await atRest(page)
        expect(report(await contrastFailures(page, '.sidebar'))).toEqual([])
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
      })

      it('on a REST form: field types, placeholders, the legend and the Server field', async () => {
        await openMethod(page, 'createBook')
        await atRest(page)
        expect(report(await contrastFailures(page, '.request-pane'))).toEqual([])
        // The Server field shows the discovered server (the address calls go to) as text, not as a faded hint.
        const server = page.getByLabel('Server URL')
        expect(await server.inputValue()).toBe('')
        const [placeholder, text] = await server.evaluate((input) => [
          getComputedStyle(input, '::placeholder').color,
          getComputedStyle(input).color,
        ])
        expect(placeholder).toBe(text)
        // The primary button keeps its label readable under the pointer too.
        await page.getByRole('button', { name: /^Send/ }).hover()
        await page.waitForTimeout(300)
        expect(report(await contrastFailures(page, '.method-actions'))).toEqual([])
        await screenshot(page, `contrast-form-${theme}`)
      })

      it('on a response: status, facts, the JSON tree, headers and the request sent', async () => {
        await openMethod(page, 'getBook')
        await page.locator('[data-field-path="bookId"] input').first().fill('1')
        await sendWithShortcut(page)
        await atRest(page)
        expect(report(await contrastFailures(page, '.response-pane'))).toEqual([])
        await page
          .getByRole('tablist', { name: 'Response views' })
          .getByRole('tab', { name: /^Headers/ })
          .click()
        await atRest(page)
        expect(report(await contrastFailures(page, '.response-pane'))).toEqual([])
        await page.getByRole('tablist', { name: 'Response views' }).getByRole('tab', { name: 'Request' }).click()
        await atRest(page)
        expect(report(await contrastFailures(page, '.response-pane'))).toEqual([])
        await screenshot(page, `contrast-response-${theme}`)
      })

      it('on a gRPC form and a live event log', async () => {
        await openMethod(page, 'StreamReadings')
        await atRest(page)
        expect(report(await contrastFailures(page, '.request-pane'))).toEqual([])
        const sse = cli.demoUrls.find((url) => url.endsWith('/events'))!
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('events')
        await openChannel(page, sse)
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
        await page.keyboard.press('Control+Enter')
        await page.locator('.live-row.is-in').nth(2).waitFor({ timeout: 20_000 })
        await page
          .locator('.live-controls')
          .getByRole('button', { name: /Stop|Cancel/ })
          .click()
        await waitForLiveStatus(page, ['closed', 'error'])
        await atRest(page)
        expect(report(await contrastFailures(page, '.response-pane'))).toEqual([])
        await screenshot(page, `contrast-live-${theme}`)
      })

      it('in the environments dialog: the list, its tags and every tab', async () => {
        await openEnvironmentEditor(page)
        await setVariable(page, 'apiToken', 's3cret')
        await atRest(page)
        for (const tab of [/Variables/, /Auth/, /TLS trust/, /Hosts/]) {
          await editor(page).getByRole('tab', { name: tab }).click()
          await atRest(page)
          expect(report(await contrastFailures(page, 'dialog.env-editor'))).toEqual([])
        }
        await screenshot(page, `contrast-environments-${theme}`)
        await closeEnvironmentEditor(page)
      })

      it('on the GraphQL panes and a WebSocket connection', async () => {
        await openMethod(page, 'books')
        await page.locator('.gql-operation[data-schema="ready"]').waitFor({ timeout: 20_000 })
        await sendWithShortcut(page)
        await atRest(page)
        expect(report(await contrastFailures(page, '.main'))).toEqual([])
        const chat = /ws:\/\/\S+\/chat/.exec(cli.output())![0]
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('chat')
        await openChannel(page, chat)
        await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
        await page.getByRole('textbox', { name: 'Subprotocols (Sec-WebSocket-Protocol)' }).fill('chat.v1')
        await page.getByRole('button', { name: 'Connect' }).click()
        await waitForLiveStatus(page, ['open'])
        await atRest(page)
        expect(report(await contrastFailures(page, '.main'))).toEqual([])
        await screenshot(page, `contrast-websocket-${theme}`)
      })
    })
  }
})
