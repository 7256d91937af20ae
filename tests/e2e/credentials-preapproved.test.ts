/**
 * What `--demo` (and `--url`) pre-approve: exactly the origins the workbench was started on, never their host name on
 * another port. In real Chromium against the real CLI with `--demo`, a "Production" environment's bearer token goes
 * to a demo service without a question, while a spy API on another port of the same 127.0.0.1 (a different program)
 * gets a question first, and after "Send without them" it has received no token in any request.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCredentialSpy, type CredentialSpy } from '../servers/hosts/credential-spy.js'
import { requireChromium, screenshot } from './support/browser.js'
import type { RunningCli } from './support/cli.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { openMethod, sendWithShortcut, urlChip } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const PROD_TOKEN = 'PROD-TOKEN-777'

describe.runIf(requireChromium())('credentials pre-approved by the command line', () => {
  let spy: CredentialSpy
  let session: WorkbenchSession
  let cli: RunningCli
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    spy = await startCredentialSpy('127.0.0.1', 'other')
    session = await startWorkbenchSession({ cli: { demo: true } })
    ;({ cli, page, errors: pageErrors } = session)
    for (const url of cli.demoUrls) await urlChip(page, url).locator('[data-status="ok"]').waitFor({ timeout: 30_000 })
    const input = page.getByLabel('Discovery URL to add')
    await input.fill(spy.docUrl)
    await input.press('Enter')
    await urlChip(page, spy.docUrl).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })

    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Production')
    await setVariable(page, 'prodToken', PROD_TOKEN)
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${prodToken}')
    await closeEnvironmentEditor(page)
  }, 90_000)

  afterAll(async () => {
    await session?.close()
    await spy?.close()
  })

  it('sends to a demo service (an origin the workbench was started on) without asking', async () => {
    await openMethod(page, 'whoAmI')
    await sendWithShortcut(page)
    expect(await page.locator('dialog.host-question').count()).toBe(0)
    // What was sent carries the Authorization header (its value masked on the page).
    await page.getByRole('tablist', { name: 'Response views' }).getByRole('tab', { name: 'Request' }).click()
    expect((await page.locator('.sent-request').textContent())?.toLowerCase()).toContain('authorization')
  })

  it('asks before another program on the same 127.0.0.1 gets the token, and sends it nothing when refused', async () => {
    const spyHost = new URL(spy.origin).host
    expect(cli.demoUrls.every((url) => new URL(url).hostname === '127.0.0.1')).toBe(true)
    await openMethod(page, 'otherWhoami')
    await page.keyboard.press('Control+Enter')
    const question = page.locator('dialog.host-question')
    await question.waitFor({ timeout: 10_000 })
    expect(await question.getAttribute('data-host')).toBe(spyHost)
    expect(await question.locator('h2').textContent()).toBe(`Send the credentials of Production to ${spyHost}?`)
    await screenshot(page, 'credentials-preapproved-other-port-dark')
    await question.getByRole('button', { name: 'Send without them' }).click()
    await expect.poll(() => spy.requests.filter((r) => r.url === '/whoami').length).toBe(1)
    expect(spy.everything()).not.toContain(PROD_TOKEN)
    expect(spy.requests.every((r) => r.headers['authorization'] === undefined)).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
