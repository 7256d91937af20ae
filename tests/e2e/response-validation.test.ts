/**
 * Response validation in the browser, in real Chromium against a loopback server answering the zoo's 3.1 petstore:
 * the badge beside the status (valid, N problems, validating… for a body over 1 MB), the problems by JSON pointer, and
 * a click on a problem marking its field in the JSON tree and in the raw text. Screenshots in dark, light and 420 px.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPetstoreLiar, type PetstoreLiar } from '../servers/rest/petstore-liar.js'
import { requireChromium, screenshot } from './support/browser.js'
import { pinTheme, setRequestJson } from './support/live-page.js'
import { openMethod, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('response validation in the response pane', () => {
  let liar: PetstoreLiar
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    liar = await startPetstoreLiar()
    session = await startWorkbenchSession({ cli: { urls: [liar.docUrl] } })
    page = session.page
    await page.locator('.sb-method').first().waitFor({ timeout: 20_000 })
  })

  afterAll(async () => {
    expect(session?.errors).toEqual([])
    await session?.close()
    await liar?.close()
  })

  const badge = () => page.locator('.validation-badge')
  const tree = () => page.getByRole('tree', { name: 'Response body' })

  it('shows a valid badge for a pet that matches its schema', async () => {
    await openMethod(page, 'getPetById')
    await setRequestJson(page, { petId: 1 })
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    await expect.poll(() => badge().textContent()).toBe('✓ valid')
  })

  it('counts the problems, lists them by pointer and marks the clicked one in the tree', async () => {
    await setRequestJson(page, { petId: 2 })
    await sendWithShortcut(page)
    await expect.poll(() => badge().textContent()).toBe('4 problems')
    const list = page.getByRole('list', { name: 'Validation problems' })
    const pointers = await list.locator('.validation-pointer').allTextContents()
    expect(pointers.sort()).toEqual(['/id', '/name', '/photoUrls', '/status'])
    expect(await tree().locator('.json-row.is-highlighted').count()).toBe(0)
    await list.getByRole('button', { name: /\/status/ }).click()
    const marked = tree().locator('.json-row.is-highlighted')
    await expect.poll(() => marked.count()).toBe(1)
    expect(await marked.getAttribute('data-pointer')).toBe('/status')
    expect(await marked.textContent()).toContain('"lost"')
    await page.mouse.move(1, 1)
    await screenshot(page, 'validation-problems-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'validation-problems-light')
    await pinTheme(page, 'dark')
  })

  it('marks the clicked problem in the raw text too', async () => {
    await page.getByRole('group', { name: 'Body view' }).getByRole('button', { name: 'Raw' }).click()
    await page.locator('.response-body .cm-content').waitFor()
    const list = page.getByRole('list', { name: 'Validation problems' })
    await list.getByRole('button', { name: /\/photoUrls/ }).click()
    const mark = page.locator('.response-body .cm-field-highlight')
    await expect.poll(() => mark.allTextContents().then((t) => t.join(''))).toBe('"photoUrls": "none"')
    await screenshot(page, 'validation-raw-dark')
    await page.getByRole('group', { name: 'Body view' }).getByRole('button', { name: 'Tree' }).click()
  })

  it('names an undocumented media type as the one problem', async () => {
    await setRequestJson(page, { petId: 3 })
    await sendWithShortcut(page)
    await expect.poll(() => badge().textContent()).toBe('1 problem')
    expect(await page.locator('.validation-message').textContent()).toMatch(/text\/html is not documented/)
  })

  it('says not validated, and offers no problem, for a body whose response declares no content', async () => {
    // The petstore's 404 for getPetById documents no content; the liar answers one as JSON all the same.
    await setRequestJson(page, { petId: 5 })
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^404/)
    await expect.poll(() => badge().textContent()).toBe('not validated')
    expect(await badge().getAttribute('title')).toBe('Nothing declares what this response should look like')
    expect(await page.getByRole('list', { name: 'Validation problems' }).count()).toBe(0)
    expect(await page.locator('.hint[data-kind="undocumented-status"]').count()).toBe(0)
    await screenshot(page, 'validation-not-validated-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'validation-not-validated-light')
    await pinTheme(page, 'dark')
  })

  it('shows the badge of a body over 1 MB once the server’s worker has validated it', async () => {
    await openMethod(page, 'findPetsByStatus')
    await setRequestJson(page, { status: ['available'] })
    // Every text the badge shows, however briefly: the result is on screen before its validation is.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { badgeTexts: string[] }).badgeTexts = seen
      new MutationObserver(() => {
        const text = document.querySelector('.validation-badge')?.textContent?.trim()
        if (text && seen[seen.length - 1] !== text) seen.push(text)
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    await sendWithShortcut(page)
    await expect.poll(() => badge().textContent(), { timeout: 15_000 }).toBe('1 problem')
    const texts = await page.evaluate(() => (window as unknown as { badgeTexts: string[] }).badgeTexts)
    expect(texts.slice(-2)).toEqual(['validating…', '1 problem'])
    await page
      .getByRole('list', { name: 'Validation problems' })
      .getByRole('button', { name: /\/9000\/status/ })
      .click()
    const marked = tree().locator('.json-row.is-highlighted')
    await expect.poll(() => marked.getAttribute('data-pointer')).toBe('/9000/status')
    await screenshot(page, 'validation-large-dark')
  })

  it('fits a 420 px wide window', async () => {
    await openMethod(page, 'getPetById')
    await setRequestJson(page, { petId: 2 })
    // The sidebar folds away at this width: the method is open already.
    await page.setViewportSize({ width: 420, height: 800 })
    await sendWithShortcut(page)
    await expect.poll(() => badge().textContent()).toBe('4 problems')
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true)
    await screenshot(page, 'validation-problems-420')
    await page.setViewportSize({ width: 1280, height: 800 })
  })
})
