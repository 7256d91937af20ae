/**
 * MCP authorization in real Chromium: an MCP server behind the SDK's `requireBearerAuth`, whose authorization server
 * is `oidc-provider` with dynamic registration (tests/servers/mcp/oauth-mcp-server.ts). Its URL chip shows the 401
 * and a Connect button; Connect opens the provider's login and consent pages in a popup, the callback hands the code
 * back, and discovery runs again with the token: the tools are listed and a call succeeds. The session panel shows
 * "Connected … expires in", a call after the token expired still succeeds (refreshed first), and Disconnect forgets it.
 * The session's live log has no Trailers tab and no composer sentence (MCP has neither).
 *
 * The page is opened at `localhost`: the redirect URI registered for the workbench names localhost.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOAuthMcpServer, type OAuthMcpServer } from '../servers/mcp/oauth-mcp-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { openMethod, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

const ttlSeconds = 8

describe.runIf(requireChromium())('MCP authorization: Connect in a popup against oidc-provider', () => {
  let server: OAuthMcpServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  let entry: string

  beforeAll(async () => {
    server = await startOAuthMcpServer({ accessTokenTtl: ttlSeconds })
    entry = `mcp@${server.url}`
    cli = await startCli({ urls: [entry] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    const openUrl = new URL(cli.openUrl)
    openUrl.hostname = 'localhost'
    await openWorkbench(page, openUrl.toString())
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await server?.close()
  })

  const echo = async (message: string) => {
    await openMethod(page, 'echo')
    await page.locator('[data-field-path="message"] input').first().fill(message)
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('OK')
    await page.locator('.mcp-result', { hasText: message }).waitFor()
  }

  it('shows Connect on the 401, signs in through the popup and lists the tools', async () => {
    const chip = urlChip(page, entry)
    const connect = chip.getByRole('button', { name: 'Connect with OAuth', exact: true })
    await connect.waitFor({ timeout: 30_000 })
    expect(await chip.getAttribute('data-status')).toBe('error')
    await screenshot(page, 'mcp-oauth-401-dark')

    // A refused sign-in first, at 1300 px: the chip keeps its one line; the reason is in the warning mark's tooltip.
    await page.setViewportSize({ width: 1300, height: 850 })
    const [denied] = await Promise.all([page.context().waitForEvent('page'), connect.click()])
    // Cancelled at the login page: the provider answers access_denied and keeps no session for the next attempt.
    await denied.locator('input[name="login"]').waitFor()
    const deniedClosed = denied.waitForEvent('close')
    await denied
      .getByText(/cancel/i)
      .first()
      .click()
    await deniedClosed
    const refusal = chip.getByRole('alert')
    await refusal.waitFor({ timeout: 20_000 })
    expect(await refusal.getAttribute('title')).toMatch(/access_denied|refused|denied/i)
    const chipBox = await chip.boundingBox()
    const buttonBox = await connect.boundingBox()
    const markBox = await refusal.boundingBox()
    expect(chipBox?.height).toBeLessThanOrEqual(32)
    for (const box of [buttonBox, markBox]) {
      expect(box!.y).toBeGreaterThanOrEqual(chipBox!.y)
      expect(box!.y + box!.height).toBeLessThanOrEqual(chipBox!.y + chipBox!.height)
      expect(box!.x + box!.width).toBeLessThanOrEqual(chipBox!.x + chipBox!.width)
    }
    await screenshot(page, 'mcp-oauth-refused-dark-1300')
    await page.emulateMedia({ colorScheme: 'light' })
    await screenshot(page, 'mcp-oauth-refused-light-1300')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(600)
    await screenshot(page, 'mcp-oauth-refused-light-420')
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.setViewportSize({ width: 1440, height: 900 })

    const [popup] = await Promise.all([page.context().waitForEvent('page'), connect.click()])
    await popup.locator('input[name="login"]').fill('alice')
    await popup.locator('input[name="password"]').fill('any-password')
    await popup.locator('button[type="submit"]').click()
    const closed = popup.waitForEvent('close')
    await popup.locator('button[type="submit"]', { hasText: /continue/i }).click()
    await closed

    await page.locator('.sb-method[data-method="echo"]').waitFor({ timeout: 30_000 })
    await page.locator('.sb-method[data-method="whoami"]').waitFor()
    expect(await chip.getAttribute('data-status')).toBe('ok')
    await echo('hello through OAuth')
    await screenshot(page, 'mcp-oauth-call-dark')
    expect(pageErrors).toEqual([])
  })

  it('shows the connection in the session panel, refreshes after expiry, and Disconnect forgets it', async () => {
    await openMethod(page, 'events')
    const authorization = page.getByRole('region', { name: 'Authorization' })
    await authorization.getByText('Connected').waitFor({ timeout: 20_000 })
    expect(await authorization.textContent()).toMatch(/expires in \d+ s/)
    // Connected from the URL chip: the session panel still shows how (each step of the flow).
    const steps = authorization.getByRole('list', { name: 'Authorization steps' })
    expect(await steps.textContent()).toMatch(/(Registered|Reusing registered) client .*Access token received/)
    await screenshot(page, 'mcp-oauth-session-dark')
    // The session's live log: MCP has no trailers and no composer, so neither the tab nor the sentence about one.
    const views = page.getByRole('tablist', { name: 'Live call views' })
    await views.getByRole('tab', { name: /Messages/ }).waitFor()
    expect(await views.getByRole('tab', { name: /Trailers/ }).count()).toBe(0)
    await page.getByText('Session open: the server’s notifications and requests appear here.').waitFor()
    expect(await page.locator('.live-view').textContent()).not.toContain('composer')
    const tokensBefore = new Set(server.stats().seen).size

    await new Promise((resolve) => setTimeout(resolve, ttlSeconds * 1000 + 300))
    const refused = server.stats().refused
    await echo('after expiry')
    expect(new Set(server.stats().seen).size).toBeGreaterThan(tokensBefore)
    expect(server.stats().refused).toBe(refused)

    await openMethod(page, 'events')
    // Two different things end here: the live session channel, and the tokens held for the server.
    await page.getByRole('button', { name: 'Disconnect session', exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Disconnect', exact: true }).count()).toBe(0)
    await authorization.getByRole('button', { name: 'Forget authorization', exact: true }).click()
    await authorization.getByRole('button', { name: 'Connect with OAuth', exact: true }).waitFor()
    expect(await authorization.textContent()).not.toContain('Connected')
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 420, height: 900 })
    await authorization.getByRole('button', { name: 'Connect with OAuth', exact: true }).scrollIntoViewIfNeeded()
    // The narrow layout slides the sidebar away: let it settle before the picture.
    await page.waitForTimeout(600)
    await screenshot(page, 'mcp-oauth-session-light-420')
    expect(pageErrors).toEqual([])
  })
})
