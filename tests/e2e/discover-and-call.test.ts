/** Discover the demo REST service, fill the generated form, send, and read the response, in real Chromium. */
import type { Browser, Page } from 'playwright-core'
import { createHash } from 'node:crypto'
import { demoCredentials } from '@wirebench/demo'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  field,
  fieldInput,
  methodRow,
  openMethod,
  openWorkbench,
  sendWithShortcut,
  urlChip,
} from './support/workbench-page.js'

describe.runIf(requireChromium())('discover, fill, send, read', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('moves the session token from the address bar into sessionStorage', async () => {
    expect(page.url()).not.toContain('token=')
    const stored = await page.evaluate(() => sessionStorage.getItem('wirebench.token'))
    expect(cli.openUrl).toContain(`#token=${stored}`)
  })

  it('discovers the demo service and shows an ok dot for its URL', async () => {
    const demoUrl = cli.demoUrls[0]!
    // The first discovery also starts the demo's sidecar (the Python example): give it time on a busy machine.
    await expect.poll(() => urlChip(page, demoUrl).getAttribute('data-status'), { timeout: 15_000 }).toBe('ok')
    await methodRow(page, 'getBook').waitFor()
    expect(await page.locator('.sb-service', { hasText: 'Books' }).count()).toBe(1)
    await screenshot(page, 'discovered-dark')
  })

  it('sends a GET with a path parameter and shows a green 200 with the JSON body', async () => {
    await methodRow(page, 'getBook').click()
    await expect.poll(() => page.locator('.method-name').textContent()).toBe('getBook')
    expect(await page.locator('.method-summary').textContent()).toBe('Get one book')
    const bookId = field(page, 'bookId')
    expect(await bookId.getAttribute('data-source')).toBe('path')
    expect(await bookId.locator('.required-mark').count()).toBe(1)
    await fieldInput(page, 'bookId').fill('1')
    expect(await page.locator('.rest-path').textContent()).toMatch(/\/books\/1$/)

    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await badge.getAttribute('data-tone')).toBe('success')
    expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
    expect(await page.locator('.response-summary').textContent()).toMatch(/Time\s*\d/)
    await page
      .getByRole('tab', { name: /Headers/ })
      .last()
      .click()
    expect(await page.locator('.headers-table').textContent()).toContain('content-type')
    await page.getByRole('tab', { name: 'Body' }).click()
    await screenshot(page, 'get-book-200-dark')
  })

  it('colours a 404 yellow and a 500 red', async () => {
    await fieldInput(page, 'bookId').fill('987654')
    const notFound = await sendWithShortcut(page)
    expect(await notFound.textContent()).toMatch(/^404/)
    expect(await notFound.getAttribute('data-tone')).toBe('client-error')

    await openMethod(page, 'failAlways')
    const failed = await sendWithShortcut(page)
    expect(await failed.textContent()).toMatch(/^500/)
    expect(await failed.getAttribute('data-tone')).toBe('server-error')
  })

  it('builds a nested, repeated body from the form, mirrors it in the JSON editor, and creates the book', async () => {
    await openMethod(page, 'createBook')
    await fieldInput(page, 'title').fill('Wirebench in Action')
    await field(page, 'authorIds')
      .getByRole('button', { name: /Add authorIds item/ })
      .click()
    await fieldInput(page, 'authorIds').fill('au_1')
    await fieldInput(page, 'genre').selectOption('fiction')
    await fieldInput(page, 'price.amount').fill('19.5')
    await fieldInput(page, 'price.currency').selectOption('EUR')
    await screenshot(page, 'create-book-form-dark')

    await page.getByRole('tab', { name: 'JSON' }).click()
    const editor = page.locator('.raw-json .cm-content')
    await editor.waitFor()
    const text = JSON.parse((await editor.innerText()).replace(/\u00a0/g, ' ')) as Record<string, unknown>
    expect(text).toEqual({
      title: 'Wirebench in Action',
      authorIds: ['au_1'],
      genre: 'fiction',
      price: { amount: 19.5, currency: 'EUR' },
    })

    // An edit in the raw editor flows back into the form.
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(JSON.stringify({ ...text, title: 'Edited in JSON' }))
    // Ctrl+Enter sends from inside the editor too; writes need a credential, so this one is refused.
    const unauthorized = await sendWithShortcut(page)
    expect(await unauthorized.textContent()).toMatch(/^401/)
    expect(JSON.parse((await editor.innerText()).replace(/\u00a0/g, ' '))).toMatchObject({ title: 'Edited in JSON' })
    await page.getByRole('tab', { name: /Form/ }).click()
    await expect.poll(() => fieldInput(page, 'title').inputValue()).toBe('Edited in JSON')

    // Send the credential through the headers editor.
    await page
      .getByRole('tab', { name: /Headers/ })
      .first()
      .click()
    await page.getByRole('textbox', { name: 'Headers name' }).last().fill('Authorization')
    await page.getByRole('textbox', { name: 'Headers value' }).first().fill(`Bearer ${demoCredentials.bearerToken}`)
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^201/)
    expect(await page.locator('.json-tree').textContent()).toContain('Edited in JSON')
    // The new body opens afresh (nested values visible), not with the previous 401 body's expansion.
    expect(await page.locator('.json-tree').textContent()).toContain('"au_1"')
    await screenshot(page, 'create-book-201-dark')
  })

  it('sends a binary field chosen with the file input as a multipart part', async () => {
    await openMethod(page, 'echoUpload')
    const bytes = Buffer.from('binary \u0000\u00ff payload', 'latin1')
    await field(page, 'file')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sample.bin', mimeType: 'application/octet-stream', buffer: bytes })
    expect(await field(page, 'file').locator('.file-input-name').textContent()).toContain('sample.bin')
    await fieldInput(page, 'note').fill('from the form')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    const body = (await page.locator('.json-tree').textContent()) ?? ''
    expect(body).toContain('"sample.bin"')
    expect(body).toContain(createHash('sha256').update(bytes).digest('hex'))
    expect(body).toContain('from the form')
    await screenshot(page, 'binary-upload-dark')
  })

  it('fills required fields and spec examples on request, keeping what the user typed, and clears', async () => {
    await openMethod(page, 'createReview')
    await fieldInput(page, 'rating').fill('4')
    await page.getByRole('button', { name: 'Fill example' }).click()
    expect(await fieldInput(page, 'rating').inputValue()).toBe('4')
    expect(await fieldInput(page, 'bookId').inputValue()).not.toBe('')
    expect(await fieldInput(page, 'reviewer').inputValue()).not.toBe('')
    await page.getByRole('button', { name: 'Clear' }).click()
    expect(await fieldInput(page, 'rating').inputValue()).toBe('')
  })

  it('strikes deprecated operations through, tags them DEPR, and labels the request DEPRECATED', async () => {
    // The list follows the open method (echoUpload, far down): back to the top, where the Books rows are.
    await page.locator('.sb-scroll').evaluate((el) => el.scrollTo({ top: 0 }))
    const row = methodRow(page, 'searchBooksLegacy')
    expect(await row.getAttribute('class')).toContain('is-deprecated')
    expect(await row.locator('.sb-depr').textContent()).toBe('DEPR')
    const decoration = await row.locator('.sb-method-label').evaluate((el) => getComputedStyle(el).textDecorationLine)
    expect(decoration).toContain('line-through')
    const live = await methodRow(page, 'getBook')
      .locator('.sb-method-label')
      .evaluate((el) => getComputedStyle(el).textDecorationLine)
    expect(live).not.toContain('line-through')

    await row.click()
    expect(await page.locator('.method-header .tag-danger').textContent()).toBe('DEPRECATED')
    await screenshot(page, 'deprecated-dark')
  })

  it('searches with Ctrl+K and clears with Escape', async () => {
    const all = await page.locator('.sb-method').count()
    await page.locator('body').click({ position: { x: 700, y: 600 } })
    await page.keyboard.press('Control+k')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search operations')
    await page.keyboard.type('review')
    await expect.poll(() => page.locator('.sb-method').count()).toBeLessThan(all)
    const found = await page.locator('.sb-method').allTextContents()
    expect(found.length).toBeGreaterThan(0)
    for (const text of found) expect(text.toLowerCase()).toContain('review')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.locator('.sb-method').count()).toBe(all)
  })

  it('renders in the light theme and at a narrow width', async () => {
    await page.getByRole('button', { name: /^Theme:/ }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light')
    await openMethod(page, 'getBook')
    await fieldInput(page, 'bookId').fill('2')
    await sendWithShortcut(page)
    await screenshot(page, 'get-book-light')
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).toBe('rgb(245, 246, 248)')

    await page.setViewportSize({ width: 420, height: 860 })
    await expect
      .poll(() => page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().right))
      .toBeLessThanOrEqual(0)
    await screenshot(page, 'narrow-light')
    await page.getByRole('button', { name: 'Toggle the services sidebar' }).click()
    await expect.poll(() => page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().left)).toBe(0)
    await screenshot(page, 'narrow-drawer-light')
    await page.setViewportSize({ width: 1440, height: 900 })
  })

  it('raised no page errors or CSP violations', () => {
    expect(pageErrors).toEqual([])
  })
})
