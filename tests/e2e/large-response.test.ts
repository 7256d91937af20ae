/** A multi-megabyte JSON response renders through the virtualized tree without freezing the page. */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBigJsonTarget, type BigJsonTarget } from './support/big-json-target.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { methodRow, openWorkbench, sendWithShortcut, urlChip } from './support/workbench-page.js'

/** Longest main-thread stall tolerated between two animation frames while the body renders. */
const MAX_FRAME_GAP_MS = 1500

describe.runIf(requireChromium())('large JSON response', () => {
  let target: BigJsonTarget
  let cli: RunningCli
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    target = await startBigJsonTarget()
    cli = await startCli()
    browser = await launchChromium()
    ;({ page } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    const input = page.getByRole('textbox', { name: 'Discovery URL to add' })
    await input.fill(target.documentUrl)
    await input.press('Enter')
    await urlChip(page, target.documentUrl).and(page.locator('[data-status="ok"]')).waitFor({ timeout: 20_000 })
    await methodRow(page, 'getBig').click()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await target?.close()
  })

  it('shows a several-megabyte body with a bounded number of tree rows in the DOM', async () => {
    expect(target.bodyBytes).toBeGreaterThan(4 * 1024 * 1024)
    // Record the longest gap between animation frames from the send until the tree is on screen.
    await page.evaluate(() => {
      const state = { last: performance.now(), maxGap: 0, running: true }
      ;(window as unknown as { frameWatch: typeof state }).frameWatch = state
      const tick = () => {
        const now = performance.now()
        state.maxGap = Math.max(state.maxGap, now - state.last)
        state.last = now
        if (state.running) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    const badge = await sendWithShortcut(page)
    expect(await badge.textContent()).toMatch(/^200/)
    await page.locator('.json-row').first().waitFor()
    await page.waitForTimeout(300)
    const maxGap = await page.evaluate(() => {
      const state = (window as unknown as { frameWatch: { maxGap: number; running: boolean } }).frameWatch
      state.running = false
      return state.maxGap
    })
    expect(maxGap).toBeLessThan(MAX_FRAME_GAP_MS)
    expect(await page.locator('.response-summary').textContent()).toMatch(/Size\s*[4-9]\.\d+ MB/)
    expect(await page.locator('.json-row').count()).toBeLessThan(120)
    await screenshot(page, 'large-response-dark')
  })

  it('expands all (capped, breadth-first) with a small DOM, and opens the last item from the bottom of the list', async () => {
    await page.getByRole('button', { name: 'Expand all' }).click()
    const toolbar = page.locator('.json-tree-toolbar')
    const rows = Number((await toolbar.textContent())?.match(/([\d,]+) rows/)?.[1]?.replace(/,/g, ''))
    expect(rows).toBeGreaterThan(target.itemCount * 3)
    expect(await toolbar.textContent()).toContain('first 20,000 containers expanded')
    expect(await page.locator('.json-row').count()).toBeLessThan(120)

    await page.locator('.json-tree-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    const lastItem = page.locator('.json-row', { hasText: '5 keys' }).last()
    await lastItem.waitFor()
    await lastItem.getByRole('button', { name: 'Expand' }).click()
    await page.locator('.json-tree-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    await expect.poll(() => page.locator('.json-tree-scroll').textContent()).toContain(`"item-${target.itemCount - 1}"`)
    expect(await page.locator('.json-row').count()).toBeLessThan(120)
  })

  it('opens the raw view in a read-only editor', async () => {
    await page.getByRole('button', { name: 'Raw' }).click()
    const editor = page.locator('.response-body-view .cm-content')
    await editor.waitFor({ timeout: 20_000 })
    expect(await editor.getAttribute('contenteditable')).toBe('false')
    expect(await editor.textContent()).toContain('"total"')
    await screenshot(page, 'large-response-raw-dark')
  })
})
