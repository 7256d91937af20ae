/**
 * Code export in real Chromium against the demo services: the Export dialog of a REST method whose environment holds
 * a bearer secret writes `${token}` into the curl preview, never the value, until "Include secrets" is ticked; a plain
 * variable is written with its value or as `${word}` by the "Resolve variables" toggle; a gRPC method offers only the
 * formats its plugin writes (grpcurl, wirebench call); a WebSocket channel exports its composer message as the frame
 * wscat sends; Copy puts the snippet on the clipboard with a toast; a refused target shows the server's problem.
 */
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import type { RunningCli } from './support/cli.js'
import { putEnvironments } from './support/environments-page.js'
import { pinTheme, typeInComposer } from './support/live-page.js'
import { fieldInput, openMethod, sendWithShortcut, urlChip } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const SECRET = 'sekret-e2e-93f1c7'
const WORD = 'plainword-e2e'

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const exportDialog = (page: Page) => page.locator('dialog.export-dialog')
/** The preview's text, one line per CodeMirror line. */
const previewText = (dialog: Locator) =>
  dialog.locator('.export-preview .cm-line').evaluateAll((lines) => lines.map((l) => l.textContent ?? '').join('\n'))
const formatOptions = (dialog: Locator) => dialog.getByLabel('Format').locator('option').allTextContents()

/** An environment whose bearer token is a variable (a secret: a secret auth field uses it) and a plain variable. */
async function saveEnvironment(cli: RunningCli): Promise<void> {
  const saved = await putEnvironments(cli, {
    version: 1,
    environments: [
      {
        id: 'export',
        name: 'Export',
        // `unused` is referenced by no request, though its value sits in every echo URL.
        vars: { token: SECRET, word: WORD, unused: 'echo' },
        auth: { type: 'bearer', token: '${token}' },
      },
    ],
    activeEnvironmentId: 'export',
  })
  expect(saved.status).toBe(200)
}

