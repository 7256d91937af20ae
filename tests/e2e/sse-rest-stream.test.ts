/**
 * An OpenAPI operation whose response is `text/event-stream` runs as a live call from the REST pane: Send starts the
 * stream (the query parameter filled in the form reaches the server) and its events appear in the live log.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium, newPage, requireChromium, screenshot } from './support/browser.js'
import { startCli, type RunningCli } from './support/cli.js'
import { liveFacts, receivedPreviews, waitForLiveStatus } from './support/live-page.js'
import { fieldInput, openMethod, openWorkbench } from './support/workbench-page.js'

function document(origin: string): unknown {
  return {
    openapi: '3.0.3',
    info: { title: 'Ticker', version: '1.0.0' },
    servers: [{ url: origin }],
    paths: {
      '/ticks': {
        get: {
          operationId: 'streamTicks',
          parameters: [{ name: 'count', in: 'query', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'ticks', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          },
        },
      },
    },
  }
}

describe.runIf(requireChromium())('REST event-stream operations in the live log', () => {
  let target: Server
  let origin: string
  let cli: RunningCli
  let browser: Browser
  let page: Page
  let pageErrors: string[]

  beforeAll(async () => {
    target = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.pathname === '/openapi.json') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document(origin)))
        return
      }
      if (url.pathname === '/ticks') {
        res.writeHead(200, { 'content-type': 'text/event-stream' })
        const count = Number(url.searchParams.get('count') ?? '1')
        for (let n = 1; n <= count; n++) res.write(`id: ${n}\nevent: tick\ndata: {"n":${n}}\n\n`)
        res.end()
        return
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((done) => target.listen(0, '127.0.0.1', done))
    origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    cli = await startCli({ urls: [`${origin}/openapi.json`] })
    browser = await launchChromium()
    ;({ page, errors: pageErrors } = await newPage(browser, { colorScheme: 'light' }))
    await openWorkbench(page, cli.openUrl)
    await openMethod(page, 'streamTicks')
  })

  afterAll(async () => {
    await browser?.close()
    await cli?.stop()
    await new Promise((done) => target?.close(done))
  })

  it('starts the stream with Send and shows its events with id and event type', async () => {
    await fieldInput(page, 'count').fill('3')
    await page.keyboard.press('Control+Enter')
    await waitForLiveStatus(page, ['closed', 'error'])
    expect(await liveFacts(page)).toMatchObject({ status: 'closed', received: 3 })
    expect(await receivedPreviews(page)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}'])
    const last = page.locator('.live-row.is-in:not(.is-meta)').last()
    expect(await last.locator('.live-chip').allTextContents()).toEqual(['tick', 'id 3'])
    await screenshot(page, 'rest-event-stream-light')
    expect(pageErrors).toEqual([])
  })
})
