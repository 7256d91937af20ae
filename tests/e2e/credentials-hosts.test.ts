/**
 * An environment's credentials bound to hosts, in real Chromium against the real CLI and two spy APIs on two host
 * names (127.0.0.1 and 127.0.0.2) that record every request they receive. Hosts on this machine are told apart by
 * port too (`127.0.0.1:<port>`). The first call with the environment's auth to each host asks once; the approved host gets the bearer token and the secret variable, the refused one gets its
 * calls (unary, a live event stream, discovery after a reload) with neither, secret variables left as written, and a
 * notice says so. The answers are remembered in the environment and shown in its Hosts tab.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCredentialSpy, type CredentialSpy } from '../servers/hosts/credential-spy.js'
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
import { liveFacts, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, openMethod, openWorkbench, urlChip } from './support/workbench-page.js'

const TOKEN = 's3cret-bearer-7f3a'
const API_KEY = 'k-live-91c2'

/** A host on this machine is approved with its port: each port is another program. */
function hostKey(spy: CredentialSpy): string {
  return new URL(spy.origin).host
}

function question(page: Page) {
  return page.locator('dialog.host-question')
}

async function addUrl(page: Page, url: string): Promise<void> {
  const input = page.getByLabel('Discovery URL to add')
  await input.fill(url)
  await input.press('Enter')
  await urlChip(page, url).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })
}

/** Presses Send; `answered` resolves with the text of the response pane once a new response is in. */
async function send(page: Page): Promise<{ answered: () => Promise<string> }> {
  const before = await page.evaluate(
    () => document.querySelector('.response-summary')?.getAttribute('data-started') ?? null,
  )
  await page.keyboard.press('Control+Enter')
  return {
    answered: async () => {
      await page.waitForFunction(
        (previous) => {
          const pane = document.querySelector('.response-pane')
          const started = document.querySelector('.response-summary')?.getAttribute('data-started')
          return pane?.getAttribute('aria-busy') === 'false' && started !== previous && !!started
        },
        before,
        { timeout: 20_000 },
      )
      return (await page.locator('.response-pane').textContent()) ?? ''
    },
  }
}

