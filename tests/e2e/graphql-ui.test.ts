/**
 * The GraphQL panes against a real graphql-yoga server through the real CLI: the field picker rewrites the operation and
 * follows edits to it, validation flags a field the schema lacks, errors sit beside partial data, and a subscription
 * streams its events into the live log over graphql-ws and, forced, over graphql-sse.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startYogaServer, type YogaServer } from '../servers/graphql/yoga-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { operationText, pickerBox, setOperationText, setVariables, waitForSchema } from './support/graphql-page.js'
import { liveFacts, pinTheme, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, methodRow, openMethod, openWorkbench, sendWithShortcut } from './support/workbench-page.js'

describe.runIf(requireChromium())('GraphQL panes', () => {
  let yoga: YogaServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    yoga = await startYogaServer()
    cli = await startCli({ urls: [yoga.url] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'shapes').first().waitFor({ timeout: 30_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await yoga?.close()
  })

  it('labels queries, mutations and subscriptions Q, M and SUB in the sidebar', async () => {
    const badge = (name: string) => methodRow(page, name).first().locator('.method-badge').textContent()
    expect(await badge('shapes')).toBe('Q')
    expect(await badge('createShape')).toBe('M')
    expect(await badge('countdown')).toBe('SUB')
  })

  it('rewrites the operation as fields are picked, follows edits to the text, and sends it', async () => {
    await openMethod(page, 'shapes')
    await waitForSchema(page)
    expect(await operationText(page)).toContain('query Shapes(')
    expect(await pickerBox(page, 'area').isChecked()).toBe(true)

    await pickerBox(page, 'area').uncheck()
    await expect.poll(() => operationText(page)).not.toContain('area')
    await pickerBox(page, 'owner/friend').check()
    await expect.poll(() => operationText(page)).toMatch(/friend \{\s+id\s+name\s+\}/)
    // A field with a required argument comes with a new variable.
    await pickerBox(page, 'points').check()
    const withPoints = await operationText(page)
    expect(withPoints).toContain('$limit: Int!')
    expect(withPoints).toContain('points(limit: $limit)')
    await setVariables(page, { limit: 2, first: 1 })

    // An edit in the text shows in the picker.
    await setOperationText(page, withPoints.replace(/\n\s*sides/, ''))
    await expect.poll(() => pickerBox(page, 'sides').isChecked()).toBe(false)
    expect(await pickerBox(page, 'owner/friend').isChecked()).toBe(true)

    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('HTTP 200')
    const data = page.locator('.gql-result-data .json-tree')
    await data.getByRole('button', { name: 'Expand all' }).click()
    const text = await data.textContent()
    expect(text).toContain('"triangle"')
    expect(text).toContain('"friend"')
    expect(text).not.toContain('"sides"')
    await expect.poll(() => page.locator('.gql-problems').textContent()).toBe('Valid against the schema')
    // The answer checked against the operation's selection and the schema's types.
    expect(await page.locator('.validation-badge').textContent()).toBe('✓ valid')
    await pinTheme(page, 'dark')
    await screenshot(page, 'graphql-picker-dark')
    await pinTheme(page, 'light')
    await screenshot(page, 'graphql-picker-light')
    await pinTheme(page, 'dark')
  })

  it('flags a field the schema does not have, in the editor and under it', async () => {
    await setOperationText(page, 'query Shapes {\n  shapes {\n    id\n    nope\n  }\n}\n')
    await expect
      .poll(() => page.locator('.gql-problems').textContent())
      .toContain('Cannot query field "nope" on type "Shape".')
    await page.locator('.gql-editor .cm-lintRange-error').first().waitFor({ timeout: 10_000 })
    await screenshot(page, 'graphql-validation-dark')
  })

  it('moves past a row picked through a named fragment with the arrow keys, one tab stop for the tree', async () => {
    const withFragment =
      'query Shapes {\n  shapes {\n    id\n    ...Bits\n  }\n}\n\nfragment Bits on Shape {\n  name\n}\n'
    await setOperationText(page, withFragment)
    await expect.poll(() => pickerBox(page, 'name').getAttribute('aria-disabled')).toBe('true')
    const focusedKey = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pickKey)
    await pickerBox(page, 'id').focus()
    await page.keyboard.press('ArrowDown')
    expect(await focusedKey()).toBe('name')
    // Space on the locked row changes nothing: the fragment is edited in the text.
    await page.keyboard.press('Space')
    expect(await pickerBox(page, 'name').isChecked()).toBe(true)
    expect(await operationText(page)).toContain('...Bits')
    await page.keyboard.press('ArrowDown')
    expect(await focusedKey()).toBe('color')
    const tabStops = await page
      .locator('.gql-picker-tree input[tabindex="0"]')
      .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.pickKey))
    expect(tabStops).toEqual(['color'])
  })

  it('completes fields of the type at the cursor from the schema', async () => {
    await setOperationText(page, 'query Shapes {\n  shapes {\n    id\n    ar')
    await page.keyboard.press('Control+Space')
    const options = page.locator('.cm-tooltip-autocomplete li')
    await expect.poll(() => options.allTextContents()).toContainEqual(expect.stringContaining('area'))
    // Clicked: CodeMirror ignores Enter for a moment after the list opens (its interaction delay).
    await options.filter({ hasText: 'area' }).first().click()
    await expect.poll(() => operationText(page)).toMatch(/id\s+area/)
  })

  it('fills variables from a form generated from the arguments, input objects and enums included', async () => {
    await openMethod(page, 'createShape')
    await waitForSchema(page)
    await page.getByRole('tab', { name: /^Variables/ }).click()
    await page.getByRole('button', { name: 'From arguments' }).click()
    await fieldInput(page, 'input.name').fill('hexagon')
    await fieldInput(page, 'input.sides').fill('6')
    await fieldInput(page, 'input.color').selectOption('GREEN')
    expect(await page.getByRole('tab', { name: /^Variables/ }).textContent()).toContain('1')
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).toBe('HTTP 200')
    const data = page.getByRole('region', { name: 'Data' })
    await data.getByRole('button', { name: 'Expand all' }).click()
    const text = await data.locator('.json-tree').textContent()
    expect(text).toContain('"hexagon"')
    expect(text).toContain('"GREEN"')
    await screenshot(page, 'graphql-variables-form-dark')
  })

  it('shows errors beside partial data, with the path leading to the value', async () => {
    await openMethod(page, 'partial')
    await waitForSchema(page)
    const status = await sendWithShortcut(page)
    expect(await status.textContent()).not.toBe('OK')
    await page.locator('.gql-partial').waitFor()
    const errors = page.getByRole('region', { name: 'Errors' })
    expect(await errors.locator('.gql-error-message').textContent()).toContain('Broken on purpose.')
    expect(await errors.locator('.gql-error-message .tag').textContent()).toBe('BROKEN')
    // The server's error is the answer's one problem, at its path.
    expect(await page.locator('.validation-badge').textContent()).toBe('1 problem')
    expect(await page.locator('.validation-pointer').allTextContents()).toEqual(['/data/partial/broken'])
    await errors.getByRole('button', { name: 'partial.broken' }).click()
    expect(await errors.locator('.gql-error-value pre').textContent()).toBe('null')
    const data = page.getByRole('region', { name: 'Data' })
    expect(await data.locator('.json-tree').textContent()).toContain('"fine"')
    // Data and errors side by side.
    const dataBox = await data.boundingBox()
    const errorsBox = await errors.boundingBox()
    expect(errorsBox!.x).toBeGreaterThan(dataBox!.x + dataBox!.width - 2)
    await pinTheme(page, 'light')
    await screenshot(page, 'graphql-partial-light')
    await pinTheme(page, 'dark')
    await screenshot(page, 'graphql-partial-dark')
  })

  for (const transport of ['graphql-ws', 'graphql-sse'] as const) {
    it(`streams a subscription's events into the live log over ${transport}`, async () => {
      await openMethod(page, 'countdown')
      await waitForSchema(page)
      await setVariables(page, { from: 4, intervalMs: 5 })
      // Auto picks graphql-ws on this server; graphql-sse is forced with the selector.
      if (transport === 'graphql-sse') {
        await page.getByRole('combobox', { name: 'Subscription transport' }).selectOption('graphql-sse')
      }
      await page.keyboard.press('Control+Enter')
      // The headers frame of this call names its transport (the previous call's log is replaced).
      await page.locator(`.gql-transport-used[data-transport="${transport}"]`).waitFor({ timeout: 20_000 })
      await waitForLiveStatus(page, ['closed', 'error'])
      expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 5, seqGaps: 0, dropped: 0 })
      const log = await page.locator('.live-log').textContent()
      for (const n of [4, 0]) expect(log).toContain(`"countdown":${n}`)
      await screenshot(page, `graphql-subscription-${transport}-dark`)
      // What opened it: the POST (graphql-sse) or the upgrade with the subscribe message (graphql-ws).
      const tabs = page.getByRole('tablist', { name: 'Live call views' })
      await tabs.getByRole('tab', { name: 'Request' }).click()
      const sent = page.locator('.live-view .sent-request')
      expect(await sent.getByLabel('Request line').textContent()).toContain(
        transport === 'graphql-ws' ? 'GET ws://' : 'POST http://',
      )
      expect(await sent.textContent()).toContain('countdown(')
      await tabs.getByRole('tab', { name: 'Messages' }).click()
    })
  }

  it('fits a 900 px wide window in the light theme', async () => {
    await pinTheme(page, 'light')
    await screenshot(page, 'graphql-subscription-light')
    await page.setViewportSize({ width: 900, height: 900 })
    await openMethod(page, 'search')
    await waitForSchema(page)
    await pickerBox(page, '...Shape').check()
    await expect.poll(() => operationText(page)).toContain('... on Shape {')
    await sendWithShortcut(page)
    await screenshot(page, 'graphql-narrow-light')
    const overflow = await page.evaluate(() => {
      const wide = [...document.querySelectorAll<HTMLElement>('.main *')].filter(
        (e) => e.getBoundingClientRect().right > window.innerWidth + 1,
      )
      return wide.slice(0, 5).map((e) => `${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
    })
    expect(overflow).toEqual([])
    await page.setViewportSize({ width: 600, height: 900 })
    // Let the sidebar finish sliding into its drawer.
    await page.waitForTimeout(400)
    expect((await page.locator('.gql-operation').boundingBox())!.height).toBeGreaterThan(300)
    await screenshot(page, 'graphql-phone-light')
    await page.setViewportSize({ width: 1440, height: 900 })
    await pinTheme(page, 'dark')
  })

  it('puts the errors above the data when the pane stacks them (420 px)', async () => {
    await page.setViewportSize({ width: 420, height: 860 })
    await page.waitForTimeout(400)
    await page.locator('.drawer-toggle').click()
    await openMethod(page, 'forbidden')
    await waitForSchema(page)
    await page.getByRole('button', { name: /^Send/ }).click()
    const errors = page.getByRole('region', { name: 'Errors' })
    await errors.waitFor()
    const data = page.getByRole('region', { name: 'Data' })
    const [errorsBox, dataBox, tabsBox] = await Promise.all([
      errors.boundingBox(),
      data.boundingBox(),
      page.getByRole('tablist', { name: 'Response views' }).boundingBox(),
    ])
    expect(errorsBox!.y).toBeLessThan(dataBox!.y)
    expect(errorsBox!.y - (tabsBox!.y + tabsBox!.height)).toBeLessThan(60)
    await errors.scrollIntoViewIfNeeded()
    await screenshot(page, 'graphql-errors-420-dark')
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.waitForTimeout(400)
  })

  it('had no page errors', () => {
    expect(pageErrors).toEqual([])
  })
})
