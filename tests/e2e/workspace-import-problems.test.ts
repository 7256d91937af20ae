/**
 * Import and workspace-file problems in real Chromium: a multi-line curl command pasted into the URL bar keeps the
 * line breaks of its quoted body; the import dialog says what to do (the server's hint) about a file it cannot read;
 * the Collections tab lists each unreadable workspace file with its reason, left where it is.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { methodRow } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

async function paste(page: Page, text: string): Promise<void> {
  await page.evaluate((command) => {
    const data = new DataTransfer()
    data.setData('text/plain', command)
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }))
  }, text)
}

describe.runIf(requireChromium())('import and workspace-file problems', () => {
  let session: WorkbenchSession
  let page: Page
  const requestsDir = () => join(session.cli.configDir, 'workspaces', 'default', 'requests')

  beforeAll(async () => {
    session = await startWorkbenchSession({
      cli: { demo: true },
      beforeOpen: async (cli) => {
        const dir = join(cli.configDir, 'workspaces', 'default', 'requests', 'broken')
        await mkdir(dir, { recursive: true })
        await writeFile(join(dir, 'merged.json'), '<<<<<<< HEAD\n{"version": 1}\n=======\n{}\n>>>>>>> theirs\n')
      },
    })
    page = session.page
    await methodRow(page, 'getBook').waitFor({ timeout: 20_000 })
  })
  afterAll(async () => {
    await session?.close()
  })

  it('keeps the line breaks of a quoted body in a pasted Firefox curl command', async () => {
    const api = new URL(session.cli.demoUrls[0]!).origin
    await page.getByRole('textbox', { name: 'Discovery URL to add' }).click()
    await paste(page, `curl '${api}/api/v1/books' \\\n  -X POST \\\n  --data-raw 'line one\nline two\n  indented'`)
    await page.getByRole('button', { name: 'Import as request' }).click()
    await expect.poll(() => page.locator('.req-tab-title').count(), { timeout: 10_000 }).toBe(1)
    await page.keyboard.press('Control+s')
    const dialog = page.getByRole('dialog', { name: 'Save request' })
    await dialog.getByLabel('Name').fill('multi-line')
    await dialog.getByLabel(/Folder/).fill('pasted')
    await dialog.getByRole('button', { name: 'Save' }).click()
    // The modal makes the rest of the page inert until it closes; the next test types into the URL bar.
    await dialog.waitFor({ state: 'hidden' })
    const file = join(requestsDir(), 'pasted', 'multi-line.json')
    await expect.poll(() => readFile(file, 'utf8').catch(() => ''), { timeout: 10_000 }).toContain('line one')
    const saved = JSON.parse(await readFile(file, 'utf8')) as { messages: { body?: unknown }[] }
    expect(saved.messages[0]?.body).toBe('line one\nline two\n  indented')
  })

  it('flags a declined curl credential as an unknown variable before Send, and keeps the offer open', async () => {
    const api = new URL(session.cli.demoUrls[0]!).origin
    await page
      .getByRole('textbox', { name: 'Discovery URL to add' })
      .fill(`curl '${api}/api/v1/books' -H 'Cookie: sid=canary-cookie-81'`)
    await page.getByRole('button', { name: 'Import as request' }).click()
    const flag = page.locator('.request-pane[data-undiscovered="true"] .unknown-vars-flag')
    await flag.waitFor({ timeout: 10_000 })
    expect(await flag.getAttribute('data-unknown')).toBe('cookie')
    const offer = page.locator('.toast').getByRole('button', { name: 'Put into environment' })
    await offer.waitFor()
    await screenshot(page, 'curl-declined-credential-flag-dark')
    await page.locator('.toast').getByRole('button', { name: 'Dismiss' }).click()
    await offer.waitFor({ state: 'hidden' })
  })

  it("shows the server's hint when an import file cannot be read", async () => {
    await page.getByRole('tab', { name: /^Collections/ }).click()
    await page.getByRole('combobox', { name: 'Workspace actions' }).selectOption('import')
    const dialog = page.getByRole('dialog', { name: 'Import requests' })
    await dialog.locator('#import-file').setInputFiles({
      name: 'broken.postman_collection.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
          item: 'oops',
        }),
      ),
    })
    const alert = dialog.getByRole('alert')
    await expect.poll(() => alert.textContent()).toMatch(/"item" is not a list.*Export the collection from Postman/)
    await screenshot(page, 'import-problem-hint-dark')
    await page.keyboard.press('Escape')
  })

  it('lists each unreadable workspace file with its reason, and leaves it where it is', async () => {
    await page.getByRole('tab', { name: /^Collections/ }).click()
    const problems = page.locator('.col-problems')
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toMatch(/left as it is|leaves it as it is/)
    expect(await problems.locator('li').allTextContents()).toEqual([
      expect.stringMatching(
        /requests\/broken\/merged\.json — it holds git merge-conflict markers.*resolve the conflict/,
      ),
    ])
    await screenshot(page, 'collections-problems-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 900 })
    const toggle = page.getByRole('button', { name: 'Toggle the services sidebar' })
    await toggle.click()
    await expect.poll(() => problems.isVisible()).toBe(true)
    await page.waitForTimeout(400)
    await screenshot(page, 'collections-problems-light-420')
    expect(await readdir(join(requestsDir(), 'broken'))).toEqual(['merged.json'])
  })
})
