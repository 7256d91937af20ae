/**
 * Saved requests in real Chromium against the demo and the real workspace routes: save with Ctrl+S into a folder,
 * reload, reopen from the Collections tab and send; search; a save over a file changed elsewhere asks reload/overwrite;
 * delete with Undo; a history entry reopens into a tab; a pasted curl command opens as a request and is sent.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { fieldInput, methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const tabTitles = (page: Page) => page.locator('.req-tab-title').allTextContents()
const savedRow = (page: Page, path: string) => page.locator(`.col-row[data-path="${path}"]`)

async function showSaved(page: Page, view: 'Requests' | 'History' = 'Requests'): Promise<void> {
  await page.getByRole('tab', { name: /^Collections/ }).click()
  await page.getByRole('radio', { name: view }).click()
}

/** A call to the workbench's own API with the page's session token, as another tab or the CLI would make it. */
async function apiCall(page: Page, path: string, init: { method: string; json?: unknown }): Promise<number> {
  return page.evaluate(
    async ({ path, init }) => {
      const token = sessionStorage.getItem('wirebench.token') ?? ''
      const response = await fetch(path, {
        method: init.method,
        headers: { 'x-workbench-token': token, 'content-type': 'application/json' },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      })
      return response.status
    },
    { path, init },
  )
}

