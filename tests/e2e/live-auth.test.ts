/** Live calls take the same auth step as unary ones: the active environment's bearer token reaches the gRPC server. */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import type { RunningCli } from './support/cli.js'
import { putEnvironments } from './support/environments-page.js'
import { startGrpcLiveTarget, type GrpcLiveTarget } from './support/grpc-live-target.js'
import { liveFacts, pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const secret = 'live-secret-token-7f3a'

describe.runIf(requireChromium())('auth on live calls', () => {
  let target: GrpcLiveTarget
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    target = await startGrpcLiveTarget()
    session = await startWorkbenchSession({ cli: { urls: [target.url] }, beforeOpen: saveLiveEnvironment })
    page = session.page
    await openMethod(page, 'Ticks')
  })

  afterAll(async () => {
    await session?.close()
    await target?.close()
  })

  /** An environment whose bearer token comes from a variable, saved through the server's own route. */
  async function saveLiveEnvironment(cli: RunningCli): Promise<void> {
    const saved = await putEnvironments(cli, {
      version: 1,
      environments: [
        { id: 'live', name: 'Live', vars: { tok: secret, word: 'abc' }, auth: { type: 'bearer', token: '${tok}' } },
      ],
      activeEnvironmentId: 'live',
    })
    expect(saved.status).toBe(200)
  }

  it("sends the environment's bearer token as call metadata when a server stream opens", async () => {
    await setRequestJson(page, { count: 3, intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    expect((await liveFacts(page)).received).toBe(3)
    expect(target.authorizations()).toEqual([`Bearer ${secret}`])
    // The token travelled inside the socket's open message, never in the page's URLs.
    expect(page.url()).not.toContain(secret)
  })

  it('shows what opened the stream under Request, the credential masked', async () => {
    await page.getByRole('tablist', { name: 'Live call views' }).getByRole('tab', { name: 'Request' }).click()
    const sent = page.locator('.live-view .sent-request')
    expect(await sent.getByLabel('Request line').textContent()).toMatch(/POST.*\/wirebench\.e2e\.live\.Ticker\/Ticks/)
    const text = (await sent.textContent()) ?? ''
    expect(text).toContain('authorization')
    expect(text).toContain('***')
    expect(text).not.toContain(secret)
    expect(text).toMatch(/"count": 3/)
    await screenshot(page, 'live-request-tab-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'live-request-tab-light')
    await pinTheme(page, 'dark')
    await page.getByRole('tablist', { name: 'Live call views' }).getByRole('tab', { name: 'Messages' }).click()
  })

  it('shows no Headers or Trailers tab for a stream that was refused before it went out', async () => {
    await setRequestJson(page, { count: '${word}', intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['error'])
    await expect
      .poll(() => page.locator('.live-problem').textContent())
      .toContain('does not give a whole number (uint32)')
    expect(target.authorizations()).toHaveLength(1)
    const tabs = page.getByRole('tablist', { name: 'Live call views' }).getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['Messages'])
  })
})
