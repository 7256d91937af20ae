/**
 * The Benchmark tab in real Chromium against the demo REST API: a 5-second run whose live charts grow second by
 * second, a run stopped early that keeps its partial result, and two runs compared (histograms overlaid, B/A column).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireChromium, screenshot } from './support/browser.js'
import { contrastFailures } from './support/contrast.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, methodRow, openMethod } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('the Benchmark tab of a unary method', () => {
  let session: WorkbenchSession
  let page: Page
  let pageErrors: string[]
  // Owned by the test, so a restart of the workbench finds the runs the first start saved.
  let configDir: string

  const openGetBook = async (): Promise<void> => {
    ;({ page, errors: pageErrors } = session)
    await methodRow(page, 'getBook').waitFor({ state: 'attached', timeout: 20_000 })
    await openMethod(page, 'getBook')
    await fieldInput(page, 'bookId').fill('1')
  }

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wirebench-e2e-bench-'))
    session = await startWorkbenchSession({ cli: { demo: true, configDir } })
    await openGetBook()
  }, 60_000)

  afterAll(async () => {
    expect(pageErrors).toEqual([])
    await session?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const chartPoints = (name: string): Promise<number> =>
    page
      .getByRole('figure', { name, exact: true })
      .first()
      .getAttribute('data-points')
      .then((value) => Number(value))
  const runState = () => page.locator('.bench-run .bench-state')

  it('runs a 5-second benchmark whose live charts grow, then shows its percentiles and histogram', async () => {
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    await page.getByLabel('Seconds').fill('5')
    // Out of range: the form says so and marks the field, and nothing starts.
    await page.getByLabel('Concurrency').fill('100000')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    expect(await page.locator('.bench-panel > .bench-problem').textContent()).toBe(
      'Concurrency must be a whole number from 1 to 1000, e.g. 4.',
    )
    expect(await page.getByLabel('Concurrency').getAttribute('aria-invalid')).toBe('true')
    // With a rate, the same field is the most calls in flight (open loop), and says so.
    await page.getByLabel('Rate /s').fill('100')
    expect(await page.getByLabel('Max in flight').inputValue()).toBe('100000')
    await page.getByLabel('Rate /s').fill('')
    await page.getByLabel('Concurrency').fill('2')
    // While the live socket delivers the seconds, the page reads no status (each read carries the whole timeline).
    let statusReads = 0
    const countReads = (request: { url: () => string }): void => {
      if (request.url().endsWith('/api/bench/status')) statusReads += 1
    }
    page.on('request', countReads)
    // Keyboard-reachable: focus Start and press Enter.
    await page.getByRole('button', { name: 'Start benchmark' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('running')

    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
    const early = await chartPoints('Latency over time')
    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThan(early)
    expect(await chartPoints('Throughput')).toBeGreaterThan(early)

    await expect.poll(() => runState().textContent(), { timeout: 15_000 }).toBe('finished')
    page.off('request', countReads)
    expect(statusReads).toBeLessThanOrEqual(1)
    // The seconds drained after the planned end are no part of the run's time: left out of the charts, no note.
    expect(await page.locator('.bench-run .bench-chart-note').count()).toBe(0)
    const table = page.getByRole('table', { name: 'Percentiles', exact: true })
    await expect
      .poll(() => table.getByRole('rowheader').allTextContents())
      .toEqual(['min', 'mean', 'p50', 'p75', 'p90', 'p95', 'p99', 'p99.9', 'max', 'throughput', 'error rate', 'calls'])
    expect(await chartPoints('Latency histogram')).toBeGreaterThan(0)
    expect(await page.getByRole('table', { name: 'Calls by status' }).textContent()).toContain('200')
    const thresholds = page.getByRole('list', { name: 'Thresholds' }).getByRole('listitem')
    expect(await thresholds.count()).toBe(2)
    // Each figure in its metric's unit: milliseconds for a percentile, percent for the error rate.
    expect(await thresholds.filter({ hasText: 'p95' }).textContent()).toMatch(/actual \d+\.\d+ ms$/)
    expect(await thresholds.filter({ hasText: 'error-rate' }).textContent()).toMatch(/actual 0\.00 %$/)
    expect(await chartPoints('Latency over time')).toBeGreaterThanOrEqual(4)
    await screenshot(page, 'benchmark-run-dark')

    // The same scenario as a k6 script, from the server's export route.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('group', { name: 'Save or export the run' }).getByRole('button', { name: 'k6 script' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.k6\.js$/)
    const script = await readFile((await download.path()) ?? '', 'utf8')
    expect(script).toMatch(/http\.request\("GET", "http:\/\/127\.0\.0\.1:\d+\/api\/v1\/books\/1"/)
    expect(script).toContain('"constant-vus"')
  }, 40_000)

  it('stops a run early from the keyboard and keeps its partial result', async () => {
    await page.getByLabel('Seconds').fill('60')
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '')
    // Start turns into Stop under the keyboard's focus, and back: Enter, Enter stops the run it started.
    await page.getByRole('button', { name: 'Start benchmark' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('running')
    expect(await focused()).toBe('Stop')
    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await page.keyboard.press('Enter')
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('stopped early (partial result)')
    expect(await focused()).toBe('Start benchmark')
    const calls = page.getByRole('table', { name: 'Percentiles', exact: true }).getByRole('row', { name: /^calls/ })
    expect(Number((await calls.getByRole('cell').textContent()) ?? '0')).toBeGreaterThan(0)
  }, 40_000)

  it('leaves the short last second of a run out of the live charts, its calls still counted', async () => {
    await page.getByLabel('Seconds').fill('1.5')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 15_000 }).toBe('finished')
    // Second 1 is whole; second 2 lasted about half a second: its few calls would chart as a p99 spike.
    expect(await chartPoints('Latency over time')).toBe(1)
    expect(await chartPoints('Throughput')).toBe(1)
    expect(await page.locator('.bench-run .bench-chart-note').textContent()).toMatch(
      /^Second 2 lasted 0\.\d\d s and is left out of the charts/,
    )
    await page.locator('.bench-run .bench-chart-note').scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-short-second-dark')
  }, 40_000)

  it('benchmarks a per-call ${random} in a number field: checked as a number, drawn afresh by the server', async () => {
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Response' }).click()
    await fieldInput(page, 'bookId').fill('${random}')
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    await page.getByLabel('Run for').selectOption('calls')
    await page.getByLabel('Calls', { exact: true }).fill('5')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 15_000 }).toBe('finished')
    expect(await page.locator('.bench-panel > .bench-problem').count()).toBe(0)
    // Random book ids: the bookshop knows none of them, and every call reached it.
    const statuses = page.getByRole('table', { name: 'Calls by status' })
    expect(await statuses.getByRole('row', { name: /^404/ }).getByRole('cell').first().textContent()).toBe('5')
    // Calls failed: the successes and the failures have their own columns beside all calls.
    const percentiles = page.getByRole('table', { name: 'Percentiles', exact: true })
    expect(await percentiles.getByRole('columnheader').allTextContents()).toEqual([
      'figure',
      'all calls',
      'successes',
      'failures',
    ])
    expect(
      await percentiles
        .getByRole('row', { name: /^calls/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['5', '0', '5'])
    expect(await percentiles.getByRole('row', { name: /^p50/ }).getByRole('cell').nth(1).textContent()).toBe('—')
    await percentiles.scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-split-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'benchmark-split-light')
    const viewport = page.viewportSize()
    await page.setViewportSize({ width: 420, height: 900 })
    await percentiles.scrollIntoViewIfNeeded()
    // Four columns still fit a narrow window.
    expect(await page.locator('.bench-panel').evaluate((panel) => panel.scrollWidth <= panel.clientWidth)).toBe(true)
    await screenshot(page, 'benchmark-split-420-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'benchmark-split-420-dark')
    if (viewport) await page.setViewportSize(viewport)
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Response' }).click()
    await fieldInput(page, 'bookId').fill('1')
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
  }, 40_000)

  it('compares two runs: histograms overlaid and the percentiles side by side with B/A', async () => {
    const compare = page.getByRole('region', { name: 'Compare two runs' })
    await compare.getByLabel('Run A').selectOption({ label: 'Run 1' })
    await compare.getByLabel('Run B').selectOption({ label: 'Run 2' })
    const table = page.getByRole('table', { name: 'Percentiles compared' })
    await expect
      .poll(() => table.getByRole('columnheader').allTextContents())
      .toEqual(['figure', 'A: Run 1', 'B: Run 2', 'B/A'])
    expect(await table.locator('.bench-ratio').count()).toBe(12)
    // What load each run was under, beside its figures; a count of calls is neither better nor worse.
    expect(await table.getByRole('row', { name: /^load/ }).getByRole('cell').allTextContents()).toEqual([
      '5 s · c=2',
      '60 s · c=2',
      '',
    ])
    expect(
      await table
        .getByRole('row', { name: /^calls/ })
        .locator('.bench-ratio')
        .getAttribute('class'),
    ).toContain('bench-ratio-same')
    expect(await page.getByRole('figure', { name: 'Latency histograms overlaid' }).count()).toBe(1)
    await compare.scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-compare-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'benchmark-compare-light')
    await page.locator('.bench-panel').evaluate((panel) => panel.scrollTo(0, 0))
    await screenshot(page, 'benchmark-run-light')
    await page.setViewportSize({ width: 420, height: 900 })
    await page.waitForTimeout(300)
    await page.locator('.bench-toolbar').scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-narrow-light')
    await page.locator('.bench-run .bench-charts').scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-narrow-charts-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'benchmark-narrow-dark')
    await page.setViewportSize({ width: 1440, height: 900 })
  }, 40_000)

  it('saves a run with the workspace and lists it again after a reload', async () => {
    await page.getByRole('group', { name: 'Runs of this method' }).getByRole('button', { name: 'Run 1' }).click()
    await page.getByRole('button', { name: 'Save to workspace' }).click()
    await page.getByRole('status').filter({ hasText: 'Saved with the workspace' }).waitFor()

    await page.reload()
    await page.locator('.app').waitFor()
    await methodRow(page, 'getBook').waitFor({ state: 'attached', timeout: 20_000 })
    await openMethod(page, 'getBook')
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    const saved = page.locator('.bench-run-line strong')
    await expect.poll(() => saved.textContent(), { timeout: 10_000 }).toMatch(/^Run 1 · saved /)
    // Its figures came back with it.
    expect(await page.getByRole('table', { name: 'Percentiles', exact: true }).count()).toBe(1)
    await screenshot(page, 'benchmark-saved-dark')
  }, 60_000)

  it('benchmarks an MCP tool too, a fixed number of calls through the same invoke path', async () => {
    await openMethod(page, 'convert-temperature')
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    await page.getByLabel('Run for').selectOption('calls')
    await page.getByLabel('Calls', { exact: true }).fill('30')
    await page.getByLabel('Concurrency').fill('2')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 30_000 }).toBe('finished')
    const statuses = page.getByRole('table', { name: 'Calls by status' })
    expect(await statuses.getByRole('row', { name: /^OK/ }).getByRole('cell').first().textContent()).toBe('30')
    // k6 speaks HTTP and gRPC, not MCP: no k6 script is offered for this run.
    const exports = page.getByRole('group', { name: 'Save or export the run' }).getByRole('button')
    expect(await exports.allTextContents()).toEqual(['Save to workspace', 'JSON', 'CSV', 'k6 summary'])

    // The server forgets finished runs past its latest ones (played here by its answers): Save then says so, and the
    // page stops offering what needs the server's copy.
    const forgotten = {
      status: 404,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'urn:wirebench:problem:not_found',
        title: 'Not found',
        status: 404,
        code: 'not_found',
        detail: 'No benchmark run is known here.',
      }),
    }
    await page.route('**/api/workspaces/*/benchmarks', (route) => route.fulfill(forgotten))
    await page.route('**/api/bench/status', (route) => route.fulfill(forgotten))
    await page.getByRole('button', { name: 'Save to workspace' }).click()
    const gone = page.locator('.bench-gone')
    await gone.waitFor({ timeout: 10_000 })
    expect(await gone.textContent()).toMatch(
      /^The server no longer holds this run .* save a run before running many more\.$/,
    )
    expect(await exports.count()).toBe(0)
    await gone.scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-gone-dark')
    const wide = page.viewportSize()
    await page.setViewportSize({ width: 420, height: 900 })
    await pinTheme(page, 'light')
    await gone.scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-gone-420-light')
    await pinTheme(page, 'dark')
    if (wide) await page.setViewportSize(wide)
    await page.unroute('**/api/workspaces/*/benchmarks')
    await page.unroute('**/api/bench/status')
  }, 60_000)

  it('breaks a gRPC method’s failures down by status name and fails the error-rate threshold', async () => {
    await openMethod(page, 'GetStation')
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    await page.getByLabel('Run for').selectOption('calls')
    await page.getByLabel('Calls', { exact: true }).fill('20')
    // A gRPC method says nothing about whether it changes data: the page asks first, naming it and the count.
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    const confirm = page.getByRole('alertdialog', { name: /^Benchmark \S*Telemetry\/GetStation\?$/ })
    await confirm.waitFor()
    expect(await confirm.textContent()).toMatch(
      /Telemetry\/GetStation may change the server's data .* send it 20 calls\./,
    )
    // The answer that lets the run go is drawn in the danger colour (the frame's), readable in both themes.
    const runButton = confirm.getByRole('button', { name: 'Run 20 calls' })
    const drawnInDanger = async () =>
      (await runButton.evaluate((button) => getComputedStyle(button).color)) ===
      (await confirm.evaluate((frame) => getComputedStyle(frame).borderTopColor))
    expect(await drawnInDanger()).toBe(true)
    expect(await contrastFailures(page, '.confirm-inline')).toEqual([])
    await screenshot(page, 'benchmark-confirm-writes-dark')
    await pinTheme(page, 'light')
    expect(await drawnInDanger()).toBe(true)
    expect(await contrastFailures(page, '.confirm-inline')).toEqual([])
    await screenshot(page, 'benchmark-confirm-writes-light')
    const viewport = page.viewportSize()
    await page.setViewportSize({ width: 420, height: 860 })
    await confirm.scrollIntoViewIfNeeded()
    await screenshot(page, 'benchmark-confirm-writes-420-light')
    if (viewport) await page.setViewportSize(viewport)
    await pinTheme(page, 'dark')
    await confirm.getByRole('button', { name: "Don't run" }).click()
    expect(await confirm.count()).toBe(0)
    expect(await runState().count()).toBe(0)
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await confirm.getByRole('button', { name: 'Run 20 calls' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 30_000 }).toBe('finished')
    // The method's first run, whatever ran on other methods before.
    expect(await page.locator('.bench-run-line strong').textContent()).toBe('Run 1')
    // No station has an empty id: every call fails, and the table says with which status.
    const failed = page.getByRole('table', { name: 'Calls by status' }).locator('tr.bench-status-failed')
    expect(await failed.count()).toBe(1)
    expect(await failed.getByRole('rowheader').textContent()).toBe('NotFounderror')
    expect(await failed.getByRole('cell').first().textContent()).toBe('20')
    const errorRate = page
      .getByRole('list', { name: 'Thresholds' })
      .getByRole('listitem')
      .filter({ hasText: 'error-rate' })
    expect(await errorRate.getAttribute('class')).toBe('bench-fail')
    expect(await errorRate.textContent()).toMatch(/actual 100\.00 %$/)
    // A run where nothing succeeded says so, and where to find why.
    expect(await page.locator('.bench-run').getByRole('note').textContent()).toMatch(
      /^Every call failed \(NotFound\): .* Send the request once from the Response tab to see why\.$/,
    )
    await screenshot(page, 'benchmark-grpc-errors-dark')
  }, 60_000)

  it('adopts a run after a reload: the running one goes on live and stops; one that ended unseen shows its result', async () => {
    const benchmarkTab = () =>
      page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    const reopen = async (): Promise<void> => {
      await page.reload()
      await page.locator('.app').waitFor()
      await openGetBook()
      await benchmarkTab()
    }
    // The sidebar shows the gRPC service now (getBook's row is not rendered): open it through the search.
    await openMethod(page, 'getBook')
    await benchmarkTab()
    await page.getByLabel('Run for').selectOption('duration')
    await page.getByLabel('Seconds').fill('30')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('running')
    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)

    await reopen()
    // The page forgot the run; the server did not: it is this tab's again, its charts growing second by second.
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('running')
    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const early = await chartPoints('Latency over time')
    await expect.poll(() => chartPoints('Latency over time'), { timeout: 10_000 }).toBeGreaterThan(early)
    await screenshot(page, 'benchmark-adopted-dark')
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('stopped early (partial result)')
    expect(await page.getByRole('table', { name: 'Percentiles', exact: true }).count()).toBe(1)

    // A short run that ends while the page is away: after the reload it is shown finished, with its figures.
    await page.getByLabel('Seconds').fill('2')
    await page.getByRole('button', { name: 'Start benchmark' }).click()
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('running')
    await page.reload()
    await page.locator('.app').waitFor()
    await page.waitForTimeout(2500)
    await openGetBook()
    await benchmarkTab()
    await expect.poll(() => runState().textContent(), { timeout: 10_000 }).toBe('finished')
    expect(await page.getByRole('table', { name: 'Percentiles', exact: true }).count()).toBe(1)
    // Beside the run saved with the workspace, only the unseen run came back: the stopped one was seen ending.
    const runButtons = page.getByRole('group', { name: 'Runs of this method' }).getByRole('button')
    await expect.poll(() => runButtons.count(), { timeout: 10_000 }).toBe(2)
    expect(await runButtons.first().textContent()).toMatch(/saved/)

    // Seen now: a further reload brings back the saved run alone.
    await reopen()
    await expect
      .poll(() => page.locator('.bench-run-line strong').textContent(), { timeout: 10_000 })
      .toMatch(/^Run 1 · saved /)
    await page.waitForTimeout(1000)
    expect(await runButtons.count()).toBe(0)
  }, 90_000)

  it('brings the saved runs back after a restart, when the demo’s services listen on other ports', async () => {
    const before = session.cli.demoUrls
    expect(pageErrors).toEqual([])
    await session.close()
    session = await startWorkbenchSession({ cli: { demo: true, configDir } })
    expect(session.cli.demoUrls).not.toEqual(before)
    await openGetBook()
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    const saved = page.locator('.bench-run-line strong')
    await expect.poll(() => saved.textContent(), { timeout: 10_000 }).toMatch(/^Run 1 · saved /)
    expect(await page.getByRole('table', { name: 'Percentiles', exact: true }).count()).toBe(1)
    // Exported from its file: the figures of the first start, without a k6 script (its request was never saved).
    const actions = page.getByRole('group', { name: 'Save or export the run' })
    expect(await actions.getByRole('button').allTextContents()).toEqual([
      'JSON',
      'CSV',
      'k6 summary',
      'Delete saved run',
    ])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      actions.getByRole('button', { name: 'JSON' }).click(),
    ])
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { calls: number }
    expect(exported.calls).toBeGreaterThan(0)
    await screenshot(page, 'benchmark-saved-after-restart-dark')

    // Deleted from the workspace: gone from the tab, and not back after a reload.
    await actions.getByRole('button', { name: 'Delete saved run' }).click()
    await page.getByRole('heading', { name: 'No benchmark yet' }).waitFor({ timeout: 10_000 })
    await page.reload()
    await page.locator('.app').waitFor()
    await openGetBook()
    await page.getByRole('tablist', { name: 'Response or benchmark' }).getByRole('tab', { name: 'Benchmark' }).click()
    await page.getByRole('heading', { name: 'No benchmark yet' }).waitFor({ timeout: 10_000 })
    await page.waitForTimeout(1000)
    expect(await page.locator('.bench-run').count()).toBe(0)
  }, 90_000)
})
