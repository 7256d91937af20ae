// The SignalR stream-relay target: our hub server (examples/demo, written from the SignalR specs) with a method that
// broadcasts `count` Tick invocations at `perSecond` to every OTHER client, then closes their connections (so the
// page's `connection` call ends). The page holds a `connection` open; another client (the official @microsoft/signalr
// client) triggers the broadcast. The direct baseline listens with the official client, no workbench, no page.
import { createRequire } from 'node:module'
import { setTimeout as sleep } from 'node:timers/promises'
import { startHubServer } from '../../examples/demo/dist/index.js'
import { pace, reading } from './pace.mjs'

const require = createRequire(import.meta.url)
const { HubConnectionBuilder, HttpTransportType, LogLevel } = require('@microsoft/signalr')

export const name = 'SignalR'

export async function serve() {
  let sent = 0
  /** Close functions of the connected clients, by connection id. */
  const clients = new Map()
  const hub = {
    onConnected: (context) => clients.set(context.connectionId, context.close),
    methods: {
      async Broadcast({ args, clients: hubClients, connectionId }) {
        const [count, perSecond] = args
        await pace({
          count,
          perSecond,
          write: (n) => {
            sent++
            hubClients.others.send('Tick', reading(n))
            return true
          },
          drained: () => sleep(1),
          isGone: () => false,
        })
        // The listeners' calls end with the broadcast: a Close without an error.
        for (const [id, close] of clients) if (id !== connectionId) close()
        clients.clear()
        return count
      },
    },
  }
  const server = await startHubServer({ hubs: [{ path: '/hubs/bench', hub, keepAliveIntervalMs: 15_000 }] })
  return { port: Number(new URL(server.origin).port), sent: () => sent, close: () => server.close() }
}

/** The page's log also holds the `connecting` and `connected` states and the hub's Close message. */
export const overheadMessages = 3

export const discoveryUrl = (port) => `http://127.0.0.1:${port}/hubs/bench`

const connect = (port) =>
  new HubConnectionBuilder()
    .withUrl(discoveryUrl(port), { transport: HttpTransportType.WebSockets, skipNegotiation: true })
    .configureLogging(LogLevel.None)
    .build()

/** Triggers the broadcast from another client and leaves. */
async function trigger(port, count, perSecond) {
  const other = connect(port)
  await other.start()
  await other.invoke('Broadcast', count, perSecond)
  await other.stop()
}

export async function direct({ port, count, perSecond }) {
  const listener = connect(port)
  let received = 0
  listener.on('Tick', () => received++)
  const closed = new Promise((resolve) => listener.onclose(resolve))
  await listener.start()
  const started = performance.now()
  await trigger(port, count, perSecond)
  await closed
  const elapsed = (performance.now() - started) / 1000
  return { received, elapsed, rate: received / elapsed }
}

/** Opens the hub's `connection` method in the workbench page. */
export async function open(page) {
  await page.locator('.sb-method[data-method="connection"]').first().click()
  await page.getByRole('button', { name: 'Connect', exact: true }).waitFor()
}

/** Connects the page's `connection`, then has another client start the broadcast (not awaited: it runs meanwhile). */
export async function start(page, { count, perSecond, port }) {
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await page.locator('.live-view[data-status="open"] .live-row .live-chip', { hasText: 'connected' }).first().waitFor()
  void trigger(port, count, perSecond)
}
