/**
 * Schema Files: upload by a real drop event, call an uploaded operation through a chosen server URL, .proto files that
 * import each other dropped together in any order, errors, delete.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiDocument } from '@wirebench/demo'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { pinTheme } from './support/live-page.js'
import { dropFile, fieldInput, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const FILE = 'bookshop.json'

const demoProto = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../examples/demo/proto/${path}`, import.meta.url)), 'utf8')

/** One drop of several files, as a user dragging a selection from the desktop (one DataTransfer, in this order). */
async function dropFiles(page: Page, target: Locator, files: { name: string; content: string }[]): Promise<void> {
  const handle = await target.elementHandle()
  if (!handle) throw new Error('Drop target not found')
  await page.evaluate(
    ({ element, list }) => {
      const transfer = new DataTransfer()
      for (const file of list) transfer.items.add(new File([file.content], file.name))
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }))
      }
    },
    { element: handle, list: files },
  )
}

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

  /** The Schema Files drawer at 420 px in the dark theme, then back to the wide light page. */
  const narrowDarkScreenshot = async (name: string) => {
    const left = () => page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().left)
    await pinTheme(page, 'dark')
    await page.setViewportSize({ width: 420, height: 900 })
    await expect
      .poll(() => page.locator('.sidebar').evaluate((el) => el.getBoundingClientRect().right))
      .toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Toggle the services sidebar' }).click()
    await expect.poll(left).toBe(0)
    await screenshot(page, name)
    await page.getByRole('button', { name: 'Toggle the services sidebar' }).click()
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect.poll(left).toBe(0)
    await pinTheme(page, 'light')
  }
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
    // The other demo origins (the toy lab's sidecar among them) are collapsed too until the upload's group shows.
    for (let i = 0; i < 10 && !(await origin.isVisible()); i++) {
      await page.locator('.sb-origin[aria-expanded="true"]').filter({ hasNotText: FILE }).first().click()
    }
    await origin.waitFor()
    expect(await origin.locator('.sb-count').textContent()).toBe('37')
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

  it('uploads .proto files that import each other dropped together, the importing file first, and calls them', async () => {
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    // telemetry.proto imports the other two: one at a time in this order, the first would not compile.
    await dropFiles(page, dropZone(), [
      { name: 'telemetry.proto', content: demoProto('wirebench/demo/v1/telemetry.proto') },
      { name: 'error_details.proto', content: demoProto('google/rpc/error_details.proto') },
      { name: 'status.proto', content: demoProto('google/rpc/status.proto') },
    ])
    await uploaded('telemetry.proto').waitFor({ timeout: 30_000 })
    expect(await uploaded('telemetry.proto').locator('.upload-facts').textContent()).toMatch(/grpc · .* 1 service$/)
    for (const name of ['error_details.proto', 'status.proto']) {
      expect(await uploaded(name).locator('.upload-facts').textContent()).toMatch(/grpc · .* 0 services$/)
    }
    expect(await page.locator('.upload-failure').count()).toBe(0)
    await screenshot(page, 'schema-files-proto-set-light')
    await narrowDarkScreenshot('schema-files-proto-set-dark-420')

    await page.getByRole('tab', { name: /Services/ }).click()
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('GetStation')
    await page.locator('.sb-method[data-method="GetStation"][data-origin="telemetry.proto"]').click()
    await page.getByRole('searchbox', { name: 'Search operations' }).fill('')
    const grpcUrl = /^\s{4}grpc\s+.+?\s(https?:\/\/\S+)$/m.exec(cli.output())?.[1]
    expect(grpcUrl).toBeDefined()
    await page.getByRole('textbox', { name: 'Server URL' }).fill(grpcUrl!)
    await fieldInput(page, 'stationId').fill('st-harbor')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^OK/)
    expect(await page.locator('.json-tree').textContent()).toContain('st-harbor')

    // The Server field may pin the wire of an upload's calls; the demo server speaks plain gRPC, and the call says so.
    await page.getByRole('textbox', { name: 'Server URL' }).fill(`grpcweb@${grpcUrl}`)
    expect(await page.locator('.grpc-kind').textContent()).toBe('Unary · gRPC-Web')
    await sendWithShortcut(page)
    const problem = page.locator('.response-error .problem')
    expect(await problem.locator('.problem-detail').textContent()).toBe(
      `${grpcUrl} speaks gRPC (it answered with content type application/grpc+proto), not gRPC-Web.`,
    )
    await screenshot(page, 'uploaded-grpc-web-mismatch-light')
    await pinTheme(page, 'dark')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await screenshot(page, 'uploaded-grpc-web-mismatch-dark-420')
    await page.setViewportSize({ width: 1440, height: 900 })
    await pinTheme(page, 'light')
    await page.getByRole('textbox', { name: 'Server URL' }).fill(grpcUrl!)
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

    // A set with a file that does not compile is refused as a whole: one notice for the set, and nothing kept.
    await dropFiles(page, dropZone(), [
      { name: 'weather.proto', content: 'syntax = "proto3";\nmessage Weather { string sky = 1; }\n' },
      { name: 'greeter.proto', content },
    ])
    const set = page.locator('.upload-failure[data-file="weather.proto, greeter.proto"]')
    await set.waitFor({ timeout: 20_000 })
    expect(await set.getByRole('alert').textContent()).toMatch(
      /greeter\.proto could not be read.*None of the 2 files was kept/s,
    )
    expect(await uploaded('weather.proto').count()).toBe(0)
    await narrowDarkScreenshot('upload-set-error-dark-420')
  })

  it('deletes an uploaded file and its services', async () => {
    await page.getByRole('button', { name: `Delete ${FILE}` }).click()
    await expect.poll(() => uploaded(FILE).count()).toBe(0)
    await page.getByRole('tab', { name: /Services/ }).click()
    expect(await page.locator('.sb-origin', { hasText: FILE }).count()).toBe(0)
    expect(pageErrors).toEqual([])
  })
})
