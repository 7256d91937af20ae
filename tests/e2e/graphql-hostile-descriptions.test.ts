/**
 * Descriptions in a GraphQL schema are data from the target: HTML in them stays text and `javascript:` links never
 * become links, in the method header, the field picker (row descriptions) and the completion info.
 */
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { startHostileGraphqlServer, type HostileGraphqlServer } from './support/graphql-hostile-target.js'
import { operationEditor, pickerBox, setOperationText, waitForSchema } from './support/graphql-page.js'
import { methodRow, openMethod, openWorkbench } from './support/workbench-page.js'

/** Elements a parsed payload would have created anywhere on the page, and what any of them ran. */
async function injected(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as { pwned?: unknown }).pwned ?? null,
    images: document.querySelectorAll('img[src="x"], img[src="y"], img[src="t"]').length,
    scriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    bold: [...document.querySelectorAll('b')].filter((b) => b.hasAttribute('onmouseover')).length,
  }))
}

const clean = { pwned: null, images: 0, scriptLinks: 0, bold: 0 }

describe.runIf(requireChromium())('hostile GraphQL schema descriptions', () => {
  let target: HostileGraphqlServer
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    target = await startHostileGraphqlServer()
    cli = await startCli({ urls: [target.url] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'dark' }))
    await openWorkbench(page, cli.openUrl)
    await methodRow(page, 'things').first().waitFor({ timeout: 30_000 })
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await target?.close()
  })

  it('shows the root field description in the method header as text, without javascript: links', async () => {
    await openMethod(page, 'things')
    await waitForSchema(page)
    expect(await page.locator('.method-summary').textContent()).toBe(
      '<img src=x onerror="window.pwned=1"> Finds things.',
    )
    const description = page.locator('.method-description')
    expect(await description.textContent()).toContain('the docs')
    expect(await description.textContent()).toContain('<script>window.pwned=3</script>')
    expect(await description.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      'https://example.com/docs',
    ])
    expect(await injected(page)).toEqual(clean)
  })

  it('shows a picker row description as text under the tree and as the row accessible description', async () => {
    await pickerBox(page, 'id').focus()
    const detail = page.locator('.gql-picker-detail')
    await expect.poll(() => detail.textContent()).toBe('<img src=y onerror="window.pwned=5"> The id.')
    const describedBy = await pickerBox(page, 'id').getAttribute('aria-describedby')
    const description = await page.evaluate((id) => document.getElementById(id ?? '')?.textContent, describedBy)
    expect(description).toBe('<img src=y onerror="window.pwned=5"> The id.')
    await pickerBox(page, 'label').focus()
    await expect.poll(() => detail.textContent()).toContain('[click](javascript:window.pwned=6)')
    expect(await injected(page)).toEqual(clean)
    await screenshot(page, 'graphql-hostile-picker-dark')
  })

  it('shows a field description in the completion info as text', async () => {
    await setOperationText(page, 'query Things {\n  things {\n    labe')
    await operationEditor(page).press('Control+Space')
    const info = page.locator('.cm-tooltip.cm-completionInfo')
    await info.waitFor({ timeout: 10_000 })
    expect(await info.textContent()).toContain('[click](javascript:window.pwned=6) <b onmouseover=')
    expect(await info.locator('a, b, img, script').count()).toBe(0)
    expect(await injected(page)).toEqual(clean)
    await screenshot(page, 'graphql-hostile-completion-dark')
    expect(pageErrors).toEqual([])
  })
})
