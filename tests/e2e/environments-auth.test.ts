/**
 * Environments in real Chromium against the real CLI and the demo REST API: variables feed bearer auth, switching
 * environment swaps credentials, the lock badge follows, secrets are masked, a manual header wins, and everything
 * survives a reload because it is saved on the server.
 */
import { writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  createEnvironment,
  editor,
  lockBadge,
  openEnvironmentEditor,
  closeEnvironmentEditor,
  setVariable,
  chooseAuthType,
  authInput,
  savedEnvironments,
} from './support/environments-page.js'
import { methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

async function responseJson(page: Page): Promise<string> {
  return (await page.locator('.json-tree').textContent()) ?? ''
}

describe.runIf(requireChromium())('environments: variables, bearer auth, switching and persistence', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'whoAmI').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('starts with the Default environment, which sends no credentials: the protected operation answers 401', async () => {
    await expect.poll(() => page.locator('#env-select option:checked').textContent()).toBe('Default')
    expect(await lockBadge(page).count()).toBe(0)
    await openMethod(page, 'whoAmI')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^401/)
  })

  it('applies bearer auth built from a variable, shows the lock badge, and answers 200', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Dev')
    await setVariable(page, 'token', 'demo-token')
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${token}')
    await screenshot(page, 'environments-auth-bearer-dark')
    await closeEnvironmentEditor(page)

    await expect.poll(() => lockBadge(page).getAttribute('title')).toBe('Auth: Bearer Token')
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    expect(await responseJson(page)).toContain('bearer')
    await screenshot(page, 'environments-topbar-lock-dark')
  })

  it('switching to an environment without auth swaps the credentials away (401) and hides the lock', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Anonymous')
    await closeEnvironmentEditor(page)
    expect(await page.locator('#env-select option:checked').textContent()).toBe('Anonymous')
    expect(await lockBadge(page).count()).toBe(0)
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^401/)

    await page.locator('#env-select').selectOption({ label: 'Dev' })
    await lockBadge(page).waitFor()
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
  })

  it('keeps the environments on the server: after a reload they are all there with Dev active', async () => {
    await expect
      .poll(async () => (await savedEnvironments(cli)).document.activeEnvironmentId)
      .toBe(await page.locator('#env-select').inputValue())
    const saved = await savedEnvironments(cli)
    const dev = saved.document.environments.find((env) => env.name === 'Dev')
    expect(dev).toMatchObject({ vars: { token: 'demo-token' }, auth: { type: 'bearer', token: '${token}' } })

    await page.reload()
    await page.locator('.app').waitFor()
    await expect.poll(() => page.locator('#env-select option:checked').textContent()).toBe('Dev')
    expect(await page.locator('#env-select option').allTextContents()).toEqual([
      'No environment',
      'Default',
      'Dev',
      'Anonymous',
    ])
    await lockBadge(page).waitFor()
    await methodRow(page, 'whoAmI').waitFor({ timeout: 20_000 })
    await openMethod(page, 'whoAmI')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
  })

  it('masks secret values (variables the auth references, and the token field) until revealed', async () => {
    await openEnvironmentEditor(page)
    const value = editor(page).getByLabel('Value of token')
    expect(await value.getAttribute('type')).toBe('password')
    expect(await value.inputValue()).toBe('demo-token')
    await editor(page).getByRole('button', { name: 'Reveal token' }).click()
    expect(await value.getAttribute('type')).toBe('text')
    await editor(page).getByRole('button', { name: 'Hide token' }).click()
    expect(await value.getAttribute('type')).toBe('password')
    // A plain variable stays readable; marking it secret masks it.
    await setVariable(page, 'region', 'eu-west-1')
    const region = editor(page).getByLabel('Value of region')
    expect(await region.getAttribute('type')).toBe('text')
    await editor(page).getByRole('button', { name: 'Secret: region' }).click()
    expect(await region.getAttribute('type')).toBe('password')

    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    expect(await authInput(page, 'token').getAttribute('type')).toBe('password')
    await closeEnvironmentEditor(page)
  })

  it('flags a reference to an unknown variable in the auth panel', async () => {
    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    await authInput(page, 'token').fill('${tokn}')
    expect(await editor(page).locator('[data-auth-field="token"] .unknown-refs').textContent()).toContain('${tokn}')
    await authInput(page, 'token').fill('${token}')
    expect(await editor(page).locator('[data-auth-field="token"] .unknown-refs').count()).toBe(0)
    await closeEnvironmentEditor(page)
  })

  it('lets a manual Authorization header win over the auth helper', async () => {
    await openMethod(page, 'echoGet')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    expect(await responseJson(page)).toContain('Bearer demo-token')

    await page
      .getByRole('tab', { name: /^Headers/ })
      .first()
      .click()
    await page.getByLabel('Headers name').last().fill('Authorization')
    await page.getByLabel('Headers value').first().fill('Basic ZGVtbzpkZW1v')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const echoed = await responseJson(page)
    expect(echoed).toContain('Basic ZGVtbzpkZW1v')
    expect(echoed).not.toContain('demo-token')

    await openMethod(page, 'whoAmI')
    await page
      .getByRole('tab', { name: /^Headers/ })
      .first()
      .click()
    await page.getByLabel('Headers name').last().fill('authorization')
    await page.getByLabel('Headers value').first().fill('Bearer not-the-token')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^401/)
  })

  it('applies basic auth and an API key in the query string from the same panel', async () => {
    await openMethod(page, 'whoAmI')
    await page
      .getByRole('tab', { name: /^Headers/ })
      .first()
      .click()
    // Drop the manual header of the previous test.
    await page.getByRole('button', { name: 'Remove entry' }).first().click()

    await openEnvironmentEditor(page)
    await chooseAuthType(page, 'basic')
    await authInput(page, 'username').fill('demo')
    await authInput(page, 'password').fill('demo')
    await closeEnvironmentEditor(page)
    expect(await lockBadge(page).getAttribute('title')).toBe('Auth: Basic Auth')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    expect(await responseJson(page)).toContain('basic')

    await openEnvironmentEditor(page)
    await chooseAuthType(page, 'apikey')
    await authInput(page, 'location').selectOption('query')
    expect(await editor(page).locator('[data-auth-field="key"] label').textContent()).toContain('Query parameter name')
    await authInput(page, 'key').fill('api_key')
    await authInput(page, 'value').fill('demo-key')
    await closeEnvironmentEditor(page)
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    expect(await responseJson(page)).toContain('apiKeyQuery')
  })

  it("turns a save over another tab's change into a keep mine / take theirs choice without losing the edit", async () => {
    const { page: other } = await newPage(browser, { colorScheme: 'dark' })
    await openWorkbench(other, cli.openUrl)
    await openEnvironmentEditor(other)
    await createEnvironment(other, 'From the other tab')
    await closeEnvironmentEditor(other)
    await expect
      .poll(async () => (await savedEnvironments(cli)).document.environments.map((e) => e.name))
      .toContain('From the other tab')

    // This tab still holds the older revision: its next save is refused and the choice appears.
    await openEnvironmentEditor(page)
    await setVariable(page, 'region', 'us-east-2')
    const notice = editor(page).locator('.env-notice[data-kind="conflict"]')
    await notice.waitFor()
    await screenshot(page, 'environments-conflict-dark')
    expect(await editor(page).getByLabel('Value of region').inputValue()).toBe('us-east-2')
    await notice.getByRole('button', { name: 'Keep mine' }).click()
    await notice.waitFor({ state: 'detached' })
    await closeEnvironmentEditor(page)
    expect(await page.locator('.env-notice[data-kind="conflict"]').count()).toBe(0)
    const saved = await savedEnvironments(cli)
    expect(saved.document.environments.find((e) => e.name === 'Dev')?.vars.region).toBe('us-east-2')
    expect(saved.document.environments.map((e) => e.name)).not.toContain('From the other tab')
    await other.context().close()
  })

  it('keeps the mTLS passphrase in the tab only: never in the saved document', async () => {
    await openEnvironmentEditor(page)
    await chooseAuthType(page, 'mtls')
    await authInput(page, 'certificate').fill('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
    await authInput(page, 'passphrase').fill('hunter2-passphrase')
    await closeEnvironmentEditor(page)
    await expect
      .poll(async () => (await savedEnvironments(cli)).document.environments.find((e) => e.name === 'Dev')?.auth.type)
      .toBe('mtls')
    expect(JSON.stringify(await savedEnvironments(cli))).not.toContain('hunter2-passphrase')

    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    expect(await authInput(page, 'passphrase').inputValue()).toBe('hunter2-passphrase')
    await closeEnvironmentEditor(page)
  })

  it('raised no page errors or CSP violations', () => {
    expect(pageErrors).toEqual([])
  })
})