describe.runIf(requireChromium())('saved requests in a workspace', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'getBook').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('saves a request with Ctrl+S under a name and folder, as a file of the default workspace', async () => {
    await openMethod(page, 'getBook')
    await fieldInput(page, 'bookId').fill('1')
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.waitFor()
    await dialog.getByLabel('Name').fill('get-book')
    await dialog.getByLabel(/Folder/).fill('smoke')
    await screenshot(page, 'workspace-save-dialog-dark')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => tabTitles(page)).toEqual(['get-book'])
    expect(await page.locator('.req-tab-wrap').getAttribute('data-dirty')).toBe('false')
    const file = join(cli.configDir, 'workspaces/default/requests/smoke/get-book.json')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { method: string; messages: unknown[] }
    expect(saved.method).toBe('getBook')
    // The form holds the path parameter typed as its schema says (an integer).
    expect(saved.messages).toEqual([{ bookId: 1 }])
  })

  it('reopens the saved request from the Collections tab after a reload and sends it', async () => {
    await page.keyboard.press('Control+w')
    expect(await tabTitles(page)).toEqual([])
    await page.reload()
    await methodRow(page, 'getBook').waitFor({ timeout: 20_000 })
    await showSaved(page)
    await savedRow(page, 'smoke').waitFor()
    await screenshot(page, 'workspace-saved-tab-dark')
    await savedRow(page, 'smoke/get-book').click()
    await expect.poll(() => tabTitles(page)).toEqual(['get-book'])
    await expect.poll(() => fieldInput(page, 'bookId').inputValue()).toBe('1')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
  })

  it('filters the saved requests per keystroke', async () => {
    await apiCall(page, '/api/workspaces/default/requests/other/list-books', {
      method: 'PUT',
      json: {
        request: {
          version: 1,
          name: 'list-books',
          protocol: 'rest',
          url: cli.demoUrls[0],
          service: 'Books',
          method: 'listBooks',
          messages: [{}],
        },
      },
    })
    const search = page.getByRole('searchbox', { name: 'Search saved requests' })
    await expect.poll(() => savedRow(page, 'other/list-books').count(), { timeout: 10_000 }).toBe(1)
    await search.fill('get-b')
    await expect
      .poll(() => page.locator('.col-row').allTextContents())
      .toEqual([expect.stringContaining('smoke/get-book')])
    await search.fill('')
  })

  it('asks reload or overwrite when the file changed elsewhere since the tab opened it', async () => {
    const status = await apiCall(page, '/api/workspaces/default/requests/smoke/get-book', {
      method: 'PUT',
      json: {
        request: {
          version: 1,
          name: 'get-book',
          protocol: 'rest',
          url: cli.demoUrls[0],
          service: 'Books',
          method: 'getBook',
          messages: [{ bookId: '2' }],
        },
      },
    })
    // Without a base revision an existing path is refused: the other writer overwrites by naming the current one.
    expect(status).toBe(409)
    const content = await page.evaluate(async () => {
      const token = sessionStorage.getItem('wirebench.token') ?? ''
      const response = await fetch('/api/workspaces/default', { headers: { 'x-workbench-token': token } })
      return (await response.json()) as { requests: Array<{ path: string; revision: string }> }
    })
    const revision = content.requests.find((r) => r.path === 'smoke/get-book')?.revision
    expect(
      await apiCall(page, '/api/workspaces/default/requests/smoke/get-book', {
        method: 'PUT',
        json: {
          baseRevision: revision,
          request: {
            version: 1,
            name: 'get-book',
            protocol: 'rest',
            url: cli.demoUrls[0],
            service: 'Books',
            method: 'getBook',
            messages: [{ bookId: '2' }],
          },
        },
      }),
    ).toBe(200)
    await fieldInput(page, 'bookId').fill('3')
    await page.keyboard.press('Control+s')
    const conflict = page.getByRole('dialog', { name: /changed elsewhere/ })
    await conflict.waitFor()
    await screenshot(page, 'workspace-conflict-dark')
    await conflict.getByRole('button', { name: 'Overwrite' }).click()
    await expect.poll(() => page.locator('.req-tab-wrap').getAttribute('data-dirty')).toBe('false')
    const file = join(cli.configDir, 'workspaces/default/requests/smoke/get-book.json')
    expect((JSON.parse(await readFile(file, 'utf8')) as { messages: unknown[] }).messages).toEqual([{ bookId: 3 }])
  })

  it('deletes a saved request and brings it back with Undo', async () => {
    await page.getByRole('button', { name: 'Actions for other/list-books' }).click()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => savedRow(page, 'other/list-books').count()).toBe(0)
    await screenshot(page, 'workspace-undo-toast-dark')
    await page.locator('.toast').getByRole('button', { name: 'Undo' }).click()
    await expect.poll(() => savedRow(page, 'other/list-books').count(), { timeout: 10_000 }).toBe(1)
  })

  it('reopens a history entry into a new tab', async () => {
    await showSaved(page, 'History')
    const entry = page.locator('.history-row').first()
    await entry.waitFor({ timeout: 10_000 })
    expect(await entry.locator('.history-status').textContent()).toMatch(/^200|OK/)
    await screenshot(page, 'workspace-history-dark')
    await entry.click()
    await expect.poll(async () => (await tabTitles(page)).length).toBe(2)
    await expect.poll(() => fieldInput(page, 'bookId').inputValue()).toBe('1')
  })

  it('adds a call to the open History tab as it ends, with its URL, and shows its stored response body', async () => {
    await showSaved(page, 'History')
    const rows = page.locator('.history-item')
    await rows.first().waitFor({ timeout: 10_000 })
    const before = await rows.count()
    await fieldInput(page, 'bookId').fill('2')
    await sendWithShortcut(page)
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(before + 1)
    const newest = rows.first()
    expect(await newest.locator('.col-row-name').textContent()).toContain('getBook')
    expect(await newest.locator('.history-url').textContent()).toContain(new URL(cli.demoUrls[0]!).host)
    await newest.getByRole('button', { name: /^Response body of getBook/ }).click()
    const viewer = page.getByRole('dialog', { name: 'Response of getBook' })
    await expect.poll(() => viewer.locator('.history-body').textContent()).toContain('"title"')
    await screenshot(page, 'workspace-history-body-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 860 })
    await screenshot(page, 'workspace-history-body-narrow-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await viewer.getByRole('button', { name: 'Close' }).click()
    await screenshot(page, 'workspace-history-rows-dark')
  })

  it('imports a pasted curl command as a request and sends it', async () => {
    const api = new URL(cli.demoUrls[0]!).origin
    const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
    await input.click()
    await page.evaluate((command) => {
      const data = new DataTransfer()
      data.setData('text/plain', command)
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
    }, `curl '${api}/api/v1/books/1' \\\n  -H 'accept: application/json'`)
    const importButton = page.getByRole('button', { name: 'Import as request' })
    await importButton.waitFor()
    await screenshot(page, 'workspace-curl-offer-dark')
    await importButton.click()
    await expect.poll(async () => (await tabTitles(page)).length).toBe(3)
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
  })

  it("sends a saved request whose message uses a workspace variable (below the environment's)", async () => {
    expect(
      await apiCall(page, '/api/workspaces/default', { method: 'PATCH', json: { vars: { shelfBook: '1' } } }),
    ).toBe(200)
    const saved = await apiCall(page, '/api/workspaces/default/requests/smoke/by-variable', {
      method: 'PUT',
      json: {
        request: {
          version: 1,
          name: 'by-variable',
          protocol: 'rest',
          url: cli.demoUrls[0],
          service: 'Books',
          method: 'getBook',
          messages: [{ bookId: '${shelfBook}' }],
        },
      },
    })
    expect(saved).toBe(200)
    await showSaved(page)
    await savedRow(page, 'smoke/by-variable').click()
    await expect.poll(() => tabTitles(page)).toContain('by-variable')
    await fieldInput(page, 'bookId').waitFor()
    // The workspace defines the name: it is not flagged as unknown beside Send.
    expect(await page.locator('.unknown-vars-flag').count()).toBe(0)
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
    await page.keyboard.press('Control+w')
  })

  it("a curl command's -u credentials go into the environment with one click, and the call sends them", async () => {
    const api = new URL(cli.demoUrls[0]!).origin
    await page
      .getByRole('textbox', { name: 'Discovery URL to add' })
      .fill(`curl -u demo:demo '${api}/api/v1/auth/whoami'`)
    const tabsBefore = (await tabTitles(page)).length
    await page.getByRole('button', { name: 'Import as request' }).click()
    await expect.poll(async () => (await tabTitles(page)).length).toBe(tabsBefore + 1)
    const toast = page.locator('.toast')
    expect(await toast.textContent()).toContain('${username}')
    await screenshot(page, 'workspace-curl-secrets-toast-dark')
    await toast.getByRole('button', { name: 'Put into environment' }).click()
    await expect.poll(() => toast.textContent()).toContain('as secret variables: username')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.response-pane').textContent()).toContain('basicAuth')
    await page.keyboard.press('Control+w')
  })

  it('imports a Postman collection: preview with what did not map, credentials into the environment, send', async () => {
    const origin = new URL(cli.demoUrls[0]!).origin
    const collection = {
      info: {
        name: 'Demo import',
        schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
      },
      // A literal token (the canary): the import turns it into `${token}` and offers it to the environment.
      auth: { type: 'bearer', bearer: [{ key: 'token', value: 'demo-token', type: 'string' }] },
      // `{{base}}` becomes `${base}`, a workspace variable: the address itself is substituted when sent.
      variable: [{ key: 'base', value: origin }],
      item: [
        { name: 'Auth', item: [{ name: 'who am i', request: { method: 'GET', url: '{{base}}/api/v1/auth/whoami' } }] },
        {
          name: 'digest health',
          request: { method: 'GET', auth: { type: 'digest', digest: [] }, url: '{{base}}/api/v1/health' },
        },
      ],
    }
    await showSaved(page)
    await page.getByLabel('Workspace actions').selectOption('import')
    const dialog = page.getByRole('dialog', { name: 'Import requests' })
    await dialog.waitFor()
    await dialog.locator('#import-file').setInputFiles({
      name: 'demo.postman_collection.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(collection)),
    })
    await expect
      .poll(() => dialog.locator('.import-summary').textContent())
      .toContain('Postman collection v2.1 with 2 requests and 1 variable.')
    expect(await dialog.locator('.import-report').textContent()).toContain('digest auth has no counterpart')
    const offer = dialog.getByRole('group', { name: 'Imported credentials' })
    expect(await offer.textContent()).toContain('${token}')
    await screenshot(page, 'workspace-import-preview-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await screenshot(page, 'workspace-import-preview-light')
    await page.setViewportSize({ width: 420, height: 860 })
    await screenshot(page, 'workspace-import-preview-narrow-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await offer.getByRole('button', { name: /^Put into/ }).click()
    await expect.poll(() => dialog.locator('.import-secrets').textContent()).toContain('as secret variables: token')
    await dialog.getByLabel('Into folder').fill('postman')
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect.poll(() => dialog.getByRole('status').last().textContent()).toBe('Saved 2 requests.')
    await dialog.getByRole('button', { name: 'Close' }).click()

    const row = page.locator('.col-row[data-path^="postman/"]', { hasText: /who am i/i })
    await row.waitFor({ timeout: 10_000 })
    expect(await page.locator('.col-row[data-path^="postman/"]').count()).toBeGreaterThanOrEqual(3)
    await screenshot(page, 'workspace-imported-rows-dark')
    await row.click()
    const badge = await sendWithShortcut(page)
    await screenshot(page, 'workspace-imported-sent-dark')
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.response-pane').textContent()).toContain('bearerAuth')
    await page.keyboard.press('Control+w')
    // The credential went to the environment (0600, outside the workspace); no workspace file holds it.
    const workspaceDir = join(cli.configDir, 'workspaces/default')
    const files = (await readdir(workspaceDir, { recursive: true })).filter((f) => f.endsWith('.json'))
    expect(files.some((f) => f.startsWith('requests/postman/'))).toBe(true)
    for (const file of files) expect(await readFile(join(workspaceDir, file), 'utf8')).not.toContain('demo-token')
    expect(await readFile(join(cli.configDir, 'environments.json'), 'utf8')).toContain('demo-token')
  })

  it('imports a HAR file through the dialog into a folder, lists it and sends it', async () => {
    const origin = new URL(cli.demoUrls[0]!).origin
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'Chromium', version: '120' },
        entries: [
          {
            startedDateTime: '2026-01-01T00:00:00.000Z',
            time: 1,
            request: {
              method: 'GET',
              url: `${origin}/api/v1/books/1`,
              httpVersion: 'HTTP/1.1',
              headers: [{ name: 'accept', value: 'application/json' }],
              queryString: [],
              cookies: [],
              headersSize: -1,
              bodySize: 0,
            },
            response: {
              status: 200,
              statusText: 'OK',
              httpVersion: 'HTTP/1.1',
              headers: [],
              cookies: [],
              content: { size: 0, mimeType: 'application/json' },
              redirectURL: '',
              headersSize: -1,
              bodySize: 0,
            },
            cache: {},
            timings: { send: 0, wait: 1, receive: 0 },
          },
        ],
      },
    }
    await showSaved(page)
    await page.getByLabel('Workspace actions').selectOption('import')
    const dialog = page.getByRole('dialog', { name: 'Import requests' })
    await dialog.locator('#import-file').setInputFiles({
      name: 'browser.har',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(har)),
    })
    await expect.poll(() => dialog.locator('.import-summary').textContent()).toContain('HAR file with 1 request')
    await dialog.getByLabel('Into folder').fill('from-har')
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect.poll(() => dialog.getByRole('status').last().textContent()).toBe('Saved 1 request.')
    await dialog.getByRole('button', { name: 'Close' }).click()
    const row = page.locator('.col-row[data-path^="from-har/"]').last()
    await row.waitFor({ timeout: 10_000 })
    await row.click()
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
    await page.keyboard.press('Control+w')
  })

  it('imports an Insomnia v4 export through the dialog into a folder, lists it and sends it', async () => {
    const origin = new URL(cli.demoUrls[0]!).origin
    const exported = {
      _type: 'export',
      __export_format: 4,
      __export_source: 'insomnia.desktop.app:v2023.5.8',
      resources: [
        { _id: 'wrk_1', _type: 'workspace', parentId: null, name: 'Books' },
        {
          _id: 'req_1',
          _type: 'request',
          parentId: 'wrk_1',
          name: 'book two',
          method: 'GET',
          url: '{{ _.base }}/api/v1/books/2',
          headers: [{ name: 'accept', value: 'application/json' }],
          body: {},
        },
        { _id: 'env_1', _type: 'environment', parentId: 'wrk_1', name: 'Base Environment', data: { base: origin } },
      ],
    }
    await showSaved(page)
    await page.getByLabel('Workspace actions').selectOption('import')
    const dialog = page.getByRole('dialog', { name: 'Import requests' })
    await dialog.locator('#import-file').setInputFiles({
      name: 'insomnia.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    })
    await expect
      .poll(() => dialog.locator('.import-summary').textContent())
      .toContain('Insomnia v4 export with 1 request')
    await dialog.getByLabel('Into folder').fill('from-insomnia')
    await dialog.getByRole('button', { name: 'Import' }).click()
    await expect.poll(() => dialog.getByRole('status').last().textContent()).toBe('Saved 1 request.')
    await dialog.getByRole('button', { name: 'Close' }).click()
    const row = page.locator('.col-row[data-path^="from-insomnia/"]').last()
    await row.waitFor({ timeout: 10_000 })
    await row.click()
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    await page.keyboard.press('Control+w')
  })

  it("sends with a saved request's own auth, none, or its folder's, over the environment's bearer", async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Bearer env')
    await setVariable(page, 'token', 'demo-token')
    await setVariable(page, 'user', 'demo')
    await setVariable(page, 'pass', 'demo')
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${token}')
    await closeEnvironmentEditor(page)
    const whoAmI = (name: string, auth?: unknown) => ({
      request: {
        version: 1,
        name,
        protocol: 'rest',
        url: cli.demoUrls[0],
        service: 'Auth',
        method: 'whoAmI',
        messages: [{}],
        ...(auth ? { auth } : {}),
      },
    })
    const basic = { mode: 'own', config: { type: 'basic', username: '${user}', password: '${pass}' } }
    const put = (path: string, json: unknown) =>
      apiCall(page, `/api/workspaces/default/${path}`, { method: 'PUT', json })
    expect(await put('requests/auth/plain', whoAmI('plain'))).toBe(200)
    expect(await put('requests/auth/anonymous', whoAmI('anonymous', { mode: 'none' }))).toBe(200)
    expect(await put('requests/auth/own-basic', whoAmI('own-basic', basic))).toBe(200)
    expect(await put('folders/basic-folder', { folder: { version: 1, auth: basic } })).toBe(204)
    expect(await put('requests/basic-folder/inherits', whoAmI('inherits', { mode: 'inherit' }))).toBe(200)

    const sendSaved = async (path: string): Promise<string> => {
      await showSaved(page)
      await savedRow(page, path).waitFor({ timeout: 10_000 })
      await savedRow(page, path).click()
      await expect.poll(() => tabTitles(page)).toContain(path.split('/').pop())
      const badge = await sendWithShortcut(page)
      const status = (await badge.textContent()) ?? ''
      const body = status.startsWith('200') ? ((await page.locator('.json-tree').textContent()) ?? '') : ''
      await page.keyboard.press('Control+w')
      return `${status.slice(0, 3)} ${body}`
    }
    // The environment's bearer goes with a request that sets nothing…
    expect(await sendSaved('auth/plain')).toMatch(/^200 .*bearerAuth/)
    // …and not with one whose auth is `none` (the demo answers 401 without credentials).
    expect(await sendSaved('auth/anonymous')).toMatch(/^401/)
    // Its own basic scheme resolves `${user}`/`${pass}` from the environment.
    expect(await sendSaved('auth/own-basic')).toMatch(/^200 .*basicAuth/)
    // A request that inherits takes its folder's.
    expect(await sendSaved('basic-folder/inherits')).toMatch(/^200 .*basicAuth/)
    const folderFile = await readFile(
      join(cli.configDir, 'workspaces/default/requests/basic-folder/folder.json'),
      'utf8',
    )
    expect(folderFile).not.toContain('demo')
  })

  it('says the JSON of an undiscovered stand-in is sent as written, not "in sync with the form"', async () => {
    const saved = await apiCall(page, '/api/workspaces/default/requests/away/nowhere', {
      method: 'PUT',
      json: {
        request: {
          version: 1,
          name: 'nowhere',
          protocol: 'rest',
          url: 'http://127.0.0.1:9/openapi.json',
          service: 'Gone',
          method: 'getGone',
          messages: [{ id: 1 }],
        },
      },
    })
    expect(saved).toBe(200)
    await showSaved(page)
    await savedRow(page, 'away/nowhere').waitFor({ timeout: 10_000 })
    await savedRow(page, 'away/nowhere').click()
    const status = page.locator('[data-undiscovered="true"] .raw-json-status')
    await status.waitFor()
    expect(await status.textContent()).toBe('Valid JSON: sent as written (no form until the service is discovered).')
    await screenshot(page, 'workspace-undiscovered-json-dark')
    await page.keyboard.press('Control+w')
  })

  it('shows the Collections tab at 420 px and in the light theme', async () => {
    await page.emulateMedia({ colorScheme: 'light' })
    await showSaved(page)
    await screenshot(page, 'workspace-saved-tab-light')
    await page.setViewportSize({ width: 420, height: 860 })
    await page
      .getByRole('button', { name: /menu|sidebar/i })
      .first()
      .click()
      .catch(() => undefined)
    await page.waitForTimeout(400)
    await screenshot(page, 'workspace-saved-tab-narrow-light')
    expect(pageErrors).toEqual([])
  })
})
