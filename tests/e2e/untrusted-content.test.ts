/** Descriptions and summaries from an uploaded spec are data: HTML stays text and script URLs never become links. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { dropFile, fieldInput, openMethod, openWorkbench } from './support/workbench-page.js'

const hostile = {
  openapi: '3.0.3',
  info: { title: 'Hostile', version: '1' },
  paths: {
    '/x/{id}': {
      get: {
        operationId: 'hostile',
        tags: ['<b>tag</b>'],
        summary: '<img src=x onerror="window.pwned=1">summary',
        description:
          'Read [the docs](javascript:window.pwned=2) or [safe](https://example.com/docs).\n\n<script>window.pwned=3</script>',
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            description: '<img src=y onerror="window.pwned=4">',
            schema: { type: 'string', example: '"><svg onload=window.pwned=5>' },
          },
        ],
        responses: { 200: { description: 'ok' } },
      },
    },
  },
}

describe.runIf(requireChromium())('untrusted spec content', () => {
  let cli: RunningCli
  let browser: Browser

  beforeAll(async () => {
    cli = await startCli()
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
  })

  it('renders HTML in summaries, descriptions and examples as text and drops javascript: links', async () => {
    const { page, errors } = await newPage(browser, { colorScheme: 'dark' })
    await openWorkbench(page, cli.openUrl)
    await page.getByRole('tab', { name: /Schema Files/ }).click()
    await dropFile(page, page.getByTestId('schema-drop-zone'), {
      name: 'hostile.json',
      content: JSON.stringify(hostile),
    })
    await page.locator('.upload-item[data-file="hostile.json"]').waitFor({ timeout: 20_000 })
    await page.getByRole('tab', { name: /Services/ }).click()
    await openMethod(page, 'hostile')

    expect(await page.locator('.method-summary').textContent()).toContain('<img src=x')
    expect(await page.locator('.method-description').textContent()).toContain('<script>')
    const hrefs = await page.locator('.request-pane a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['https://example.com/docs'])
    expect(await page.locator('.app img, .app script, .app svg[onload]').count()).toBe(0)
    expect(await fieldInput(page, 'id').getAttribute('placeholder')).toContain('<svg')
    expect(await page.locator('.sb-service').first().textContent()).toContain('<b>tag</b>')
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
    await screenshot(page, 'untrusted-content-dark')
    expect(errors).toEqual([])
  })
})