describe.runIf(requireChromium())('credentials bound to hosts', () => {
  let alpha: CredentialSpy
  let beta: CredentialSpy
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    ;[alpha, beta] = await Promise.all([
      startCredentialSpy('127.0.0.1', 'alpha'),
      startCredentialSpy('127.0.0.2', 'beta'),
    ])
    cli = await startCli()
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    // Discovered with the Default environment (no credentials): nothing to ask yet.
    await addUrl(page, alpha.docUrl)
    await addUrl(page, beta.docUrl)
    expect(await question(page).count()).toBe(0)
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await Promise.all([alpha?.close(), beta?.close()])
  })

  it('asks before the first call with the environment’s auth to a host, and sends them once approved', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Local demo')
    await setVariable(page, 'token', TOKEN)
    await setVariable(page, 'apiKey', API_KEY)
    await chooseAuthType(page, 'Bearer Token')
    await authInput(page, 'token').fill('${token}')
    await closeEnvironmentEditor(page)

    await openMethod(page, 'alphaNote')
    await fieldInput(page, 'text').fill('key ${apiKey}')
    const sent = await send(page)
    await question(page).waitFor()
    expect(await question(page).getAttribute('data-host')).toBe(hostKey(alpha))
    expect(await question(page).locator('h2').textContent()).toBe(
      `Send the credentials of Local demo to ${hostKey(alpha)}?`,
    )
    await screenshot(page, 'credentials-host-question-dark')
    const before = alpha.requests.length
    await question(page).getByRole('button', { name: 'Send credentials' }).click()
    const text = await sent.answered()
    expect(text).toContain(`Bearer ${TOKEN}`)
    const note = alpha.requests.slice(before).find((r) => r.url === '/notes')
    expect(note?.headers['authorization']).toBe(`Bearer ${TOKEN}`)
    expect(note?.body).toContain(API_KEY)
  })

  it('sends a refused host the call without auth or secret, leaves the variable as written, and says so', async () => {
    await openMethod(page, 'betaNote')
    await fieldInput(page, 'text').fill('key ${apiKey}')
    const sent = await send(page)
    await question(page).waitFor()
    expect(await question(page).getAttribute('data-host')).toBe(hostKey(beta))
    await question(page).getByRole('button', { name: 'Send without them' }).click()
    expect(await sent.answered()).not.toContain(TOKEN)
    const notice = page.locator(`.withheld-notice[data-host="${hostKey(beta)}"]`)
    await notice.waitFor()
    expect(await notice.textContent()).toContain(`Sent to ${hostKey(beta)} without the credentials of Local demo`)
    expect(await notice.textContent()).toContain('${apiKey}')
    await screenshot(page, 'credentials-withheld-notice-dark')
    const note = beta.requests.filter((r) => r.url === '/notes').at(-1)
    expect(note?.headers['authorization']).toBeUndefined()
    expect(note?.body).toContain('key ${apiKey}')
  })

  it('remembers the answer: the refused host is not asked again, live calls to it carry nothing either', async () => {
    await (await send(page)).answered()
    expect(await question(page).count()).toBe(0)
    // A secret variable in the server URL stays as written for the refused host, like everywhere else in the call.
    await page.getByLabel('Server URL').fill(`${beta.origin}/base\${apiKey}`)
    await (await send(page)).answered()
    const viaServerUrl = beta.requests.at(-1)
    expect(viaServerUrl?.url).toMatch(/^\/base(\$|%24)(\{|%7B)apiKey(\}|%7D)\/notes$/)
    await page.getByLabel('Server URL').fill('')
    await openMethod(page, 'betaEvents')
    await send(page)
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 1 })
    expect(await question(page).count()).toBe(0)
    expect(beta.requests.filter((r) => r.url === '/events')).toHaveLength(1)

    await expect
      .poll(async () => {
        const { document } = await savedEnvironments(cli)
        return document.environments.find((env) => env.name === 'Local demo')?.hosts
      })
      .toEqual({ approved: [hostKey(alpha)], refused: [hostKey(beta)] })
  })

  it('binds discovery too: after a reload the approved host is discovered with the token, the refused one without', async () => {
    const alphaBefore = alpha.requests.length
    const betaBefore = beta.requests.length
    await page.reload()
    await urlChip(page, alpha.docUrl).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })
    await urlChip(page, beta.docUrl).locator('[data-status="ok"]').waitFor({ timeout: 20_000 })
    const alphaDoc = alpha.requests.slice(alphaBefore).find((r) => r.url === '/openapi.json')
    expect(alphaDoc?.headers['authorization']).toBe(`Bearer ${TOKEN}`)
    expect(beta.requests.slice(betaBefore).some((r) => r.url === '/openapi.json')).toBe(true)
    expect(await question(page).count()).toBe(0)
  })

  it('never let the refused host see the token or the secret, in any request it received', () => {
    expect(beta.requests.length).toBeGreaterThan(4)
    expect(beta.everything()).not.toContain(TOKEN)
    expect(beta.everything()).not.toContain(API_KEY)
    expect(beta.requests.every((r) => r.headers['authorization'] === undefined)).toBe(true)
    expect(pageErrors).toEqual([])
  })

  it('shows and edits the answers in the environment’s Hosts tab (dark, light, 420 px)', async () => {
    await openEnvironmentEditor(page)
    await editor(page).getByRole('tab', { name: /Hosts/ }).click()
    const panel = editor(page).locator('[data-hosts-panel]')
    expect(
      await panel.getByRole('region', { name: 'Approved hosts' }).locator('.hosts-name').allTextContents(),
    ).toEqual([hostKey(alpha)])
    expect(await panel.getByRole('region', { name: 'Refused hosts' }).locator('.hosts-name').allTextContents()).toEqual(
      [hostKey(beta)],
    )
    await panel.getByLabel('Add a host').fill('*.example.com')
    await panel.getByRole('button', { name: 'Refuse', exact: true }).last().click()
    expect(await panel.locator('[role="alert"]').textContent()).toMatch(/wildcards are not supported/)
    // This machine is approved port by port: a bare name would cover every local program.
    await panel.getByLabel('Add a host').fill('localhost')
    await panel.getByRole('button', { name: 'Approve', exact: true }).last().click()
    expect(await panel.locator('[role="alert"]').textContent()).toMatch(/add the port \(localhost:8080\)/)
    await panel.getByLabel('Add a host').fill('https://Petstore.Swagger.io/v2/swagger.json')
    await panel.getByRole('button', { name: 'Refuse', exact: true }).last().click()
    await panel.locator('.hosts-row[data-host="petstore.swagger.io"]').waitFor()
    await screenshot(page, 'credentials-hosts-tab-dark')
    await closeEnvironmentEditor(page)
    // The editor saves in the background: wait for the file to hold the answer.
    await expect
      .poll(async () => {
        const saved = (await savedEnvironments(cli)).document
        return saved.environments.find((env) => env.name === 'Local demo')?.hosts?.refused
      })
      .toEqual([hostKey(beta), 'petstore.swagger.io'])

    const { page: light, errors } = await newPage(browser, { colorScheme: 'light' })
    try {
      await openWorkbench(light, cli.openUrl)
      await openEnvironmentEditor(light)
      await editor(light).getByRole('tab', { name: /Hosts/ }).click()
      await editor(light).locator('.hosts-row').first().waitFor()
      await screenshot(light, 'credentials-hosts-tab-light')
      await light.setViewportSize({ width: 420, height: 860 })
      await screenshot(light, 'credentials-hosts-tab-420-light')
      expect(await light.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      )
      await closeEnvironmentEditor(light)
      expect(errors).toEqual([])
    } finally {
      await light.context().close()
    }
  })
})
