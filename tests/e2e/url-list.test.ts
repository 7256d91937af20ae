/** The URL bar: add and remove URLs at runtime, per-URL status dots with reasons, persistence across reloads, locked mode. */
import { startDemo, type DemoHandle } from '@wirebench/demo'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { methodRow, openWorkbench, urlChip } from './support/workbench-page.js'

// Port 9 (discard) is closed on loopback: discovery there fails with a connection error.
const DEAD_URL = 'http://127.0.0.1:9/openapi.json'

describe.runIf(requireChromium())('URL list', () => {
  let demo: DemoHandle
  let browser: Browser

  beforeAll(async () => {
    demo = await startDemo()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await demo?.close()
  })

  describe('editable (no --url)', () => {
    let cli: RunningCli

    beforeAll(async () => {
      cli = await startCli()
    })

    afterAll(async () => {
      await cli?.stop()
    })

    it('adds URLs with ok and error dots, keeps them across a reload, and forgets a removed one', async () => {
      const demoUrl = demo.urls[0]!
      const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
      await openWorkbench(page, cli.openUrl)
      expect(await page.locator('.url-chip').count()).toBe(0)

      const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
      await input.fill('not a url')
      await input.press('Enter')
      expect(await page.locator('#add-url-error').textContent()).toMatch(/Not a valid URL: write the full address/)

      await input.fill(demoUrl)
      await input.press('Enter')
      await input.fill(DEAD_URL)
      await input.press('Enter')
      await expect.poll(() => urlChip(page, demoUrl).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
      await expect.poll(() => urlChip(page, DEAD_URL).getAttribute('data-status'), { timeout: 20_000 }).toBe('error')
      await methodRow(page, 'getBook').waitFor()

      // A duplicate is refused with a message instead of a second chip.
      await input.fill(demoUrl)
      await input.press('Enter')
      expect(await page.locator('#add-url-error').textContent()).toMatch(/already listed/)
      await input.fill('')

      // Hovering anywhere on the chip (not only the 9-px dot) shows the full URL, the reason and what to do,
      // in one popover rather than a popover plus a native title tooltip on top of it.
      const chip = urlChip(page, DEAD_URL)
      const popover = chip.getByRole('tooltip')
      expect(await popover.isVisible()).toBe(false)
      await chip.locator('.url-chip-address').hover()
      expect(await popover.isVisible()).toBe(true)
      expect(await popover.locator('.popover-heading').textContent()).toBe(DEAD_URL)
      expect(await popover.locator('.popover-line').first().textContent()).toMatch(/^rest: .*refused/i)
      expect(await popover.locator('.popover-hint').textContent()).toMatch(/start the service/i)
      expect(await chip.locator('[title]:not(button)').count()).toBe(0)
      await screenshot(page, 'url-error-popover-dark')

      await page.reload()
      await expect.poll(() => page.locator('.url-chip').count()).toBe(2)
      await expect.poll(() => urlChip(page, demoUrl).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')

      await page.getByRole('button', { name: `Remove ${DEAD_URL}` }).click()
      expect(await urlChip(page, DEAD_URL).count()).toBe(0)
      await page.reload()
      await expect.poll(() => urlChip(page, demoUrl).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
      expect(await page.locator('.url-chip').count()).toBe(1)

      await page.getByRole('button', { name: `Remove ${demoUrl}` }).click()
      await expect.poll(() => methodRow(page, 'getBook').count()).toBe(0)
      expect(errors).toEqual([])
      await page.context().close()
    })

    it('takes a URL typed without a scheme as http://, and names a pin no plugin answers to', async () => {
      const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
      await openWorkbench(page, cli.openUrl)
      const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
      const typed = demo.urls[0]!.replace(/^http:\/\//, '')
      await input.fill(typed)
      await input.press('Enter')
      expect(await page.locator('#add-url-error').count()).toBe(0)
      await expect.poll(() => urlChip(page, typed).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
      await methodRow(page, 'getBook').waitFor()

      const pinned = `nope@${DEAD_URL}`
      await input.fill(pinned)
      await input.press('Enter')
      await expect.poll(() => urlChip(page, pinned).getAttribute('data-status'), { timeout: 20_000 }).toBe('error')
      const chip = urlChip(page, pinned)
      await chip.locator('.url-chip-address').hover()
      const popover = chip.getByRole('tooltip')
      expect(await popover.locator('.popover-line').first().textContent()).toBe(
        'nope: No protocol plugin "nope" is installed, so "nope@" cannot pin one.',
      )
      expect(await popover.locator('.popover-hint').textContent()).toMatch(/Installed plugins: rest, grpc/)
      await screenshot(page, 'url-unknown-pin-dark')
      for (const url of [typed, pinned]) await page.getByRole('button', { name: `Remove ${url}` }).click()
      expect(errors).toEqual([])
      await page.context().close()
    })
  })

  describe('locked (--url given)', () => {
    let cli: RunningCli

    beforeAll(async () => {
      cli = await startCli({ urls: [`rest@${demo.urls[0]!}`, DEAD_URL] })
    })

    afterAll(async () => {
      await cli?.stop()
    })

    it('shows the command-line URLs read-only with a locked indicator and their status', async () => {
      const { page, errors } = await newPage(browser, { colorScheme: 'light' })
      // Without the token the server refuses every call, and the page says how to get back in.
      await page.goto(cli.origin + '/')
      const banner = page.locator('.session-banner')
      await banner.waitFor()
      expect(await banner.textContent()).toMatch(/Open the URL the wirebench command printed in your terminal/)
      await screenshot(page, 'session-token-missing-light')
      // A URL saved by an earlier editable session must not leak into the locked list.
      await page.evaluate(() =>
        localStorage.setItem(
          'wirebench.urls',
          JSON.stringify({ version: 1, data: { urls: ['http://example.invalid/x.json'] } }),
        ),
      )
      // Opening the printed URL in the same tab only changes the hash; the page picks the token up without a reload.
      await page.goto(cli.openUrl)
      await expect.poll(() => banner.count()).toBe(0)
      expect(page.url()).not.toContain('token=')
      const locked = page.locator('.locked-indicator')
      expect(await locked.textContent()).toContain('locked')
      expect(await locked.getAttribute('title')).toMatch(/command line/)
      expect(await page.getByRole('textbox', { name: 'Discovery URL to add' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(0)
      expect(await page.locator('.url-chip').count()).toBe(2)

      const pinned = `rest@${demo.urls[0]!}`
      await expect.poll(() => urlChip(page, pinned).getAttribute('data-status'), { timeout: 20_000 }).toBe('ok')
      await expect.poll(() => urlChip(page, DEAD_URL).getAttribute('data-status'), { timeout: 20_000 }).toBe('error')
      expect(await urlChip(page, pinned).locator('.url-chip-protocol').textContent()).toBe('rest')
      await methodRow(page, 'getBook').waitFor()
      await screenshot(page, 'locked-light')
      expect(errors).toEqual([])
      await page.context().close()
    })
  })
})
