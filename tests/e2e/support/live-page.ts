/** Reading and driving the live-call view in browser tests: the store's numbers as the page exposes them, and the JSON editor. */
import type { Page } from 'playwright-core'

export interface LiveFacts {
  status: string
  received: number
  firstSeq: number
  lastSeq: number
  seqGaps: number
  dropped: number
  evicted: number
}

/** The live view's `data-` attributes (set from the store, whatever the log shows on screen). */
export async function liveFacts(page: Page): Promise<LiveFacts> {
  return page.locator('.live-view').evaluate((element) => {
    const data = (element as HTMLElement).dataset
    return {
      status: data.status ?? '',
      received: Number(data.received),
      firstSeq: Number(data.firstSeq),
      lastSeq: Number(data.lastSeq),
      seqGaps: Number(data.seqGaps),
      dropped: Number(data.dropped),
      evicted: Number(data.evicted),
    }
  })
}

/** Replaces the request message through the JSON tab (field names may be proto or JSON names there). */
export async function setRequestJson(page: Page, value: unknown): Promise<void> {
  await page.getByRole('tab', { name: 'JSON' }).click()
  const editor = page.locator('.raw-json .cm-content')
  await editor.waitFor()
  await editor.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify(value))
  await page.locator('.raw-json-status', { hasText: 'In sync with the form' }).waitFor()
}

/** Waits until the live view's status is one of `statuses`. */
export async function waitForLiveStatus(page: Page, statuses: string[], timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    (wanted) => wanted.includes(document.querySelector('.live-view')?.getAttribute('data-status') ?? ''),
    statuses,
    { timeout },
  )
}

/** Pins the theme with the top bar's toggle (the user's way). */
export async function pinTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.locator('.theme-toggle')
  for (let i = 0; i < 3; i++) {
    if ((await toggle.getAttribute('aria-label'))?.startsWith(`Theme: ${theme}.`)) break
    await toggle.click()
  }
  // Nothing hovered in the screenshot, and the buttons' colour transitions (0.12 s) finished.
  await page.mouse.move(1, 1)
  await page.waitForTimeout(300)
}

/** Opens the method discovered at `origin` (WebSocket and SSE addresses have one method each). */
export async function openChannel(page: Page, origin: string): Promise<void> {
  const row = page.locator(`.sb-method[data-origin="${origin}"]`).first()
  await row.waitFor({ timeout: 30_000 })
  await row.click()
  await page.locator('.request-pane .method-name').waitFor()
}

/** Picks a WebSocket composer kind (Text, JSON, Binary, Ping) and replaces the payload with `text`. */
export async function typeInComposer(
  page: Page,
  kind: 'Text' | 'JSON' | 'Binary' | 'Ping',
  text: string,
): Promise<void> {
  await page.getByRole('group', { name: 'Frame kind' }).getByRole('button', { name: kind, exact: true }).click()
  if (kind === 'Text' || kind === 'JSON') {
    const editor = page.locator('.ws-composer .cm-content')
    await editor.waitFor()
    await editor.click()
    await page.keyboard.press('Control+a')
    await page.keyboard.insertText(text)
  } else {
    await page.locator('.ws-composer-textarea').fill(text)
  }
}

/** The previews of the received message rows on screen (headers and trailers left out), in log order. */
export async function receivedPreviews(page: Page): Promise<string[]> {
  return page.locator('.live-row.is-in:not(.is-meta) .live-preview').allTextContents()
}
