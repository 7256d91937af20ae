/**
 * The collections sidebar in real Chromium against the real workspace routes: the page reads the active workspace's
 * content beside the workspace list (not after it); requests and folders move by drag and drop onto a folder and by
 * the keyboard's "Move to…", and Undo moves them back.
 */
import { access, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { fieldInput, openWorkbench } from './support/workbench-page.js'

const savedRow = (page: Page, path: string) => page.locator(`.col-row[data-path="${path}"]`)
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

async function putRequest(page: Page, path: string, url: string, fields: object = {}): Promise<number> {
  return page.evaluate(
    async ({ path, url, fields }) => {
      const token = sessionStorage.getItem('wirebench.token') ?? ''
      const name = path.slice(path.lastIndexOf('/') + 1)
      const request = {
        ...{ version: 1, name, protocol: 'rest', url, service: 'Books', method: 'listBooks', messages: [{}] },
        ...fields,
      }
      const response = await fetch(`/api/workspaces/default/requests/${path}`, {
        method: 'PUT',
        headers: { 'x-workbench-token': token, 'content-type': 'application/json' },
        body: JSON.stringify({ request }),
      })
      return response.status
    },
    { path, url, fields },
  )
}

describe.runIf(requireChromium())('collections sidebar', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  const requestFile = (path: string) => join(cli.configDir, 'workspaces/default/requests', `${path}.json`)

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    const url = cli.demoUrls[0]!
    for (const path of ['alpha/one', 'alpha/two', 'beta/three', 'gamma/four']) {
      expect(await putRequest(page, path, url)).toBe(200)
    }
    await page.getByRole('tab', { name: /^Collections/ }).click()
    await savedRow(page, 'gamma/four').waitFor({ timeout: 10_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('reads the active workspace content while the workspace list is still on its way', async () => {
    const { page: fresh } = await newPage(browser)
    const seen: string[] = []
    fresh.on('request', (request) => seen.push(new URL(request.url()).pathname))
    let contentWhileListHeld = false
    // The list's answer is held back: a page that waits for it before asking for the content asks nothing meanwhile.
    await fresh.route(
      (url) => url.pathname === '/api/workspaces',
      async (route) => {
        await expect
          .poll(() => seen.includes('/api/workspaces/default'), { timeout: 3_000 })
          .toBe(true)
          .then(() => (contentWhileListHeld = true))
          .catch(() => undefined)
        await route.continue()
      },
    )
    await openWorkbench(fresh, cli.openUrl)
    await fresh.getByRole('tab', { name: /^Collections/ }).click()
    await savedRow(fresh, 'alpha').waitFor({ timeout: 15_000 })
    expect(contentWhileListHeld).toBe(true)
    await fresh.close()
  })

  it('moves a request onto a folder by drag and drop, and Undo moves it back', async () => {
    await savedRow(page, 'alpha/one').dragTo(savedRow(page, 'beta'))
    await savedRow(page, 'beta/one').waitFor({ timeout: 10_000 })
    expect(await exists(requestFile('beta/one'))).toBe(true)
    expect(await exists(requestFile('alpha/one'))).toBe(false)
    const toast = page.locator('.toast')
    expect(await toast.textContent()).toContain('Moved alpha/one to beta/one')
    await screenshot(page, 'collections-moved-toast-dark')
    await toast.getByRole('button', { name: 'Undo' }).click()
    await savedRow(page, 'alpha/one').waitFor({ timeout: 10_000 })
    expect(await exists(requestFile('alpha/one'))).toBe(true)
    expect(await exists(requestFile('beta/one'))).toBe(false)
  })

  it('moves a folder onto another folder by drag and drop, with what it holds', async () => {
    await savedRow(page, 'gamma').dragTo(savedRow(page, 'beta'))
    await savedRow(page, 'beta/gamma/four').waitFor({ timeout: 10_000 })
    expect(await exists(requestFile('beta/gamma/four'))).toBe(true)
    expect(await savedRow(page, 'gamma').count()).toBe(0)
    // A folder dropped onto a folder inside it stays where it is, with a message saying why.
    await savedRow(page, 'beta').dragTo(savedRow(page, 'beta/gamma'))
    await expect.poll(() => page.locator('.toast').textContent()).toContain('beta cannot move into itself')
    expect(await exists(requestFile('beta/gamma/four'))).toBe(true)
  })

  it('moves a request with the keyboard through "Move to…", and Undo moves it back', async () => {
    await savedRow(page, 'alpha/two').focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Move to…' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Move alpha/two to…' })
    await dialog.waitFor()
    await dialog.getByLabel('Folder').selectOption('beta/gamma')
    await screenshot(page, 'collections-move-to-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 860 })
    // Narrowed under the dialog, the sidebar becomes the closed drawer at once: gone, not sliding away behind it.
    const sidebar = await page.evaluate(() => {
      const element = document.querySelector('.sidebar')
      return (
        element && { right: element.getBoundingClientRect().right, visibility: getComputedStyle(element).visibility }
      )
    })
    expect(sidebar).toEqual({ right: expect.any(Number) as number, visibility: 'hidden' })
    expect(sidebar?.right).toBeLessThanOrEqual(0)
    await screenshot(page, 'collections-move-to-narrow-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await dialog.getByRole('button', { name: 'Move', exact: true }).focus()
    await page.keyboard.press('Enter')
    await savedRow(page, 'beta/gamma/two').waitFor({ timeout: 10_000 })
    expect(await exists(requestFile('beta/gamma/two'))).toBe(true)
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).focus()
    await page.keyboard.press('Enter')
    await savedRow(page, 'alpha/two').waitFor({ timeout: 10_000 })
    expect(await exists(requestFile('alpha/two'))).toBe(true)
  })

  it("edits a saved request's notes and timeout in its Details dialog, written into its file", async () => {
    await page.getByRole('button', { name: 'Actions for alpha/one' }).click()
    await page.getByRole('button', { name: 'Details…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Details of alpha/one' })
    await dialog.getByLabel('Notes').fill('Lists the books.\nNeeds the demo running.')
    await dialog.getByLabel(/Timeout/).fill('2.5s')
    await dialog.getByRole('button', { name: 'Save details' }).click()
    await expect.poll(() => dialog.getByRole('alert').textContent()).toContain('whole number of milliseconds')
    await dialog.getByLabel(/Timeout/).fill('2500')
    await screenshot(page, 'collections-details-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 860 })
    await screenshot(page, 'collections-details-narrow-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await dialog.getByRole('button', { name: 'Save details' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const read = async () => JSON.parse(await readFile(requestFile('alpha/one'), 'utf8')) as Record<string, unknown>
    await expect.poll(async () => (await read()).notes).toBe('Lists the books.\nNeeds the demo running.')
    expect((await read()).options).toEqual({ timeoutMs: 2500 })
  })

  it("moves an open tab to the file's new revision when its Auth… dialog saves, so the tab's next Ctrl+S is not a conflict", async () => {
    const url = cli.demoUrls[0]!
    expect(await putRequest(page, 'delta/five', url, { method: 'getBook', messages: [{ bookId: '1' }] })).toBe(200)
    await savedRow(page, 'delta/five').click()
    await fieldInput(page, 'bookId').waitFor({ timeout: 10_000 })
    await page.getByRole('button', { name: 'Actions for delta/five' }).click()
    await page.getByRole('button', { name: 'Auth…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Auth of delta/five' })
    await dialog.getByLabel('Auth', { exact: true }).selectOption('none')
    await dialog.getByRole('button', { name: 'Save auth' }).click()
    await dialog.waitFor({ state: 'hidden' })
    const read = async () =>
      JSON.parse(await readFile(requestFile('delta/five'), 'utf8')) as { auth?: unknown; messages: unknown[] }
    await expect.poll(async () => (await read()).auth).toEqual({ mode: 'none' })
    await fieldInput(page, 'bookId').fill('7')
    await page.keyboard.press('Control+s')
    await expect.poll(async () => JSON.stringify((await read()).messages)).toContain('7')
    expect(await page.getByRole('dialog', { name: /changed elsewhere/ }).count()).toBe(0)
    expect((await read()).auth).toEqual({ mode: 'none' })
  })

  it('exports the REST requests as a Postman collection file from the workspace menu, naming what it left out', async () => {
    const url = cli.demoUrls[0]!
    expect(
      await putRequest(page, 'export/get-book', url, { method: 'getBook', messages: [{ bookId: '${bookId}' }] }),
    ).toBe(200)
    const grpc = { protocol: 'grpc', url: 'http://127.0.0.1:1', service: 'greet.Greeter', method: 'SayHello' }
    expect(await putRequest(page, 'export/say', url, grpc)).toBe(200)
    await savedRow(page, 'export/say').waitFor({ timeout: 10_000 })
    const download = page.waitForEvent('download')
    await page.getByLabel('Workspace actions').selectOption('export')
    const file = await download
    expect(file.suggestedFilename()).toMatch(/\.postman_collection\.json$/)
    const collection = JSON.parse(await readFile(await file.path(), 'utf8')) as { info: { schema: string } }
    expect(collection.info.schema).toContain('v2.1.0')
    const text = JSON.stringify(collection)
    expect(text).toContain('/books/{{bookId}}')
    expect(text).toContain('"name":"one"')
    const dialog = page.getByRole('dialog', { name: 'Export as Postman collection' })
    await dialog.getByRole('status').filter({ hasText: 'Downloaded' }).waitFor({ timeout: 10_000 })
    await expect
      .poll(() => dialog.locator('.import-report li').allTextContents())
      .toEqual([expect.stringMatching(/^export\/say: .*grpc/)])
    await screenshot(page, 'collections-export-postman-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 860 })
    await screenshot(page, 'collections-export-postman-narrow-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'hidden' })
  })
})
