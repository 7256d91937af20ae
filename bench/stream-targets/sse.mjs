// The SSE stream-relay target: GET answers an empty event stream (what discovery probes); POST {count, perSecond}
// streams readings as `reading` events with ids. The direct baseline reads the same POST with undici and
// eventsource-parser, no workbench, no page.
import { createServer } from 'node:http'
import { once } from 'node:events'
import { request } from 'undici'
import { createParser } from 'eventsource-parser'
import { pace, reading } from './pace.mjs'

export const name = 'SSE'

export async function serve() {
  let sent = 0
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    let request
    try {
      request = req.method === 'POST' ? JSON.parse(body || '{}') : {}
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' })
      return res.end(`The body is not JSON: ${body.slice(0, 200)}`)
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
    if (req.method !== 'POST') return res.write(': send POST {"count", "perSecond"} to stream\n\n')
    const { count = 0, perSecond = 0 } = request
    let gone = false
    res.once('close', () => (gone = true))
    await pace({
      count,
      perSecond,
      write: (n) => {
        sent++
        return res.write(`id: ${n}\nevent: reading\ndata: ${JSON.stringify(reading(n))}\n\n`)
      },
      drained: () => once(res, 'drain'),
      isGone: () => gone,
    })
    res.end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { port: server.address().port, sent: () => sent, close: () => server.close() }
}

export const discoveryUrl = (port) => `http://127.0.0.1:${port}/feed`

export async function direct({ port, count, perSecond }) {
  const started = performance.now()
  let received = 0
  const parser = createParser({ onEvent: () => received++ })
  const { body } = await request(discoveryUrl(port), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ count, perSecond }),
  })
  const decoder = new TextDecoder()
  for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }))
  const elapsed = (performance.now() - started) / 1000
  return { received, elapsed, rate: received / elapsed }
}

/** Selects the feed in the workbench page. */
export async function open(page) {
  await page.locator('.sb-method').first().click()
  await page.getByRole('combobox', { name: 'HTTP method' }).waitFor()
}

/** POSTs {count, perSecond} from the SSE pane and starts the stream. */
export async function start(page, { count, perSecond }) {
  await page.getByRole('combobox', { name: 'HTTP method' }).selectOption('POST')
  const body = page.locator('.sse-body .cm-content')
  await body.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify({ count, perSecond }))
  await page.keyboard.press('Control+Enter')
}
