/**
 * The GraphQL panes on a large real schema (GitHub's public one, served by graphql-yoga): the picker opens a big type
 * level by level, filters its fields, and is operable from the keyboard alone.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startYogaServer, type YogaServer } from '../servers/graphql/yoga-server.js'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { operationText, pickerBox, setOperationText, waitForSchema } from './support/graphql-page.js'
import { pinTheme } from './support/live-page.js'
import { methodRow, openMethod, openWorkbench } from './support/workbench-page.js'

/** The filter above the tree: it works on the level of the focused row (the top level until a row is focused). */
const filter = (page: Page) => page.locator('.gql-picker > .gql-picker-filter')

const short =
  'query Repository($owner: String!, $name: String!) {\n  repository(owner: $owner, name: $name) {\n    id\n  }\n}\n'

describe.runIf(requireChromium())('GraphQL field picker on the GitHub schema', () => {
  let yoga: YogaServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    yoga = await startYogaServer({ github: true })
    cli = await startCli({ urls: [yoga.url] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'repository').first().waitFor({ timeout: 60_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await yoga?.close()
  })

  it('filters the fields of a big type and picks one into the operation', async () => {
    await openMethod(page, 'repository')
    await waitForSchema(page)
    // A short operation keeps every line on screen (CodeMirror renders only the lines in view).
    await setOperationText(page, short)
    await expect.poll(() => pickerBox(page, 'id').isChecked()).toBe(true)
    expect(await pickerBox(page, 'stargazerCount').isChecked()).toBe(false)
    await filter(page).fill('stargaz')
    await expect.poll(() => page.locator('.gql-picker-tree > .gql-picker-level > .gql-picker-node').count()).toBe(2)
    await pickerBox(page, 'stargazerCount').check()
    await expect.poll(() => operationText(page)).toMatch(/\{\s+id\s+stargazerCount\s+\}/)
    await pinTheme(page, 'light')
    await screenshot(page, 'graphql-github-filter-light')
  })

  it('moves, opens and picks with the keyboard alone', async () => {
    await filter(page).fill('owner')
    const owner = pickerBox(page, 'owner')
    expect(await owner.isChecked()).toBe(false)
    await owner.focus()
    // Right opens the level (owner is an interface: __typename first, then its fields).
    await page.keyboard.press('ArrowRight')
    await pickerBox(page, 'owner/__typename').waitFor()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pickKey)
    expect(focused).toMatch(/^owner\/\w+$/)
    await page.keyboard.press('Space')
    await expect.poll(() => page.locator(`input[data-pick-key="${focused}"]`).isChecked()).toBe(true)
    const field = focused!.split('/')[1]!
    await expect.poll(() => operationText(page)).toMatch(new RegExp(`owner \\{\\s+${field}\\s+\\}`))
    // Left on a child goes back to its parent row.
    await page.keyboard.press('ArrowLeft')
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pickKey)).toBe('owner')
    await pinTheme(page, 'dark')
    await screenshot(page, 'graphql-github-keyboard-dark')
    expect(pageErrors).toEqual([])
  })
})
