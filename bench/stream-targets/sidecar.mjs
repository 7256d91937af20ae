// The sidecar stream-relay target: the toy lab server (examples/demo) streams `Count` {to, perSecond}; the workbench
// reads it through the Python example sidecar (stdio JSON-RPC, `$/stream/data` notifications). The direct baseline
// reads the same Count over the toy protocol in Node, no sidecar, no workbench, no page.
import { connect } from 'node:net'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { startToyServer } from '../../examples/demo/dist/index.js'

export const name = 'sidecar (Python example, toy lab)'

const pythonExample = resolve(import.meta.dirname, '../../examples/sidecars/python-toy')

/** The workbench loads the Python example sidecar. */
export const cliArgs = () => ['--plugin-dir', pythonExample]

export async function serve() {
  const toy = await startToyServer({ host: '127.0.0.1' })
  const port = Number(new URL(toy.service.url.replace('toy:', 'http:')).port)
  return { port, sent: () => toy.messagesSent(), close: () => toy.close() }
}

export const discoveryUrl = (port) => `toy://127.0.0.1:${port}`

export async function direct({ port, count, perSecond }) {
  const started = performance.now()
  let received = 0
  const socket = connect(port, '127.0.0.1')
  socket.write(
    `${JSON.stringify({ op: 'call', service: 'Lab', method: 'Count', headers: {}, body: { to: count, perSecond } })}\n`,
  )
  for await (const line of createInterface({ input: socket })) {
    const message = JSON.parse(line)
    if (message.data) received++
    if (message.end) break
  }
  socket.destroy()
  const elapsed = (performance.now() - started) / 1000
  return { received, elapsed, rate: received / elapsed }
}

/** Opens Lab/Count in the workbench page. */
export async function open(page) {
  await page.locator('.sb-method[data-method="Count"]').first().click()
  await page.locator('.request-pane .method-name', { hasText: 'Count' }).waitFor()
}

/** Sets {to, perSecond} in the JSON tab and starts the stream. */
export async function start(page, { count, perSecond }) {
  await page.getByRole('tab', { name: 'JSON' }).click()
  const editor = page.locator('.raw-json .cm-content')
  await editor.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify({ to: count, intervalMs: 0, perSecond }))
  await page.locator('.raw-json-status', { hasText: 'In sync with the form' }).waitFor()
  await page.keyboard.press('Control+Enter')
}
