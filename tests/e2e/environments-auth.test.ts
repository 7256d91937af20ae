/**
 * Environments in real Chromium against the real CLI and the demo REST API: variables feed bearer auth, switching
 * environment swaps credentials, the lock badge follows, secrets are masked, a manual header wins, and everything
 * survives a reload because it is saved on the server.
 */
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
    expect(await page.locator('#env-select option').allTextContents()).toEqual(['No environment', 'Default', 'Dev', 'Anonymous'])
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

  it('raised no page errors or CSP violations', () => {
    expect(pageErrors).toEqual([])
  })
})
