/**
 * The console in real Chromium against the demo services: a REST call and a gRPC server stream appear in order with
 * their kinds; rows are reached with the keyboard (Ctrl+` opens, arrows select, Enter expands, Escape closes); the
 * NDJSON export holds no trace of a canary secret that travelled in a header; a burst of 10,000 stream frames keeps
 * the console within its bounds (dropped entries counted, a handful of rows in the DOM) and the page responsive,
 * measured as the longest task (PerformanceObserver) and the longest gap between animation frames.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import {
  closeEnvironmentEditor,
  createEnvironment,
  openEnvironmentEditor,
  setVariable,
} from './support/environments-page.js'
import { pinTheme, setRequestJson, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

const CANARY = 'canary-console-5e1d9'
const BURST = 10_000
/** The console's ring (console-store.ts): what it may hold at most. */
const CONSOLE_CAPACITY = 5_000

interface ExportedLine {
  kind: string
  protocol: string
  method: string
  call: string
  status?: string
}

const readExport = async (page: Page): Promise<{ text: string; lines: ExportedLine[] }> => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export NDJSON' }).click(),
  ])
  const text = await readFile(await download.path(), 'utf8')
  return {
    text,
    lines: text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as ExportedLine),
  }
}

describe.runIf(requireChromium())('the console', () => {
  let session: WorkbenchSession
  let page: Page
  let pageErrors: string[]
  const consoleList = () => page.getByRole('listbox', { name: /^Console entries/ })
  const consoleCount = () => page.locator('.console-count')

  beforeAll(async () => {
    session = await startWorkbenchSession({ cli: { demo: true } })
    ;({ page, errors: pageErrors } = session)
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
  }, 60_000)

  afterAll(async () => {
    expect(pageErrors).toEqual([])
    await session?.close()
  })

  it('logs a unary call and a stream in order, with their kinds, method and status', async () => {
    await openEnvironmentEditor(page)
    await createEnvironment(page, 'Canary')
    await setVariable(page, 'canaryToken', CANARY)
    await closeEnvironmentEditor(page)

    await openMethod(page, 'echoGet')
    await fieldInput(page, 'text').fill('hello console')
    await page
      .getByRole('tab', { name: /^Headers/ })
      .first()
      .click()
    const row = (await page.getByLabel('Headers name').count()) - 1
    await page.getByLabel('Headers name').nth(row).fill('X-Canary')
    await page.getByLabel('Headers value').nth(row).fill('${canaryToken}')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)

    await openMethod(page, 'StreamReadings')
    await setRequestJson(page, { stationId: 'st-harbor', count: 3, intervalMs: 0 })
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed'])

    const toggle = page.locator('.console-toggle')
    await expect.poll(() => toggle.textContent()).toMatch(/Console\s*1\d/)
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('Control+Backquote')
    await consoleList().waitFor()
    // Opened from the keyboard: the list has focus, so the arrows work at once.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('console-list'))).toBe(true)

    const { lines } = await readExport(page)
    expect(lines.map((line) => line.kind)).toEqual([
      'request',
      'response',
      'open',
      'frame', // headers
      'frame',
      'frame',
      'frame',
      'frame', // trailers
      'frame', // end
      'close',
    ])
    expect(lines[0]).toMatchObject({ protocol: 'rest', method: expect.stringContaining('echoGet') as string })
    expect(lines[1]?.status).toBe('200 OK')
    expect(lines.at(-1)?.status).toBe('OK')
    expect(lines[1]?.call).toBe(lines[0]?.call)
    expect(lines[2]).toMatchObject({ protocol: 'grpc', method: expect.stringContaining('StreamReadings') as string })
    expect(new Set(lines.slice(2).map((line) => line.call)).size).toBe(1)

    // The newest rows are on screen, in order, with a millisecond clock.
    const kinds = await page
      .locator('.console-row')
      .evaluateAll((rows) =>
        rows
          .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
          .map((row) => row.getAttribute('data-kind')),
      )
    expect(kinds.at(-1)).toBe('close')
    expect(await page.locator('.console-row .console-time').last().textContent()).toMatch(/^\d\d:\d\d:\d\d\.\d{3}$/)
    await pinTheme(page, 'dark')
    await consoleList().focus()
    await screenshot(page, 'console-dark')
  })

  it('expands a row with Enter, shows the request with the secret as ***, and closes with Escape', async () => {
    await consoleList().focus()
    await page.keyboard.press('Home') // the REST request
    await page.keyboard.press('ArrowDown') // its response
    await page.keyboard.press('Enter')
    const detail = page.getByRole('region', { name: 'Console entry' })
    await detail.waitFor()
    const text = (await detail.textContent()) ?? ''
    expect(text).toContain('200 OK')
    expect(text).toContain('hello console')
    expect(text).not.toContain(CANARY)
    expect(text).toContain('***')
    await screenshot(page, 'console-detail-dark')
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')
    await consoleList().waitFor({ state: 'detached' })
    // Focus goes back to the toggle, which opens the console again.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('console-toggle'))).toBe(true)
    await page.keyboard.press('Enter')
    await consoleList().waitFor()
  })

  it('exports NDJSON without the canary secret, in any spelling', async () => {
    const { text } = await readExport(page)
    expect(text).toContain('X-Canary')
    expect(text).toContain('${canaryToken}') // the request as typed keeps its reference
    expect(text).not.toContain(CANARY)
    expect(text).not.toContain(encodeURIComponent(CANARY))
  })

  it('filters by kind and by text', async () => {
    await page.getByRole('searchbox', { name: 'Filter console text' }).fill('hello console')
    await expect.poll(() => consoleCount().textContent()).toMatch(/^[12] of 10 shown/)
    await page.getByRole('searchbox', { name: 'Filter console text' }).fill('')
    const kinds = page.getByRole('group', { name: 'Kinds shown' })
    for (const kind of ['request', 'response', 'open', 'frame', 'send', 'error'])
      await kinds.getByRole('button', { name: kind, exact: true }).click()
    await expect.poll(() => consoleCount().textContent()).toMatch(/^1 of 10 shown/)
    expect(await page.locator('.console-row').getAttribute('data-kind')).toBe('close')
    for (const kind of ['request', 'response', 'open', 'frame', 'send', 'error'])
      await kinds.getByRole('button', { name: kind, exact: true }).click()
    await expect.poll(() => consoleCount().textContent()).toMatch(/^10 of 10 shown/)
  })

  /** Streams the burst and measures the page meanwhile: the longest task and the longest gap between frames. */
  const burst = async (): Promise<{ longest: number; maxGap: number; tasks: number }> => {
    await page.evaluate(() => {
      const state = { last: performance.now(), maxGap: 0, longest: 0, tasks: 0, running: true }
      ;(window as unknown as { watch: typeof state }).watch = state
      const observer = new PerformanceObserver((list) => {
        for (const task of list.getEntries()) {
          state.longest = Math.max(state.longest, task.duration)
          state.tasks++
        }
        if (!state.running) observer.disconnect()
      })
      observer.observe({ type: 'longtask' })
      const tick = () => {
        const now = performance.now()
        state.maxGap = Math.max(state.maxGap, now - state.last)
        state.last = now
        if (state.running) requestAnimationFrame(tick)
      }
      requestAnimationFrame(tick)
    })
    await page.keyboard.press('Control+Enter')
    await page.waitForFunction(() => document.querySelector('.live-view')?.getAttribute('data-status') === 'open')
    await waitForLiveStatus(page, ['closed', 'error'], 90_000)
    await page.waitForTimeout(300)
    return page.evaluate(() => {
      const state = (
        window as unknown as { watch: { maxGap: number; longest: number; tasks: number; running: boolean } }
      ).watch
      state.running = false
      return { maxGap: state.maxGap, longest: state.longest, tasks: state.tasks }
    })
  }
  const figures = (watch: { longest: number; maxGap: number; tasks: number }) =>
    `longest task ${watch.longest.toFixed(0)} ms, longest frame gap ${watch.maxGap.toFixed(0)} ms, ${watch.tasks} long tasks`

  it(`stays bounded and responsive through a burst of ${BURST.toLocaleString('en-US')} stream frames`, async () => {
    await setRequestJson(page, { stationId: 'st-harbor', count: BURST, intervalMs: 0 })
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes)).toContain('longtask')
    // The same burst with the console closed first: what the live view alone costs, for comparison.
    await page.keyboard.press('Control+Backquote')
    await consoleList().waitFor({ state: 'detached' })
    const closed = await burst()
    await page.keyboard.press('Control+Backquote')
    await consoleList().waitFor()
    const watch = await burst()
    console.log(`burst of ${BURST} frames, console closed: ${figures(closed)}; console open: ${figures(watch)}`)
    const count = (await consoleCount().textContent()) ?? ''
    const [shown, held] = (count.match(/^([\d,]+) of ([\d,]+) shown/) ?? [])
      .slice(1)
      .map((n) => Number(n.replace(/,/g, '')))
    expect(held).toBe(CONSOLE_CAPACITY)
    expect(shown).toBe(CONSOLE_CAPACITY)
    const dropped = Number(count.match(/([\d,]+) dropped/)?.[1]?.replace(/,/g, ''))
    // Two bursts (every message, the stream's open, headers, trailers, end and close) and the ten entries before.
    expect(dropped + CONSOLE_CAPACITY).toBe(2 * (BURST + 5) + 10)
    // Virtualized: only the rows in view are in the DOM.
    expect(await page.locator('.console-row').count()).toBeLessThan(60)
    expect(await page.locator('.console-row').last().getAttribute('data-kind')).toBe('close')
    // Generous for a shared 2-core CI machine; the figures are printed above.
    expect(watch.longest).toBeLessThan(400)
    expect(watch.maxGap).toBeLessThan(600)
    await screenshot(page, 'console-burst-dark')
  })

  it('reads in light theme and at 420 px', async () => {
    await pinTheme(page, 'light')
    await screenshot(page, 'console-light')
    await page.setViewportSize({ width: 420, height: 860 })
    // The sidebar turns into a drawer and slides away: wait for it before the screenshot.
    await page.waitForTimeout(400)
    await consoleList().focus()
    await page.keyboard.press('Enter')
    await page.getByRole('region', { name: 'Console entry' }).waitFor()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await screenshot(page, 'console-narrow-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'console-narrow-dark')
    await page.setViewportSize({ width: 1440, height: 900 })
  })
})
