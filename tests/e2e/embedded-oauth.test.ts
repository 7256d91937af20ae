/**
 * OAuth 2.0 authorization code + PKCE in real Chromium through a workbench embedded in a Fastify host at `/workbench`,
 * against a real OpenID provider (`oidc-provider`): the redirect URI the panel shows and the popup sends is the host's
 * `http://localhost:<host-port>/workbench/oauth-callback` (SPEC.md, embedded mode), the provider — which accepts only
 * that URI, registered verbatim — sends the code back through the callback page under the prefix, and the token lands:
 * a call to a host route carries it, and the provider accepts it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcProvider, type OidcProvider } from '../servers/oidc/provider.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  editor,
  openEnvironmentEditor,
} from './support/environments-page.js'
import { methodRow, openMethod, openWorkbench } from './support/workbench-page.js'

const token = 'embedded-oauth-token-0123456789abcdef0123456789abcdef'

describe.runIf(requireChromium())('OAuth sign-in through a workbench embedded at a prefix', () => {
  let configDir: string
  let host: FastifyInstance
  let port: number
  let redirectUri: string
  let provider: OidcProvider
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-embed-oauth-'))
    host = Fastify()
    await host.register(wirebench, {
      prefix: '/workbench',
      configDir,
      token,
      announce: false,
      name: 'accounts',
      // The provider runs on this machine: embedded mode refuses private targets unless the host lists them.
      outboundAllowHosts: ['127.0.0.1'],
    })
    host.get(
      '/whoami',
      { schema: { tags: ['accounts'], operationId: 'whoami', summary: 'Echoes the bearer token it received' } },
      (request) => ({ authorization: request.headers.authorization ?? null }),
    )
    await host.listen({ host: '127.0.0.1', port: 0 })
    port = (host.server.address() as AddressInfo).port
    redirectUri = `http://localhost:${port}/workbench/oauth-callback`
    provider = await startOidcProvider({ redirectUris: [redirectUri] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    context = page.context()
    // At localhost, as the redirect URI names it: the callback page posts only to a workbench window of its origin.
    await openWorkbench(page, `http://localhost:${port}/workbench/#token=${token}`)
    await methodRow(page, 'whoami').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await provider?.close()
    await host?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it("shows the host's redirect URI under the prefix", async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Accounts')
    await chooseAuthType(page, 'oauth2_ac')
    await authInput(page, 'authorizationUrl').fill(provider.authorizationUrl)
    await authInput(page, 'tokenUrl').fill(provider.tokenUrl)
    await authInput(page, 'clientId').fill(provider.clients.public.clientId)
    await authInput(page, 'scope').fill('openid api:read')
    expect(await authInput(page, 'redirectUri').inputValue()).toBe(redirectUri)
    expect(await editor(page).locator('.oauth-state').textContent()).toBe('Not authorized')
  })

  it('signs in through the popup, the code coming back through the callback page under the prefix', async () => {
    const [popup, authorizeRequest] = await Promise.all([
      context.waitForEvent('page'),
      context.waitForEvent('request', (request) => request.url().startsWith(provider.authorizationUrl)),
      editor(page).getByRole('button', { name: 'Authorize' }).click(),
    ])
    expect(new URL(authorizeRequest.url()).searchParams.get('redirect_uri')).toBe(redirectUri)
    const callback = context.waitForEvent('request', (request) => request.url().startsWith(`${redirectUri}?`))
    await popup.locator('input[name="login"]').fill('alice')
    await popup.locator('input[name="password"]').fill('any-password')
    await popup.locator('button[type="submit"]').click()
    const closed = popup.waitForEvent('close')
    await popup.locator('button[type="submit"]', { hasText: /continue/i }).click()
    expect(new URL((await callback).url()).searchParams.get('code')).toBeTruthy()
    await closed
    await expect.poll(() => editor(page).locator('.oauth-state strong').textContent()).toBe('Authorized')
    await screenshot(page, 'embedded-oauth-authorized-dark')
  })

  it('lands the token: a call to the host carries it and the provider accepts it', async () => {
    await closeEnvironmentEditor(page)
    await openMethod(page, 'whoami')
    await page.keyboard.press('Control+Enter')
    // The first call with the environment's auth to a host asks once before the credentials go.
    const question = page.locator('dialog.host-question')
    const tree = page.locator('.json-tree', { hasText: 'Bearer' })
    await question.or(tree).first().waitFor({ timeout: 20_000 })
    if (await question.isVisible()) await question.getByRole('button', { name: 'Send credentials' }).click()
    await tree.waitFor({ timeout: 20_000 })
    const accessToken = /Bearer ([A-Za-z0-9._~+/=-]+)/.exec((await tree.textContent()) ?? '')?.[1]
    expect(accessToken).toBeTruthy()
    const userinfo = await fetch(`${provider.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(userinfo.ok).toBe(true)
    await screenshot(page, 'embedded-oauth-call-dark')
    expect(pageErrors).toEqual([])
  })
})
