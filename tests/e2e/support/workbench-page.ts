/** Actions on the workbench page that several browser tests share (open, pick a method, send, drop a file). */
import type { Locator, Page } from 'playwright-core'

export async function openWorkbench(page: Page, openUrl: string): Promise<void> {
  await page.goto(openUrl)
  await page.locator('.app').waitFor()
}

export function methodRow(page: Page, methodName: string): Locator {
  return page.locator(`.sb-method[data-method="${methodName}"]`)
}

/** Finds a method through the search box (the list is virtualized, so far rows are not in the DOM) and opens it. */
export async function openMethod(page: Page, methodName: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search operations' })
  await search.fill(methodName)
  await methodRow(page, methodName).first().click()
  await search.fill('')
  await page.locator('.method-name', { hasText: methodName }).waitFor()
}

export function urlChip(page: Page, url: string): Locator {
  return page.locator(`.url-chip[data-url="${url}"]`)
}

export function field(page: Page, path: string): Locator {
  return page.locator(`[data-field-path="${path}"]`).first()
}

/** The input, select or textarea of a scalar field. */
export function fieldInput(page: Page, path: string): Locator {
  return page.locator(`[data-field-path="${path}"] > .field-control`).first().locator('input, select, textarea').first()
}

/** Sends with the keyboard shortcut and waits for the status badge of the new response. */
export async function sendWithShortcut(page: Page): Promise<Locator> {
  const before = await page.evaluate(
    () => document.querySelector('.response-summary')?.getAttribute('data-started') ?? null,
  )
  await page.keyboard.press('Control+Enter')
  await page.waitForFunction(
    (previous) => {
      const pane = document.querySelector('.response-pane')
      const started = document.querySelector('.response-summary')?.getAttribute('data-started')
      return pane?.getAttribute('aria-busy') === 'false' && started !== previous && !!started
    },
    before,
    { timeout: 20_000 },
  )
  return page.locator('.status-badge')
}

/** Dispatches real dragenter/dragover/drop events carrying a File, as a user dragging from the desktop would. */
export async function dropFile(
  page: Page,
  target: Locator,
  file: { name: string; content: string; type?: string },
): Promise<void> {
  const handle = await target.elementHandle()
  if (!handle) throw new Error('Drop target not found')
  await page.evaluate(
    ({ element, name, content, type }) => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([content], name, { type }))
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }))
      }
    },
    { element: handle, name: file.name, content: file.content, type: file.type ?? 'application/octet-stream' },
  )
}
