import { afterEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { DemoHandle } from './start-demo.js'
import { startDemo } from './start-demo.js'

// The first start imports every protocol's server libraries; on a busy machine that alone can take seconds.
describe('startDemo', { timeout: 30_000 }, () => {
  let handle: DemoHandle | undefined
  afterEach(async () => {
    await handle?.close()
    handle = undefined
  })

  it("starts every protocol's demo on ephemeral loopback ports and returns their discovery URLs", async () => {
    handle = await startDemo()
    expect(handle.services).toEqual([
      {
        protocol: 'rest',
        name: 'Bookshop (REST)',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/openapi\.json$/),
      },
      { protocol: 'grpc', name: 'Telemetry (gRPC)', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
      {
        protocol: 'graphql',
        name: 'Bookshop (GraphQL)',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/),
      },
      {
        protocol: 'sse',
        name: 'Station feed (SSE)',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/events$/),
      },
      {
        protocol: 'websocket',
        name: 'Chat (WebSocket)',
        url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/chat$/),
      },
      {
        protocol: 'signalr',
        name: 'Chat hub (SignalR)',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hubs\/chat$/),
      },
      { protocol: 'mcp', name: 'Kitchen (MCP)', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/) },
      { protocol: 'toy', name: 'Toy lab', url: expect.stringMatching(/^toy:\/\/127\.0\.0\.1:\d+$/) },
    ])
    expect(new Set(handle.urls.map((url) => new URL(url).port)).size).toBe(8)
    // The toy lab is spoken by the Python example sidecar, which the demo loads.
    expect(handle.pluginDirs).toEqual([expect.stringMatching(/examples\/sidecars\/python-toy$/)])
    expect(handle.stdioUrls).toEqual(['mcp+stdio://everything'])
    expect(handle.urls).toEqual(handle.services.map((service) => service.url))
    const documentUrl = handle.urls[0] ?? ''
    const document = (await (await fetch(documentUrl)).json()) as { servers: { url: string }[] }
    // The relative server URL resolves against the document URL, as the workbench does it.
    const base = new URL(document.servers[0]?.url ?? '', documentUrl).href
    const health = await fetch(`${base}/health`)
    expect(health.status).toBe(200)
  })

  it('gives each start its own port and data, and closes idempotently', async () => {
    handle = await startDemo()
    const other = await startDemo()
    try {
      expect(other.urls[0]).not.toBe(handle.urls[0])
    } finally {
      await Promise.all([other.close(), other.close()])
    }
    await expect(fetch(other.urls[0] ?? '')).rejects.toThrow()
  })

  it('closes promptly even while a delayed request is in flight', async () => {
    const demo = await startDemo()
    const base = (demo.urls[0] ?? '').replace('/openapi.json', '')
    const pending = fetch(`${base}/api/v1/diagnostics/delay?ms=20000`).catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const started = Date.now()
    await demo.close()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(await pending).toBeInstanceOf(Error)
  })

  it('closes with live connections on every service open, leaving no sockets behind', async () => {
    const sockets = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length
    const before = sockets()
    const demo = await startDemo()
    const [, , graphqlUrl, sseUrl, chatUrl] = demo.urls
    const feed = await fetch(sseUrl ?? '')
    const feedRead = feed.text().catch((error: unknown) => error)
    const open = (url: string, protocol?: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const socket = new WebSocket(url, protocol)
        socket.once('open', () => resolve(socket)).once('error', reject)
      })
    const chat = await open(chatUrl ?? '')
    const graphqlWs = await open((graphqlUrl ?? '').replace('http:', 'ws:'), 'graphql-transport-ws')
    const closes = [chat, graphqlWs].map(
      (socket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
    )
    await demo.close()
    expect(await Promise.all(closes)).toEqual([1001, 1001])
    expect(await feedRead).toBeInstanceOf(Error)
    // Client sockets finish closing a moment after the servers are gone; wait for them rather than a fixed time.
    // (Sockets left by earlier tests may close meanwhile, hence at most as many as before.)
    for (let tries = 0; tries < 100 && sockets() > before; tries++)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect(sockets()).toBeLessThanOrEqual(before)
  })
})
