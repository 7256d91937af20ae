/** Schema Files: upload by a real drop event, call an uploaded operation through a chosen server URL, errors, delete. */
import { openApiDocument } from '@wirebench/demo'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { dropFile, fieldInput, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const FILE = 'bookshop.json'

describe.runIf(requireChromium())('schema file upload', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  const dropZone = () => page.getByTestId('schema-drop-zone')
  const uploaded = (name: string) => page.locator(`.upload-item[data-file="${name}"]`)

  it('uploads an OpenAPI document dropped on the Schema Files tab and lists its services apart', async () => {
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    await dropFile(page, dropZone(), { name: FILE, content: JSON.stringify(openApiDocument), type: 'application/json' })
    await uploaded(FILE).waitFor({ timeout: 20_000 })
    expect(await uploaded(FILE).locator('.upload-facts').textContent()).toMatch(/rest · .*10 services/)
    await screenshot(page, 'schema-files-light')

    await page.getByRole('tab', { name: /Services/ }).click()
    // Collapsing the demo origin brings the uploaded group into view (the list is virtualized).
    const demoOrigin = page.locator('.sb-origin').first()
    expect(await demoOrigin.textContent()).toContain(new URL(cli.demoUrls[0]!).host)
    await demoOrigin.click()
    expect(await demoOrigin.getAttribute('aria-expanded')).toBe('false')
    const origin = page.locator('.sb-origin', { hasText: FILE })
    await origin.waitFor()
    expect(await origin.locator('.sb-count').textContent()).toBe('35')
  })

  it('calls an uploaded operation at the server URL the user sets, and remembers it', async () => {
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('getBook')
    await page.locator(`.sb-method[data-method="getBook"][data-origin="${FILE}"]`).click()
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
    const server = page.getByRole('textbox', { name: 'Server URL' })
    // The document's only server is relative: without a server URL the pane asks for one.
    expect(await server.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('.rest-server-warning').isVisible()).toBe(true)

    const demoBase = new URL('/api/v1', cli.demoUrls[0]).toString()
    await server.fill(demoBase)
    await fieldInput(page, 'bookId').fill('1')
    expect(await page.locator('.rest-path').textContent()).toContain(`${demoBase}/books/1`)
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await page.locator('.json-tree').textContent()).toContain('The Lighthouse Ledger')
    await screenshot(page, 'uploaded-call-light')

    await page.reload()
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('getBook')
    await page.locator(`.sb-method[data-method="getBook"][data-origin="${FILE}"]`).click()
    expect(await page.getByRole('textbox', { name: 'Server URL' }).inputValue()).toBe(demoBase)
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
  })

  it('shows the problem when a file cannot be read', async () => {
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    await dropFile(page, dropZone(), { name: 'broken.yaml', content: 'openapi: [unclosed' })
    const failure = page.locator('.upload-failure[data-file="broken.yaml"]')
    await failure.waitFor({ timeout: 20_000 })
    expect(await failure.getByRole('alert').locator('.problem-title').textContent()).toBeTruthy()

    // A .proto with a syntax error: the compiler's diagnostics are listed with file, line and column.
    const content = 'syntax = "proto3";\nmessage Greeting {\n  int32 = 1;\n}\n'
    await dropFile(page, dropZone(), { name: 'greeter.proto', content })
    const proto = page.locator('.upload-failure[data-file="greeter.proto"]')
    await proto.waitFor({ timeout: 20_000 })
    expect(await proto.locator('.problem-diagnostics li').first().textContent()).toMatch(/^greeter\.proto:3:\d+ /)
    await screenshot(page, 'upload-errors-light')
    expect(await uploaded('broken.yaml').count()).toBe(0)
  })

  it('deletes an uploaded file and its services', async () => {
    await page.getByRole('button', { name: `Delete ${FILE}` }).click()
    await expect.poll(() => uploaded(FILE).count()).toBe(0)
    await page.getByRole('tab', { name: /Services/ }).click()
    expect(await page.locator('.sb-origin', { hasText: FILE }).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
