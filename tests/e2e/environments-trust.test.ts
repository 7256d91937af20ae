/**
 * The environment screen's TLS trust settings in real Chromium, against the real CLI and a Node https API whose
 * certificate comes from a private CA made for this run (no client certificate asked for): discovery fails with a hint
 * naming the TLS trust settings, pasting the CA (bearer auth beside it, no client certificate) makes the URL discover
 * again on its own and the call succeed, "allow self-signed" works on its own, and the settings are saved.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPki, type TestPki } from '../servers/tls/pki.js'
import { startSessionServer, type SessionServer } from '../servers/tls/session-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  editor,
  openEnvironmentEditor,
  savedEnvironments,
  setVariable,
} from './support/environments-page.js'
import { methodRow, openMethod, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

function trustTab(page: Page) {
  return editor(page).getByRole('tab', { name: /TLS trust/ })
}

function trustInput(page: Page, key: 'caCertificate' | 'allowSelfSigned') {
  return editor(page).locator(`[data-trust-panel] [data-auth-field="${key}"]`).locator('input, textarea').first()
}

describe.runIf(requireChromium())('environment TLS trust settings', () => {
  let pki: TestPki
  let api: SessionServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    pki = await createTestPki()
    api = await startSessionServer({
      tls: { key: pki.serverKey, cert: pki.serverCertificate, requestCert: false, rejectUnauthorized: false },
    })
    cli = await startCli({ urls: [api.docUrl] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await api?.close()
  })

  it('cannot discover the private-CA server at first, and the reason points at the TLS trust settings', async () => {
    const chip = urlChip(page, api.docUrl)
    await expect.poll(() => chip.getAttribute('data-status'), { timeout: 20_000 }).toBe('error')
    const reasons = (await chip.locator('.popover').textContent()) ?? ''
    expect(reasons).toMatch(/not issued by a CA this workbench trusts/)
    expect(reasons).toMatch(/TLS trust/)
  })

  it('trusts the server once its CA is pasted beside bearer auth: discovery runs again and the call succeeds', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Private CA')
    await setVariable(page, 'token', 's3cret')
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${token}')
    await trustTab(page).click()
    await trustInput(page, 'caCertificate').fill(pki.caCertificate)
    await expect.poll(() => trustTab(page).textContent()).toContain('CA')
    await screenshot(page, 'environments-trust-ca-dark')
    await closeEnvironmentEditor(page)

    await methodRow(page, 'whoami').waitFor({ timeout: 20_000 })
    expect(await urlChip(page, api.docUrl).getAttribute('data-status')).toBe('ok')
    await openMethod(page, 'whoami')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const body = (await page.locator('.json-tree').textContent()) ?? ''
    expect(body).toContain('Bearer s3cret')
    // No client certificate was presented.
    expect(body).toMatch(/clientCommonName"?:?\s*null/)

    const { document } = await savedEnvironments(cli)
    const saved = document.environments.find((env) => env.name === 'Private CA')
    expect(saved?.trust).toEqual({ caCertificate: pki.caCertificate, allowSelfSigned: false })
    expect(saved?.auth).toEqual({ type: 'bearer', token: '${token}' })
  })

  it('fails again without the CA, and works with "allow self-signed" alone', async () => {
    await openEnvironmentEditor(page)
    await trustTab(page).click()
    await trustInput(page, 'caCertificate').fill('')
    await closeEnvironmentEditor(page)
    const failed = await sendWithShortcut(page)
    expect(await failed.textContent()).not.toMatch(/^200/)
    expect(await page.locator('.response-pane').textContent()).toMatch(/TLS trust/)

    await openEnvironmentEditor(page)
    await trustTab(page).click()
    await trustInput(page, 'allowSelfSigned').check()
    await editor(page).locator('[data-trust-panel] .auth-warn').waitFor()
    await screenshot(page, 'environments-trust-self-signed-dark')
    await closeEnvironmentEditor(page)
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    const { document } = await savedEnvironments(cli)
    expect(document.environments.find((env) => env.name === 'Private CA')?.trust).toEqual({
      caCertificate: '',
      allowSelfSigned: true,
    })
    expect(pageErrors).toEqual([])
  })

  it('lays the tab out in the light theme and at 420 px', async () => {
    const { page: light, errors } = await newPage(browser, { colorScheme: 'light' })
    try {
      await openWorkbench(light, cli.openUrl)
      await openEnvironmentEditor(light)
      await trustTab(light).click()
      await trustInput(light, 'caCertificate').fill(pki.caCertificate)
      await screenshot(light, 'environments-trust-light')
      await light.setViewportSize({ width: 420, height: 860 })
      await screenshot(light, 'environments-trust-420-light')
      const overflow = await light.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await closeEnvironmentEditor(light)
      expect(errors).toEqual([])
    } finally {
      await light.context().close()
    }
  })
})
