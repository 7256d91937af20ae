/**
 * Beside each response, what was actually sent and how long each phase took, in real Chromium against the demo REST
 * API and graphql-yoga: the resolved URL and headers with every credential masked (the API-key query by the server,
 * a secret copied into a header of any other name by the page, from the active environment's values), the body, and
 * the timing waterfall.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startYogaServer, type YogaServer } from '../servers/graphql/yoga-server.js'
import { requireChromium, screenshot } from './support/browser.js'
import {
  authInput,
  chooseAuthType,
  closeEnvironmentEditor,
  createEnvironment,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const SHOP_KEY = 'demo-key'

describe.runIf(requireChromium())('what was sent, and the timing of each phase', () => {
  let session: WorkbenchSession
  let yoga: YogaServer
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    ;[session, yoga] = await Promise.all([startWorkbenchSession({ cli: { demo: true } }), startYogaServer()])
    ;({ page, errors: pageErrors } = session)
    await methodRow(page, 'whoAmI').waitFor({ state: 'attached', timeout: 20_000 })
  })

  afterAll(async () => {
    expect(pageErrors).toEqual([])
    await session?.close()
    await yoga?.close()
  })

  const responseTab = (name: string) =>
    page.getByRole('tablist', { name: 'Response views' }).getByRole('tab', { name, exact: true })

  it('shows the request as sent, the API key masked in the query and in a header of another name', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Shop')
    await setVariable(page, 'shopKey', SHOP_KEY)
    await chooseAuthType(page, 'API Key')
    await authInput(page, 'location').selectOption('query')
    await authInput(page, 'key').fill('api_key')
    await authInput(page, 'value').fill('${shopKey}')
    await closeEnvironmentEditor(page)

    await openMethod(page, 'whoAmI')
    // A copy of the key in a header the server cannot know is a credential: only the page knows the value.
    await page
      .getByRole('tab', { name: /^Headers/ })
      .first()
      .click()
    const row = (await page.getByLabel('Headers name').count()) - 1
    await page.getByLabel('Headers name').nth(row).fill('X-Forwarded-Key')
    await page.getByLabel('Headers value').nth(row).fill('${shopKey}')
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toMatch(/^200/)

    await responseTab('Request').click()
    const sent = page.locator('.sent-request')
    const url = (await sent.locator('.sent-url').textContent()) ?? ''
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*\?api_key=\*\*\*$/)
    expect(await sent.locator('.sent-method').textContent()).toBe('GET')
    const headers = sent.getByRole('table', { name: 'Request headers' })
    expect(await headers.locator('tr', { hasText: 'x-forwarded-key' }).locator('td').textContent()).toBe('***')
    expect(await headers.locator('tr', { hasText: 'host' }).first().locator('td').textContent()).toMatch(
      /^127\.0\.0\.1:\d+$/,
    )
    // Nowhere on the page does the key appear, though the server did receive it (the 200 above).
    expect(await page.locator('.response-pane').textContent()).not.toContain(SHOP_KEY)
    await screenshot(page, 'sent-request-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'sent-request-light')
    await pinTheme(page, 'dark')
  })

  it('shows the JSON body a POST sent', async () => {
    await openMethod(page, 'createAuthor')
    await page.getByRole('button', { name: 'Fill example' }).click()
    await sendWithShortcut(page)
    await responseTab('Request').click()
    const body = (await page.locator('.sent-body').textContent()) ?? ''
    expect(() => JSON.parse(body) as unknown).not.toThrow()
    expect(await page.locator('.sent-method').textContent()).toBe('POST')
    expect(
      await page
        .getByRole('table', { name: 'Request headers' })
        .locator('tr', { hasText: 'content-type' })
        .textContent(),
    ).toContain('application/json')
  })

  it('draws the phases of the call as a waterfall, with first byte and total', async () => {
    await openMethod(page, 'get_diagnostics_delay')
    await fieldInput(page, 'ms').fill('120')
    await sendWithShortcut(page)
    await responseTab('Timing').click()
    const rows = page.getByRole('table', { name: 'Timing' }).locator('tr')
    const names = await rows.locator('th').allTextContents()
    expect(names).toContain('First byte')
    expect(names.at(-1)).toBe('Total')
    const firstByte = await rows.filter({ hasText: 'First byte' }).locator('.timing-ms').textContent()
    expect(Number.parseFloat(firstByte ?? '')).toBeGreaterThanOrEqual(120)
    // The summary's time says where it went.
    expect(await page.locator('.response-fact').first().getAttribute('title')).toMatch(/First byte \d+ ms/)
    await screenshot(page, 'timing-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'timing-light')
    await pinTheme(page, 'dark')
  })

  it('shows what a GraphQL query sent, its query text in the body', async () => {
    const input = page.getByLabel('Discovery URL to add')
    await input.fill(yoga.url)
    await input.press('Enter')
    // Another port of this machine is another program: its discovery asks before the environment's key goes there.
    await page.getByRole('button', { name: 'Send credentials' }).click()
    await openMethod(page, 'hello')
    await page.locator('.gql-operation[data-schema="ready"]').waitFor({ timeout: 20_000 })
    await sendWithShortcut(page)
    await responseTab('Request').click()
    expect(await page.locator('.sent-method').textContent()).toBe('POST')
    // The environment's API key goes to every protocol; here too it shows masked.
    expect(await page.locator('.sent-url').textContent()).toBe(`${yoga.url}?api_key=***`)
    expect(await page.locator('.sent-body').textContent()).toContain('hello')
  })
})

describe.runIf(requireChromium())('what was sent, at 420 px', () => {
  let session: WorkbenchSession

  beforeAll(async () => {
    session = await startWorkbenchSession({
      cli: { demo: true },
      context: { viewport: { width: 420, height: 860 }, colorScheme: 'light' },
    })
  })

  afterAll(async () => {
    await session?.close()
  })

  it('fits the request line, headers and body in a narrow window', async () => {
    const { page } = session
    await page.locator('.sb-method').first().waitFor({ state: 'attached', timeout: 20_000 })
    await page.locator('.drawer-toggle').click()
    await openMethod(page, 'createAuthor')
    await page.getByRole('button', { name: 'Fill example' }).click()
    await sendWithShortcut(page)
    await page.getByRole('tablist', { name: 'Response views' }).getByRole('tab', { name: 'Request' }).click()
    await page.locator('.sent-request').scrollIntoViewIfNeeded()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, 'sent-request-420-light')
    await page.context().close()
  })
})
