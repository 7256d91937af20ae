/**
 * A server request nobody answers expires with a visible notice: our lab MCP server's `ask` tool sends an elicitation,
 * the page shows its form and the user does nothing; after the workbench's wait for an answer (shortened here to 1.5 s
 * through the server option) the form goes away, an alert beside the call says the request timed out, and the
 * server got the refusal (its tool answers with an error). Real Chromium on the built UI, served by a real workbench.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { createStandaloneServer, type StandaloneServer } from '@wirebench/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLabServer, type LabServer } from '../servers/mcp/lab-server.js'
import { repoRoot } from '../servers/server/cli-process.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { openMethod, openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('an unanswered MCP server request expires with a notice', () => {
  let lab: LabServer
  let server: StandaloneServer
  let configDir: string
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    lab = await startLabServer()
    configDir = await mkdtemp(join(tmpdir(), 'wirebench-mcp-expiry-'))
    server = await createStandaloneServer({
      host: '127.0.0.1',
      port: 0,
      configDir,
      uiDir: join(repoRoot, 'packages/ui/dist'),
      logLevel: false,
      lockedUrls: [lab.url],
      mcp: { serverRequestTimeoutMs: 1_500 },
    })
    const base = await server.listen()
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, `${base}/#token=${server.token ?? ''}`)
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await lab?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })

  it('shows the elicitation, then a timed-out alert once nobody answered', async () => {
    await page.locator('.sb-method[data-method="ask"]').waitFor({ timeout: 30_000 })
    await openMethod(page, 'ask')
    await page.keyboard.press('Control+Enter')
    const form = page.getByRole('form', { name: 'Elicitation' })
    await form.waitFor({ timeout: 20_000 })
    const notice = page.locator('.mcp-settled-expired').getByText(/elicitation\/create timed out/)
    await notice.waitFor({ timeout: 10_000 })
    expect(await page.locator('.mcp-settled-expired').getAttribute('role')).toBe('alert')
    // The wait as configured, not rounded into another number than the server's own message says.
    expect(await page.locator('.mcp-settled-expired').textContent()).toContain('Nobody answered within 1.5 s')
    expect(await form.count()).toBe(0)
    // The server was told: its elicitation failed, so the tool call ends instead of hanging.
    await page.locator('.response-summary').waitFor()
    await screenshot(page, 'mcp-request-expired-dark')
    expect(pageErrors).toEqual([])
  })
})
