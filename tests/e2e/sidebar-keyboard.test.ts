/** The sidebar's operation tree is one Tab stop: arrow keys, Home/End and Enter drive it, even across a long virtualized list. */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { dropFile, openWorkbench } from './support/workbench-page.js'

// 417 operations: far more rows than the virtualizer keeps in the DOM.
// The corpus lives in shared/ beside the repository (never copied into it).
const STRIPE_SPEC = fileURLToPath(new URL('../../../shared/corpus/stripe-spec3-2022.json', import.meta.url))
const FILE = 'stripe.json'

describe.runIf(requireChromium())('sidebar keyboard navigation', () => {
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    cli = await startCli()
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    await dropFile(page, page.getByTestId('schema-drop-zone'), {
      name: FILE,
      content: await readFile(STRIPE_SPEC, 'utf8'),
      type: 'application/json',
    })
    await page.locator(`.upload-item[data-file="${FILE}"]`).waitFor({ timeout: 60_000 })
    await page.getByRole('tab', { name: /Services/ }).click()
    await page.getByRole('tree', { name: 'Services' }).waitFor()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  const search = () => page.getByRole('searchbox', { name: 'Search operations' })
  /** What holds focus: its class list, whether it sits in the tree, and its tree row id. */
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return {
        className: element?.className ?? '',
        isInTree: !!element?.closest('[role="tree"]'),
        isBody: element === document.body,
        rowId: element?.dataset.rowId,
        method: element?.dataset.method,
      }
    })

  it('reaches the tree with one Tab from the search box and leaves it with the next', async () => {
    await search().focus()
    await page.keyboard.press('Tab')
    const inTree = await focused()
    expect(inTree.isInTree).toBe(true)
    // Nothing is open yet, so the first row is the Tab stop.
    expect(inTree.className).toContain('sb-origin')
    expect(await page.locator('[role="treeitem"][tabindex="0"]').count()).toBe(1)
    const rendered = await page.locator('[role="treeitem"]').count()
    expect(await page.locator('[role="treeitem"][tabindex="-1"]').count()).toBe(rendered - 1)

    await page.keyboard.press('Tab')
    const after = await focused()
    expect(after.isInTree).toBe(false)
    expect(after.isBody).toBe(false)
  })

  it('opens the second operation with ArrowDown then Enter', async () => {
    await search().focus()
    await page.keyboard.press('Tab')
    // Origin, then service header, then the first operation.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const first = await focused()
    expect(first.className).toContain('sb-method')
    await page.keyboard.press('Enter')
    await page.locator('.method-name', { hasText: first.method! }).waitFor()

    await page.keyboard.press('ArrowDown')
    const second = await focused()
    const secondInList = await page.locator('.sb-method').nth(1).getAttribute('data-method')
    expect(second.method).toBe(secondInList)
    await page.keyboard.press('Enter')
    await page.locator('.method-name', { hasText: second.method! }).waitFor()
    expect(await page.locator('.sb-method[aria-selected="true"]').getAttribute('data-method')).toBe(second.method)

    // The open operation is now the Tab stop, so Tab from the search box returns to it.
    await search().focus()
    await page.keyboard.press('Tab')
    expect((await focused()).method).toBe(second.method)
  })

  it('jumps to the last row of the long list with End and back with Home', async () => {
    await page.keyboard.press('End')
    const isLastRow = () =>
      page.evaluate(() => {
        const slot = document.activeElement?.closest<HTMLElement>('.sb-row-slot')
        const total = slot?.parentElement?.getBoundingClientRect().height ?? 0
        const slotBottom = slot ? new DOMMatrix(slot.style.transform).m42 + slot.getBoundingClientRect().height : -1
        return Math.abs(total - slotBottom) < 1
      })
    await expect.poll(isLastRow).toBe(true)
    expect((await focused()).className).toContain('sb-method')
    expect(await page.locator('.sb-scroll').evaluate((el) => el.scrollTop)).toBeGreaterThan(1000)
    await screenshot(page, 'sidebar-keyboard-end-light')

    await page.keyboard.press('Home')
    expect((await focused()).className).toContain('sb-origin')
  })

  it('collapses and expands a group with ArrowLeft/ArrowRight and toggles it with Enter', async () => {
    const rowCount = async () => Number(await page.locator('.sb-scroll').getAttribute('data-row-count'))
    const expanded = await rowCount()
    await page.keyboard.press('ArrowLeft')
    await expect.poll(rowCount).toBe(1)
    expect(await page.locator('.sb-origin').getAttribute('aria-expanded')).toBe('false')
    await page.keyboard.press('ArrowRight')
    await expect.poll(rowCount).toBe(expanded)
    await page.keyboard.press(' ')
    await expect.poll(rowCount).toBe(1)
    await page.keyboard.press('Enter')
    await expect.poll(rowCount).toBe(expanded)
    expect((await focused()).className).toContain('sb-origin')
  })

  it('keeps Ctrl+K working from inside the tree', async () => {
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Control+k')
    expect(await search().evaluate((el) => el === document.activeElement)).toBe(true)
    expect(pageErrors).toEqual([])
  })
})
