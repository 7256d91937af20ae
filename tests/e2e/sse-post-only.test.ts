/**
 * A POST-only event stream (better-sse, GET answers 404) pinned with `sse@` on the command line: the pane opens with
 * POST chosen and a body editor, and sending streams the events the body asked for into the live log.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBetterSseServer, type PostOnlySseServer } from '../servers/sse/post-only-servers.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { liveFacts, openChannel, pinTheme, receivedPreviews, waitForLiveStatus } from './support/live-page.js'
import { openWorkbench } from './support/workbench-page.js'

describe.runIf(requireChromium())('a pinned POST-only event stream in the browser', () => {
  let sse: PostOnlySseServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    sse = await startBetterSseServer()
    cli = await startCli({ urls: [`sse@${sse.url}`] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await sse?.close()
  })

  it('opens with POST and streams the events of the body sent', async () => {
    await openChannel(page, sse.url)
    expect(await page.getByRole('combobox', { name: 'HTTP method' }).inputValue()).toBe('POST')
    const editor = page.locator('.sse-body .cm-content')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText('{"prompt": "streams on post"}')
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 4 })
    expect(await receivedPreviews(page)).toEqual(['{"word":"streams"}', '{"word":"on"}', '{"word":"post"}', '']) // the empty "done" event
    expect(sse.bodies()).toEqual([{ prompt: 'streams on post' }])
    await pinTheme(page, 'dark')
    await screenshot(page, 'sse-post-only-dark')
    expect(pageErrors).toEqual([])
  })
})
