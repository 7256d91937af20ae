// The WebSocket stream-relay target: a client's text message {"count", "perSecond"} starts a stream of readings as text
// frames, then the server closes with 1000. The direct baseline reads the same with a `ws` client, no workbench, no page.
import { createServer } from 'node:http'
import { once } from 'node:events'
import { WebSocket, WebSocketServer } from 'ws'
import { pace, reading } from './pace.mjs'

export const name = 'WebSocket'

/** Above this many buffered bytes the writer waits, as a well-behaved server does. */
const highWater = 1 << 20

export async function serve() {
  let sent = 0
  const server = createServer()
  const wss = new WebSocketServer({ server, path: '/feed' })
  wss.on('connection', (socket) => {
    socket.once('message', async (raw) => {
      const { count = 0, perSecond = 0 } = JSON.parse(String(raw))
      await pace({
        count,
        perSecond,
        write: (n) => {
          sent++
          socket.send(JSON.stringify(reading(n)))
          return socket.bufferedAmount < highWater
        },
        drained: async () => {
          while (socket.bufferedAmount >= highWater && socket.readyState === WebSocket.OPEN) {
            await new Promise((go) => setTimeout(go, 1))
          }
        },
        isGone: () => socket.readyState !== WebSocket.OPEN,
      })
      socket.close(1000, 'done')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { port: server.address().port, sent: () => sent, close: () => server.close() }
}

export const discoveryUrl = (port) => `ws://127.0.0.1:${port}/feed`

export async function direct({ port, count, perSecond }) {
  const started = performance.now()
  let received = 0
  const socket = new WebSocket(discoveryUrl(port))
  await once(socket, 'open')
  socket.on('message', () => received++)
  socket.send(JSON.stringify({ count, perSecond }))
  await once(socket, 'close')
  const elapsed = (performance.now() - started) / 1000
  return { received, elapsed, rate: received / elapsed }
}

/** Selects the socket in the workbench page. */
export async function open(page) {
  await page.locator('.sb-method').first().click()
  await page.locator('.ws-composer').waitFor()
}

/** Sends {count, perSecond} as a text frame (connecting first) and so starts the stream. */
export async function start(page, { count, perSecond }) {
  await page.getByRole('group', { name: 'Frame kind' }).getByRole('button', { name: 'Text' }).click()
  const editor = page.locator('.ws-composer .cm-content')
  await editor.click()
  await page.keyboard.press('Control+a')
  await page.keyboard.insertText(JSON.stringify({ count, perSecond }))
  await page.keyboard.press('Control+Enter')
}
