/**
 * The hint engine in real Chromium against the demo services: three failing calls of a method bring a hint whose
 * action opens the console; a dismissed hint stays dismissed while its condition holds again; a 401 without auth
 * offers the auth panel and opens it; an unknown `${name}` is defined from its hint; a response over 2 s brings a slow-response hint whose action shows the Timing
 * tab; "Don't show again" keeps a kind hidden across a reload, and the console bar's muted-hints menu turns it back on. Screenshots in dark, light and at 420 px.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot, requireChromium } from './support/browser.js'
import { editor } from './support/environments-page.js'
import { pinTheme } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, sendWithShortcut } from './support/workbench-page.js'
import { startWorkbenchSession, type WorkbenchSession } from './support/workbench-session.js'

describe.runIf(requireChromium())('hints beside the response', () => {
  let session: WorkbenchSession
  let page: Page

  beforeAll(async () => {
    session = await startWorkbenchSession({ cli: { demo: true } })
    page = session.page
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
  })

  afterAll(async () => {
    expect(session?.errors).toEqual([])
    await session?.close()
  })

  const hints = () => page.getByRole('region', { name: 'Hints' })
  const hint = (title: string | RegExp) => hints().locator('.hint', { hasText: title })
  const consoleList = () => page.getByRole('listbox', { name: /^Console entries/ })

  it('shows a hint after three failing calls of a method, and its action opens the console', async () => {
    await openMethod(page, 'failAlways')
    for (let i = 1; i <= 2; i++) {
      expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^500/)
    }
    expect(await hints().count()).toBe(0)
    await sendWithShortcut(page)
    const streak = hint('3 failed calls in a row')
    await streak.waitFor()
    expect(await streak.textContent()).toContain('Diagnostics.failAlways')
    await page.mouse.move(1, 1)
    await screenshot(page, 'hints-streak-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'hints-streak-light')
    await pinTheme(page, 'dark')
    expect(await consoleList().count()).toBe(0)
    await streak.getByRole('button', { name: 'Open console' }).click()
    await consoleList().waitFor()
    // The console lists the three failed calls the hint is about.
    expect(await consoleList().locator('[role="option"]', { hasText: '500' }).count()).toBeGreaterThanOrEqual(3)
    await page.keyboard.press('Control+Backquote')
    await consoleList().waitFor({ state: 'detached' })
  })

  it('keeps a dismissed hint dismissed when the method fails again', async () => {
    await hints().getByRole('button', { name: 'Dismiss hint: 3 failed calls in a row' }).click()
    await hint('failed calls in a row').waitFor({ state: 'detached' })
    // The call still goes out and answers: hints never stand in its way.
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^500/)
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^500/)
    expect(await hint('failed calls in a row').count()).toBe(0)
  })

  it('offers to add auth after a 401 without any, and opens the auth tab of the environments editor', async () => {
    await openMethod(page, 'whoAmI')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^401/)
    const refused = hint('401 without auth')
    await refused.waitFor()
    await refused.getByRole('button', { name: 'Add auth' }).click()
    await editor(page).waitFor()
    // No environment yet: the editor offers to create one, which opens on its Auth tab.
    await editor(page).locator('.env-new').first().click()
    expect(await editor(page).getByRole('tab', { name: /Auth/ }).getAttribute('aria-selected')).toBe('true')
    await editor(page).getByRole('button', { name: 'Close the environments editor' }).click()
    await editor(page).waitFor({ state: 'detached' })
    // An environment without auth is named in the hint; its action opens that environment's Auth tab.
    await sendWithShortcut(page)
    await hint('“New environment” sends no auth').waitFor()
    await hint('401 without auth').getByRole('button', { name: 'Add auth' }).click()
    await editor(page).waitFor()
    expect(await editor(page).getByRole('tab', { name: /Auth/ }).getAttribute('aria-selected')).toBe('true')
    await editor(page).getByRole('button', { name: 'Close the environments editor' }).click()
    await editor(page).waitFor({ state: 'detached' })
    // The editor's own button still opens it as before, on Variables.
    await page.getByRole('button', { name: 'Edit environments' }).click()
    expect(
      await editor(page)
        .getByRole('tab', { name: /Variables/ })
        .getAttribute('aria-selected'),
    ).toBe('true')
    await editor(page).getByRole('button', { name: 'Close the environments editor' }).click()
    await editor(page).waitFor({ state: 'detached' })
  })

  it('names an unknown variable a call sent as written, and its action defines it in the environment', async () => {
    await openMethod(page, 'echoGet')
    await fieldInput(page, 'text').fill('${greeting}')
    await sendWithShortcut(page)
    const unknown = hint('Unknown variable ${greeting}')
    await unknown.waitFor()
    await unknown.getByRole('button', { name: 'Define ${greeting}' }).click()
    await editor(page).waitFor()
    expect(
      await editor(page)
        .getByRole('tab', { name: /Variables/ })
        .getAttribute('aria-selected'),
    ).toBe('true')
    await editor(page).locator('.vars-row[data-variable="greeting"]').waitFor()
    await editor(page).getByLabel('Value of greeting').fill('hello')
    await editor(page).getByRole('button', { name: 'Close the environments editor' }).click()
    await editor(page).waitFor({ state: 'detached' })
    await sendWithShortcut(page)
    await unknown.waitFor({ state: 'detached' })
  })

  it('shows a slow-response hint over 2 s, and its action shows the Timing tab', async () => {
    await openMethod(page, 'get_diagnostics_delay')
    await fieldInput(page, 'ms').fill('2200')
    await sendWithShortcut(page)
    const slow = hint(/^Slow response: 2\.\d\d s/)
    await slow.waitFor()
    await page.mouse.move(1, 1)
    await screenshot(page, 'hints-slow-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'hints-slow-light')
    await pinTheme(page, 'dark')
    const timingTab = page.getByRole('tab', { name: 'Timing' })
    expect(await timingTab.getAttribute('aria-selected')).toBe('false')
    await slow.getByRole('button', { name: 'Show timing' }).click()
    await expect.poll(() => timingTab.getAttribute('aria-selected')).toBe('true')
    await page.getByRole('table', { name: 'Timing' }).waitFor()
    // A quick answer replaces the slow one's hint.
    await fieldInput(page, 'ms').fill('10')
    await sendWithShortcut(page)
    await slow.waitFor({ state: 'detached' })
  })

  it('reads at 420 px and keeps a muted kind hidden after a reload', async () => {
    await page.setViewportSize({ width: 420, height: 860 })
    await fieldInput(page, 'ms').fill('2100')
    await sendWithShortcut(page)
    const slow = hint(/^Slow response/)
    await slow.waitFor()
    await slow.scrollIntoViewIfNeeded()
    await screenshot(page, 'hints-narrow-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'hints-narrow-light')
    await pinTheme(page, 'dark')
    // Keyboard: the buttons are in the tab order.
    await slow.getByRole('button', { name: 'Show timing' }).focus()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Don’t show again')
    await page.keyboard.press('Enter')
    await slow.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => localStorage.getItem('wirebench.hints.muted'))).toBe(
      JSON.stringify({ version: 1, data: ['slow-response'] }),
    )
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload()
    await page.locator('.app').waitFor()
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
    await openMethod(page, 'get_diagnostics_delay')
    await fieldInput(page, 'ms').fill('2100')
    expect(await (await sendWithShortcut(page)).textContent()).toMatch(/^200/)
    expect(await hint(/^Slow response/).count()).toBe(0)
  })

  it('turns a muted kind back on from the console bar, by keyboard, and its hint shows again', async () => {
    const toggle = page.locator('.muted-hints > summary')
    expect(await toggle.textContent()).toBe('Muted hints 1')
    const menu = page.getByRole('menu', { name: 'Muted hints' })
    // Light first (the theme toggle is a click, which closes the menu), then dark and on by keyboard.
    await pinTheme(page, 'light')
    await toggle.click()
    await menu.waitFor()
    await screenshot(page, 'hints-muted-menu-light')
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.activeElement?.closest('.muted-hints') !== null)).toBe(true)
    await pinTheme(page, 'dark')
    await toggle.focus()
    await page.keyboard.press('Enter')
    await menu.waitFor()
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Show hints about slow responses again')
    await screenshot(page, 'hints-muted-menu-dark')
    await page.keyboard.press('Enter')
    // Nothing is muted any more: the menu goes, the choice is stored, and the console toggle keeps the focus.
    await toggle.waitFor({ state: 'detached' })
    expect(await page.evaluate(() => document.activeElement?.classList.contains('console-toggle'))).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('wirebench.hints.muted'))).toBe(
      JSON.stringify({ version: 1, data: [] }),
    )
    await page.reload()
    await page.locator('.app').waitFor()
    await methodRow(page, 'echoGet').waitFor({ state: 'attached', timeout: 30_000 })
    await openMethod(page, 'get_diagnostics_delay')
    await fieldInput(page, 'ms').fill('2100')
    await sendWithShortcut(page)
    await hint(/^Slow response/).waitFor()
  })
})
