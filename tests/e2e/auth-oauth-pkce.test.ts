/**
 * OAuth 2.0 in real Chromium against a real OpenID provider (`oidc-provider`): the authorization-code + PKCE popup
 * (login and consent in the popup, the code posted back by the callback page), the countdown, calls carrying the
 * token, refresh within 60 s of expiry, sign out, a popup closed without an answer, and client-credentials previews.
 *
 * The page is opened at `localhost`: the registered redirect URI names localhost (SPEC.md), and the callback page only
 * posts to a workbench window of its own origin.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { refreshMarginFor } from '@wirebench/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcProvider, type OidcProvider } from '../servers/oidc/provider.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  editor,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

const ACCESS_TOKEN_TTL_S = 70

/** The access token the demo echo operation saw in the Authorization header. */
async function echoedBearer(page: Page): Promise<string> {
  const text = (await page.locator('.json-tree').textContent()) ?? ''
  const token = /Bearer ([A-Za-z0-9._~+/=-]+)/.exec(text)?.[1]
  if (!token) throw new Error(`No bearer token in the echoed request:\n${text.slice(0, 2000)}`)
  return token
}

async function countdown(page: Page): Promise<number> {
  return Number(await editor(page).locator('.oauth-countdown').textContent())
}

describe.runIf(requireChromium())('OAuth 2.0 authorization code + PKCE in a popup, against a real provider', () => {
  let cli: RunningCli
  let provider: OidcProvider
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let pageErrors: string[]
  let userinfoUrl: string

  /** Asks the provider itself whether a token is one it issued and still accepts. */
  async function providerAccepts(token: string): Promise<boolean> {
    const response = await fetch(userinfoUrl, { headers: { authorization: `Bearer ${token}` } })
    return response.ok
  }

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    const port = new URL(cli.origin).port
    provider = await startOidcProvider({
      redirectUris: [`http://localhost:${port}/oauth-callback`],
      accessTokenTtl: 70,
    })
    userinfoUrl = `${provider.issuer}/me`
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    context = page.context()
    const openUrl = new URL(cli.openUrl)
    openUrl.hostname = 'localhost'
    await openWorkbench(page, openUrl.toString())
    await methodRow(page, 'echoGet').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await provider?.close()
    await cli?.stop()
  })

  it('serves the workbench page with a COOP that lets its sign-in popup keep the opener', async () => {
    // With `same-origin`, the popup is moved to another browsing context group when it navigates to the provider:
    // the callback page then finds no opener and the code never reaches the workbench.
    const response = await page.request.get(new URL('/', page.url()).toString())
    expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })

  it('shows the localhost redirect URI and Not authorized for a new configuration', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'OIDC')
    await chooseAuthType(page, 'oauth2_ac')
    await authInput(page, 'authorizationUrl').fill(provider.authorizationUrl)
    await authInput(page, 'tokenUrl').fill(provider.tokenUrl)
    await authInput(page, 'clientId').fill(provider.clients.public.clientId)
    // Without offline_access: the provider grants it only on an explicit consent prompt, and a refresh asking for
    // more than the grant holds is refused (invalid_scope).
    await authInput(page, 'scope').fill('openid api:read')
    expect(await authInput(page, 'redirectUri').inputValue()).toBe(provider.clients.public.redirectUris[0])
    expect(await editor(page).locator('.oauth-state').textContent()).toBe('Not authorized')
    expect(await editor(page).locator('.auth-note', { hasText: 'cannot hear from' }).count()).toBe(0)
  })

  it('reports a sign-in window closed without an answer', async () => {
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      editor(page).getByRole('button', { name: 'Authorize' }).click(),
    ])
    await popup.locator('input[name="login"]').waitFor()
    await popup.close()
    await editor(page).locator('.auth-preview.is-error', { hasText: 'closed before the provider answered' }).waitFor()
    expect(await editor(page).locator('.oauth-state').textContent()).toBe('Not authorized')
  })

  it('signs in through the popup and shows Authorized with a countdown that decreases', async () => {
    const [popup, authorizeRequest] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => request.url().startsWith(provider.authorizationUrl)),
      editor(page).getByRole('button', { name: 'Authorize' }).click(),
    ])
    const url = new URL(authorizeRequest.url())
    expect(url.origin).toBe(provider.issuer)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('redirect_uri')).toBe(provider.clients.public.redirectUris[0])

    await popup.locator('input[name="login"]').fill('alice')
    await popup.locator('input[name="password"]').fill('any-password')
    await popup.locator('button[type="submit"]').click()
    // The callback page closes the popup as soon as it has handed the code over.
    const closed = popup.waitForEvent('close')
    await popup.locator('button[type="submit"]', { hasText: /continue/i }).click()
    await closed

    await expect.poll(() => editor(page).locator('.oauth-state strong').textContent()).toBe('Authorized')
    expect(await editor(page).getByRole('button', { name: 'Re-authorize' }).count()).toBe(1)
    const first = await countdown(page)
    expect(first).toBeGreaterThan(ACCESS_TOKEN_TTL_S - 10)
    expect(first).toBeLessThanOrEqual(ACCESS_TOKEN_TTL_S)
    await expect.poll(() => countdown(page), { timeout: 5_000 }).toBeLessThan(first)
    await screenshot(page, 'auth-oauth2_ac-authorized-dark')
  })

  it('sends the access token with a call, and the provider accepts it', async () => {
    await closeEnvironmentEditor(page)
    await openMethod(page, 'echoGet')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const token = await echoedBearer(page)
    expect(await providerAccepts(token)).toBe(true)
  })

  it('refreshes the token on the first call inside the refresh margin', async () => {
    const before = await echoedBearer(page)
    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    // The margin is 60 s, or half the life of a shorter token: 35 s for the provider's 70 s tokens.
    const marginSeconds = refreshMarginFor(ACCESS_TOKEN_TTL_S * 1000) / 1000
    await expect.poll(() => countdown(page), { timeout: 60_000, interval: 500 }).toBeLessThan(marginSeconds - 1)
    await closeEnvironmentEditor(page)

    const status = await (await sendWithShortcut(page)).textContent()
    expect(status, (await page.locator('.response-pane').textContent()) ?? '').toMatch(/^200/)
    const after = await echoedBearer(page)
    expect(after).not.toBe(before)
    expect(await providerAccepts(after)).toBe(true)

    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    expect(await countdown(page)).toBeGreaterThan(marginSeconds)
  })

  it('signs out: Not authorized, and a call fails before it is sent with what to do', async () => {
    await editor(page).getByRole('button', { name: 'Sign out' }).click()
    expect(await editor(page).locator('.oauth-state').textContent()).toBe('Not authorized')
    await closeEnvironmentEditor(page)
    await page.keyboard.press('Control+Enter')
    const problem = page.locator('.response-error .problem')
    await problem.waitFor()
    expect(await problem.textContent()).toContain('not authorized with the OAuth provider')
    expect(await problem.locator('.problem-hint').textContent()).toContain('Authorize')
  })

  it('client credentials: Fetch token shows a fresh token from the provider, and calls carry a cached one', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Service')
    await setVariable(page, 'clientSecret', provider.clients.confidential.clientSecret)
    await chooseAuthType(page, 'oauth2_cc')
    await authInput(page, 'tokenUrl').fill(provider.tokenUrl)
    await authInput(page, 'clientId').fill(provider.clients.confidential.clientId)
    await authInput(page, 'clientSecret').fill('${clientSecret}')
    await authInput(page, 'scope').fill('api:read')

    await editor(page).getByRole('button', { name: 'Fetch token' }).click()
    const previewed = editor(page).getByTestId('preview-token')
    await previewed.waitFor({ timeout: 20_000 })
    const first = (await previewed.textContent()) ?? ''
    expect(first.length).toBeGreaterThan(10)
    // The preview bypasses the cache: a second click asks the provider again.
    await editor(page).getByRole('button', { name: 'Fetch token' }).click()
    await expect.poll(() => previewed.textContent(), { timeout: 20_000 }).not.toBe(first)
    await screenshot(page, 'auth-oauth2_cc-token-dark')

    await authInput(page, 'clientSecret').fill('wrong-secret')
    await editor(page).getByRole('button', { name: 'Fetch token' }).click()
    const failure = editor(page).locator('.auth-preview.is-error')
    await failure.waitFor({ timeout: 20_000 })
    expect(await failure.textContent()).toContain('invalid_client')
    await authInput(page, 'clientSecret').fill('${clientSecret}')
    await closeEnvironmentEditor(page)

    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const sent = await echoedBearer(page)
    expect(await sendWithShortcut(page).then((badge) => badge.textContent())).toMatch(/^200/)
    expect(await echoedBearer(page)).toBe(sent)
  })

  it('raised no page errors or CSP violations', () => {
    expect(pageErrors).toEqual([])
  })
})