describe.runIf(requireChromium())('code export', () => {
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    session = await startWorkbenchSession({
      cli: { demo: true },
      beforeOpen: saveEnvironment,
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    })
    page = session.page
    for (const url of session.cli.demoUrls) {
      await urlChip(page, url).locator('[data-status="ok"]').waitFor({ timeout: 30_000 })
    }
  }, 90_000)

  afterAll(async () => {
    await session?.close()
  })

  it('lists its shortcut on the start page', async () => {
    const shortcuts = page.locator('.shortcuts')
    await shortcuts.waitFor()
    expect(await shortcuts.textContent()).toMatch(/Ctrl Shift E\s*Export the request as code/)
    expect(await shortcuts.textContent()).toMatch(/Ctrl `\s*Show or hide the console/)
  })

  it('writes the bearer secret of a REST call as ${token} in the curl preview, and its value only when included', async () => {
    await openMethod(page, 'echoGet')
    await fieldInput(page, 'text').fill('${word}')
    await screenshot(page, 'code-export-button-dark')
    await page.getByRole('button', { name: 'Export as code' }).click()
    const dialog = exportDialog(page)
    await dialog.waitFor()
    expect(await formatOptions(dialog)).toEqual([
      'curl',
      'HTTPie',
      'Python (requests)',
      'Python (httpx)',
      'JavaScript (fetch)',
      'wirebench call',
    ])
    await expect.poll(() => previewText(dialog), { timeout: 15_000 }).toContain('Bearer ${token}')
    let text = await previewText(dialog)
    expect(text).toMatch(/^curl /)
    expect(text).toContain(`text=${WORD}`)
    expect(text).not.toContain(SECRET)
    // curl single-quotes the header: the reference is literal text, to replace by hand, not a shell variable.
    expect(await dialog.locator('.export-help').textContent()).toContain('replace each with its value')
    await screenshot(page, 'code-export-rest-dark')

    await dialog.getByLabel('Resolve variables').uncheck()
    await expect.poll(() => previewText(dialog)).toContain('text=${word}')
    expect(await previewText(dialog)).not.toContain(WORD)
    // A plain value the request merely contains is no reference: the URL keeps its /echo.
    expect(await previewText(dialog)).toContain('/api/v1/echo?')
    expect(await previewText(dialog)).not.toContain('${unused}')
    await dialog.getByLabel('Resolve variables').check()

    await dialog.getByLabel('Include secrets').check()
    await expect.poll(() => previewText(dialog)).toContain(`Bearer ${SECRET}`)
    expect(await dialog.locator('.export-warning').textContent()).toContain('secret values in plain text')
    await screenshot(page, 'code-export-secrets-dark')
    text = await previewText(dialog)

    await page.evaluate(() => navigator.clipboard.writeText(''))
    await dialog.getByRole('button', { name: 'Copy' }).click()
    await expect.poll(() => clipboard(page)).toBe(text)
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Snippet copied')

    // Another format of the same request: Python, highlighted as Python.
    await dialog.getByLabel('Format').selectOption({ label: 'Python (requests)' })
    await expect.poll(() => previewText(dialog)).toContain('import requests')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('writes a chained value back as its ${response…} reference when variables are not resolved', async () => {
    await fieldInput(page, 'text').fill('chain-seed-4711')
    await sendWithShortcut(page)
    await fieldInput(page, 'text').fill('${response.query.text}-x')
    await page.getByRole('button', { name: 'Export as code' }).click()
    const dialog = exportDialog(page)
    await dialog.waitFor()
    await expect.poll(() => previewText(dialog), { timeout: 15_000 }).toContain('text=chain-seed-4711-x')
    await dialog.getByLabel('Resolve variables').uncheck()
    await expect.poll(() => previewText(dialog)).toContain('text=${response.query.text}-x')
    expect(await previewText(dialog)).not.toContain('chain-seed-4711')
    await dialog.getByLabel('Resolve variables').check()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it("shows the server's problem with its hint when the request cannot be exported", async () => {
    const server = page.getByLabel('Server URL')
    await server.fill('ftp://127.0.0.1:2121')
    await page.getByRole('button', { name: 'Export as code' }).click()
    const dialog = exportDialog(page)
    await dialog.waitFor()
    // A host never decided is asked about first, as Send asks.
    const question = page.locator('dialog.host-question')
    const problem = dialog.locator('.problem')
    await question.or(problem).first().waitFor({ timeout: 15_000 })
    if (await question.isVisible()) await question.getByRole('button', { name: 'Send without them' }).click()
    await problem.waitFor({ timeout: 15_000 })
    expect(await problem.locator('.problem-detail, .problem-title').allTextContents()).toContain(
      'The scheme ftp: is not allowed here.',
    )
    expect(await problem.locator('.problem-hint').textContent()).toMatch(/^Use one of: http, https/)
    expect(await dialog.getByRole('button', { name: 'Copy' }).isDisabled()).toBe(true)
    await screenshot(page, 'code-export-problem-dark')
    await page.keyboard.press('Escape')
    await server.fill('')
  })

  it('offers a gRPC method only grpcurl and wirebench call, opened with Ctrl+Shift+E', async () => {
    await openMethod(page, 'ListStations')
    await page.keyboard.press('Control+Shift+E')
    const dialog = exportDialog(page)
    await dialog.waitFor()
    await expect.poll(() => formatOptions(dialog)).toEqual(['grpcurl', 'wirebench call'])
    await expect.poll(() => previewText(dialog), { timeout: 15_000 }).toMatch(/^grpcurl /)
    const text = await previewText(dialog)
    expect(text).toContain('${token}')
    expect(text).not.toContain(SECRET)
    await screenshot(page, 'code-export-grpc-dark')
    await dialog.getByLabel('Format').selectOption({ label: 'wirebench call' })
    await expect.poll(() => previewText(dialog)).toMatch(/^wirebench call /)
    expect(await dialog.locator('.export-help').textContent()).toContain('fills them from --env')
    await page.keyboard.press('Escape')
  })

  it("writes a WebSocket channel's composer message into the wscat snippet", async () => {
    // The sidebar is virtualized: the search brings the chat's row into the DOM.
    const search = page.getByRole('searchbox', { name: 'Search operations' })
    await search.fill('connect')
    await page.locator('.sb-method[data-origin$="/chat"][data-origin^="ws://"]').first().click()
    await search.fill('')
    await page.locator('.request-pane .method-name', { hasText: 'connect' }).waitFor()
    await typeInComposer(page, 'Text', 'hello ${word}')
    await page.getByRole('button', { name: 'Export as code' }).click()
    const dialog = exportDialog(page)
    await dialog.waitFor()
    await expect.poll(() => formatOptions(dialog)).toEqual(['wscat', 'websocat', 'wirebench call'])
    await expect.poll(() => previewText(dialog), { timeout: 15_000 }).toMatch(/^wscat -c ws:/)
    const text = await previewText(dialog)
    expect(text).toContain(`-x 'hello ${WORD}'`)
    expect(text).toContain('Bearer ${token}')
    expect(text).not.toContain(SECRET)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('reads well in light theme and at 420 px', async () => {
    await pinTheme(page, 'light')
    await openMethod(page, 'echoGet')
    await page.getByRole('button', { name: 'Export as code' }).click()
    const dialog = exportDialog(page)
    await expect.poll(() => previewText(dialog), { timeout: 15_000 }).toContain('Bearer ${token}')
    await screenshot(page, 'code-export-rest-light')
    await page.setViewportSize({ width: 420, height: 860 })
    await page.waitForTimeout(200)
    await screenshot(page, 'code-export-rest-light-420')
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 420).toBe(true)
    await page.keyboard.press('Escape')
    await pinTheme(page, 'dark')
    expect(session.errors).toEqual([])
  })
})
