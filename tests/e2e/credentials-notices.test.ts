/**
 * What the environment screens and notices say about credentials and hosts, in real Chromium against the real CLI
 * (demo mode, so its hosts are pre-approved) and spy APIs on 127.0.0.2 and 127.0.0.3 that record every request and
 * WebSocket frame: a typo in the Hosts tab is refused where it is typed, a save refused for a field points at it and
 * later edits are not lost, the hosts the command line approved are listed, the declared-security line and the
 * withheld notices follow the host decisions, and a WebSocket frame or a discovery that went without a secret says so.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCredentialSpy, type CredentialSpy } from '../servers/hosts/credential-spy.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import {
  chooseAuthType,
  authInput,
  closeEnvironmentEditor,
  createEnvironment,
  editor,
  openEnvironmentEditor,
  savedEnvironments,
  setVariable,
} from './support/environments-page.js'
import { openChannel, typeInComposer, waitForLiveStatus } from './support/live-page.js'
import { openMethod, openWorkbench, urlChip } from './support/workbench-page.js'

const TOKEN = 'tok-review-5c1d'
const CANARY = 'canary-7e9a02'

async function addUrl(page: Page, url: string): Promise<void> {
  const input = page.getByLabel('Discovery URL to add')
  await input.fill(url)
  await input.press('Enter')
  await urlChip(page, url).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })
}

function hostsPanel(page: Page) {
  return editor(page).locator('[data-hosts-panel]')
}

async function openHostsTab(page: Page): Promise<void> {
  await openEnvironmentEditor(page)
  await editor(page).getByRole('tab', { name: /Hosts/ }).click()
  await hostsPanel(page).waitFor()
}

function withheldNotice(page: Page, host: string) {
  return page.locator(`.withheld-notice[data-host="${host}"]`)
}

describe.runIf(requireChromium())('credentials, hosts and their notices', () => {
  let beta: CredentialSpy
  let gamma: CredentialSpy
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]
  // Hosts on this machine are bound by name and port: the spies' entries and notices carry their ports.
  const betaHost = () => new URL(beta.origin).host
  const gammaHost = () => new URL(gamma.origin).host

  beforeAll(async () => {
    ;[beta, gamma] = await Promise.all([
      startCredentialSpy('127.0.0.2', 'beta'),
      startCredentialSpy('127.0.0.3', 'gamma'),
    ])
    cli = await startCli({ demo: true })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await addUrl(page, beta.docUrl)
    await addUrl(page, gamma.docUrl)
    await addUrl(page, beta.chatUrl)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await Promise.all([beta?.close(), gamma?.close()])
  })

  it('lists the hosts the command line approved for this session, read-only', async () => {
    await openHostsTab(page)
    const session = hostsPanel(page).getByRole('region', { name: 'Hosts approved for this session' })
    // A pre-approval covers exactly the origin the demo was started on: listed with its port.
    const row = session.locator('.hosts-row[data-host^="127.0.0.1:"]').first()
    await row.waitFor()
    expect(await row.locator('.hosts-name').textContent()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await row.textContent()).toContain('approved for this session: started with --demo')
    expect(await row.getByRole('button').count()).toBe(0)
    await screenshot(page, 'hosts-session-approved-dark')
    await closeEnvironmentEditor(page)
  })

  it('refuses a host name that is not one where it is typed, and every save still goes through', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Review')
    await setVariable(page, 'token', TOKEN)
    await setVariable(page, 'canarySecret', CANARY)
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${token}')
    await editor(page).getByRole('tab', { name: /Hosts/ }).click()
    await hostsPanel(page).getByLabel('Add a host').fill('bad host!!')
    await hostsPanel(page).getByRole('button', { name: 'Approve', exact: true }).click()
    const alert = hostsPanel(page).locator('.auth-field [role="alert"]')
    expect(await alert.textContent()).toBe(
      '"bad host!!" is not a host name: a space cannot be part of one. Use letters, digits, hyphens and dots, e.g. api.example.com or 127.0.0.1.',
    )
    expect(await hostsPanel(page).getByLabel('Add a host').getAttribute('aria-invalid')).toBe('true')
    expect(await hostsPanel(page).getByRole('region', { name: 'Approved hosts' }).locator('.hosts-row').count()).toBe(0)
    await screenshot(page, 'hosts-bad-name-dark')
    await editor(page).locator('.env-save-status', { hasText: 'Saved' }).waitFor()
    await expect
      .poll(async () => (await savedEnvironments(cli)).document.environments.find((e) => e.name === 'Review')?.vars)
      .toEqual({ token: TOKEN, canarySecret: CANARY })
  })

  it('points a refused save at the field it names, and saves every later edit once it is fixed', async () => {
    await setVariable(page, 'a}b', 'x')
    const status = editor(page).locator('.env-save-status')
    await expect.poll(() => status.textContent()).toBe('Not saved: fix the marked field')
    const notice = editor(page).locator('.env-refusal')
    expect(await notice.textContent()).toContain('Review › Variables › "a}b": "a}b" cannot be a variable name.')
    // A later edit elsewhere is kept while nothing can be saved.
    await editor(page).getByRole('tab', { name: /Hosts/ }).click()
    await hostsPanel(page).getByLabel('Add a host').fill('api.later.example')
    await hostsPanel(page).getByRole('button', { name: 'Refuse', exact: true }).last().click()
    await notice.getByRole('button', { name: 'Show' }).click()
    const row = editor(page).locator('.vars-row[data-variable="a}b"]')
    await row.waitFor()
    expect(await row.locator('.vars-note').textContent()).toContain('"a}b" cannot be a variable name.')
    expect(await row.getByLabel('Variable name').getAttribute('aria-invalid')).toBe('true')
    expect(await editor(page).locator('.env-list-item[aria-current="true"] .env-list-refused').count()).toBe(1)
    await screenshot(page, 'environments-refused-save-dark')
    expect((await savedEnvironments(cli)).document.environments.find((e) => e.name === 'Review')?.hosts).toEqual({
      approved: [],
      refused: [],
    })

    await row.getByLabel('Variable name').fill('ab')
    await expect.poll(() => status.textContent()).toBe('Saved')
    expect(await editor(page).locator('.env-refusal').count()).toBe(0)
    await closeEnvironmentEditor(page)
    // What a reload would read: the file holds every edit, the one made while saving was refused included.
    const saved = (await savedEnvironments(cli)).document.environments.find((e) => e.name === 'Review')
    expect(saved?.vars).toEqual({ token: TOKEN, canarySecret: CANARY, ab: 'x' })
    expect(saved?.hosts?.refused).toEqual(['api.later.example'])
  })

  it('says the declared security does not reach a refused host', async () => {
    await openHostsTab(page)
    await hostsPanel(page).getByLabel('Add a host').fill('127.0.0.2')
    await hostsPanel(page).getByRole('button', { name: 'Refuse', exact: true }).last().click()
    await closeEnvironmentEditor(page)
    await openMethod(page, 'betaSecured')
    const line = page.locator('.rest-security')
    await expect
      .poll(() => line.textContent())
      .toContain(`active environment Review sends Bearer, but not to ${betaHost()} (refused in its Hosts)`)
    expect(await line.getAttribute('data-provision')).toBe('no')
    expect(await line.locator('.rest-security-mark').textContent()).toBe('✗')
    await screenshot(page, 'rest-security-refused-host-dark')

    await openMethod(page, 'gammaSecured')
    await expect.poll(() => line.textContent()).toContain(`once ${gammaHost()} is approved (asked on Send)`)
    expect(await line.getAttribute('data-provision')).toBe('yes')
  })

  it('ends the withheld notice when the host is approved', async () => {
    await openMethod(page, 'gammaWhoami')
    await page.keyboard.press('Control+Enter')
    const question = page.locator('dialog.host-question')
    await question.waitFor()
    await question.getByRole('button', { name: 'Send without them' }).click()
    await withheldNotice(page, gammaHost()).waitFor()
    await openHostsTab(page)
    await hostsPanel(page)
      .getByRole('region', { name: 'Refused hosts' })
      .locator(`.hosts-row[data-host="${gammaHost()}"]`)
      .getByRole('button', { name: 'Approve' })
      .click()
    await closeEnvironmentEditor(page)
    await withheldNotice(page, gammaHost()).waitFor({ state: 'detached' })
    const before = gamma.requests.length
    await page.keyboard.press('Control+Enter')
    await expect.poll(() => gamma.requests.slice(before).some((r) => r.url === '/whoami')).toBe(true)
    expect(gamma.requests.slice(before).find((r) => r.url === '/whoami')?.headers['authorization']).toBe(
      `Bearer ${TOKEN}`,
    )
    expect(await withheldNotice(page, gammaHost()).count()).toBe(0)
  })

  it('names a secret a WebSocket frame left as written as withheld, in the composer and on the page', async () => {
    await openChannel(page, beta.chatUrl)
    await page.getByRole('button', { name: 'Connect' }).click()
    await waitForLiveStatus(page, ['open'])
    await typeInComposer(page, 'Text', 'hi ${canarySecret}')
    await page.keyboard.press('Control+Enter')
    await expect
      .poll(() => beta.requests.filter((r) => r.method === 'FRAME').map((r) => r.body))
      .toEqual(['hi ${canarySecret}'])
    const note = page.locator('.ws-composer .composer-note')
    expect(await note.textContent()).toBe(
      'Left as written: ${canarySecret}. This host is not approved for the environment’s secrets (Environments → Hosts).',
    )
    expect(await note.textContent()).not.toContain('unknown')
    const notice = withheldNotice(page, betaHost())
    await expect.poll(() => notice.textContent()).toContain('Left as written: ${canarySecret}.')
    expect(await notice.textContent()).toContain('because it is refused for this environment')
    await screenshot(page, 'websocket-withheld-secret-dark')
    expect(beta.everything()).not.toContain(CANARY)
    expect(beta.everything()).not.toContain(TOKEN)
  })

  it('says that a discovery of a refused host went without the credentials', async () => {
    await page.reload()
    await page.locator('.app').waitFor()
    await urlChip(page, beta.docUrl).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })
    const notice = withheldNotice(page, betaHost())
    await notice.waitFor()
    expect(await notice.textContent()).toContain(`Sent to ${betaHost()} without the credentials of Review`)
    expect(await withheldNotice(page, gammaHost()).count()).toBe(0)
    expect(beta.everything()).not.toContain(TOKEN)
  })

  it('shows the Hosts tab with the session hosts in light theme and at 420 px', async () => {
    const { page: light, errors } = await newPage(browser, { colorScheme: 'light' })
    try {
      await openWorkbench(light, cli.openUrl)
      await openHostsTab(light)
      await hostsPanel(light).locator('.hosts-session .hosts-row').first().waitFor()
      await screenshot(light, 'hosts-session-approved-light')
      await light.setViewportSize({ width: 420, height: 860 })
      await screenshot(light, 'hosts-session-approved-420-light')
      expect(await light.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      )
      expect(errors).toEqual([])
    } finally {
      await light.context().close()
    }
    expect(pageErrors).toEqual([])
  })
})