/** A small real service whose `/login` sets a session cookie and whose `/me` reports the Cookie header it got. */
async function startCookieTarget(): Promise<{ documentUrl: string; close: () => Promise<void> }> {
  let port = 0
  const operation = (operationId: string) => ({
    get: { operationId, tags: ['Session'], responses: { 200: { description: 'ok' } } },
  })
  const server: Server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json')
    if (request.url === '/openapi.json') {
      response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Session', version: '1' },
          servers: [{ url: `http://127.0.0.1:${port}` }],
          paths: { '/login': operation('login'), '/me': operation('me') },
        }),
      )
      return
    }
    if (request.url === '/login') response.setHeader('set-cookie', 'session=s3ss10n; Path=/; HttpOnly')
    response.end(JSON.stringify({ cookie: request.headers.cookie ?? 'none' }))
  })
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready))
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
  return {
    documentUrl: `http://127.0.0.1:${port}/openapi.json`,
    close: () => new Promise((done) => server.close(() => done())),
  }
}

describe.runIf(requireChromium())('environments: the cookie jar', () => {
  let target: Awaited<ReturnType<typeof startCookieTarget>>
  let cli: RunningCli
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    target = await startCookieTarget()
    cli = await startCli({ urls: [target.documentUrl] })
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'me').waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await target?.close()
  })

  it('replays cookies while "Keep cookies" is on, and Clear cookies empties the jar', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Jar')
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    await authInput(page, 'persistCookies').check()
    expect(await lockBadge(page).count()).toBe(0)
    await closeEnvironmentEditor(page)

    await openMethod(page, 'login')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    await openMethod(page, 'me')
    await sendWithShortcut(page)
    expect(await responseJson(page)).toContain('session=s3ss10n')

    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Auth/ }).click()
    await editor(page).getByRole('button', { name: 'Clear cookies' }).click()
    await editor(page).getByText('Cookie jar emptied.').waitFor()
    await screenshot(page, 'auth-cookies-cleared-light')
    await closeEnvironmentEditor(page)
    await sendWithShortcut(page)
    expect(await responseJson(page)).toContain('"none"')
  })
})

describe.runIf(requireChromium())('environments: a stored file the workbench cannot use', () => {
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    cli = await startCli({ demo: true })
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('shows a banner naming the problem, and the page keeps working on the default environments', async () => {
    const configDir = /Config:\s+(\S+)/.exec(cli.output())?.[1]
    if (!configDir) throw new Error(`The CLI banner names no config dir:\n${cli.output()}`)
    // A hand edit gone wrong, written while the workbench runs.
    await writeFile(join(configDir, 'environments.json'), '{"version": 1, "environments": [', { mode: 0o600 })

    const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
    await openWorkbench(page, cli.openUrl)
    const banner = page.locator('.env-notice[data-kind="issues"]')
    await banner.waitFor()
    expect(await banner.textContent()).toContain('environments.json is not valid JSON')
    await expect.poll(() => page.locator('#env-select option:checked').textContent()).toBe('Default')
    await screenshot(page, 'environments-unusable-file-dark')
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    expect(await banner.count()).toBe(0)
    expect(errors).toEqual([])
  })
})
