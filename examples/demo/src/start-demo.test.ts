import { afterEach, describe, expect, it } from 'vitest'
import type { DemoHandle } from './start-demo.js'
import { startDemo } from './start-demo.js'

describe('startDemo', () => {
  let handle: DemoHandle | undefined
  afterEach(async () => {
    await handle?.close()
    handle = undefined
  })

  it('starts the REST and gRPC demos on ephemeral loopback ports and returns their discovery URLs', async () => {
    handle = await startDemo()
    expect(handle.services).toEqual([
      {
        protocol: 'rest',
        name: 'Bookshop (REST)',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/openapi\.json$/),
      },
      { protocol: 'grpc', name: 'Telemetry (gRPC)', url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
    ])
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
})
