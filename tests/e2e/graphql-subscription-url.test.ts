/**
 * A subscription served at an address no client tries by itself — Apollo Server 5 with graphql-ws on `/ws` — through
 * the real CLI: the refusal lists each address tried and its answer on its own line with what to set, and the
 * Subscription URL field beside the transport choice takes the subscription there.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApolloServer, type ApolloTestServer } from '../servers/graphql/apollo-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { setVariables, waitForSchema } from './support/graphql-page.js'
import { liveFacts, pinTheme, waitForLiveStatus } from './support/live-page.js'
import { methodRow, openMethod, openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('GraphQL subscription URL', () => {
  let apollo: ApolloTestServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    apollo = await startApolloServer({ subscriptionsPath: '/ws' })
    cli = await startCli({ urls: [apollo.url] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'tick').first().waitFor({ timeout: 30_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await apollo?.close()
  })

  it('lists each address tried and its answer on its own line, and says what to put in the new field', async () => {
    await openMethod(page, 'tick')
    await waitForSchema(page)
    await setVariables(page, { count: 2 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    const list = page.getByRole('list', { name: 'Addresses tried' })
    await list.waitFor()
    const items = await list.getByRole('listitem').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText))
    const ws = apollo.url.replace(/^http/, 'ws')
    const origin = new URL(ws).origin
    expect(items.map((text) => text.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      `graphql-ws ${ws}`,
      `graphql-ws ${ws}/subscriptions`,
      `graphql-ws ${origin}/subscriptions`,
      `graphql-sse ${apollo.url}`,
    ])
    expect(items[0]).toContain('HTTP 400')
    // One address a row: each item starts below the one before it.
    const tops = await list.getByRole('listitem').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().top))
    for (let i = 1; i < tops.length; i++) expect(tops[i]).toBeGreaterThan(tops[i - 1]!)
    await expect.poll(() => page.locator('.gql-refusals .problem-hint').textContent()).toContain('Subscription URL')
    expect(await page.locator('.live-status-text').textContent()).toBe(
      'No transport took the subscription (see above).',
    )
    await screenshot(page, 'graphql-subscription-refused-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'graphql-subscription-refused-light')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(400)
    await list.scrollIntoViewIfNeeded()
    const overflow = await page
      .locator('.gql-refusals')
      .evaluate((notice) => notice.getBoundingClientRect().right - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, 'graphql-subscription-refused-420-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await pinTheme(page, 'dark')
  })

  it('takes the subscription to the address typed in Subscription URL, with the transport chosen beside it', async () => {
    await page.getByRole('combobox', { name: 'Subscription transport' }).selectOption('graphql-ws')
    await page.getByRole('textbox', { name: 'Subscription URL' }).fill(apollo.subscriptionsUrl)
    await page.keyboard.press('Control+Enter')
    await page.locator('.gql-transport-used[data-transport="graphql-ws"]').waitFor({ timeout: 20_000 })
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 2 })
    expect(await page.locator('.live-log').textContent()).toContain('"tick":2')
    expect(await page.locator('.gql-refusals').count()).toBe(0)
    await screenshot(page, 'graphql-subscription-url-dark')
  })

  it('had no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
