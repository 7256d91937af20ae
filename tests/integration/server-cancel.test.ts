import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'

/** A target whose /slow never answers on its own and records when a call arrives and when the caller hangs up. */
function startTarget(): Promise<{
  server: Server
  origin: string
  hasArrived: () => boolean
  closedAt: () => number | undefined
}> {
  let hasArrived = false
  let closedAt: number | undefined
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://target').pathname
    if (path === '/openapi.json' && req.method === 'GET' && !req.url?.includes('?')) {
      const { port } = server.address() as { port: number }
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'slow', version: '1' },
          servers: [{ url: `http://127.0.0.1:${port}` }],
          paths: {
            '/slow': { get: { tags: ['slow'], operationId: 'hang', responses: { 200: { description: 'never' } } } },
          },
        }),
      )
      return
    }
    // Only /slow hangs: other plugins' discovery probes (GraphQL's GET with a query, SSE's event-stream GET) get a 404.
    if (path !== '/slow') {
      res.statusCode = 404
      res.end()
      return
    }
    hasArrived = true
    res.once('close', () => (closedAt = Date.now()))
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ server, origin: `http://127.0.0.1:${port}`, hasArrived: () => hasArrived, closedAt: () => closedAt })
    }),
  )
}

describe('standalone server over real sockets', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  let target: Awaited<ReturnType<typeof startTarget>>
  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-cancel-'))
    target = await startTarget()
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
  })
  afterAll(async () => {
    await wb.close()
    target.server.closeAllConnections()
    await new Promise((resolve) => target.server.close(resolve))
    await rm(configDir, { recursive: true, force: true })
  })

  const api = (path: string, body: unknown, signal?: AbortSignal) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    })

  it('prints a loopback URL and answers on it', async () => {
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': wb.token! } })
    expect(res.status).toBe(200)
  })

  it('cancels the upstream call when the browser disconnects', async () => {
    const docUrl = `${target.origin}/openapi.json`
    expect((await api('/api/discover', { urls: [docUrl] })).status).toBe(200)
    const controller = new AbortController()
    const call = api(
      '/api/invoke',
      { protocol: 'rest', url: docUrl, service: 'slow', method: 'hang', messages: [{}] },
      controller.signal,
    )
    // The upstream call must be under way before the browser goes: a cancel that beats it proves nothing.
    await expect.poll(() => target.hasArrived()).toBe(true)
    expect(target.closedAt()).toBeUndefined()
    const abortedAt = Date.now()
    controller.abort()
    await expect(call).rejects.toThrow()
    const deadline = Date.now() + 3000
    while (target.closedAt() === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    expect(target.closedAt()).toBeDefined()
    expect(target.closedAt()! - abortedAt).toBeLessThan(2000)
  })

  it('closes promptly even with client connections open', async () => {
    const other = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    const url = await other.listen()
    const { connect } = await import('node:net')
    // A connection that never sends a request, like a browser's pre-connect.
    const idle = connect(Number(new URL(url).port), '127.0.0.1')
    await new Promise((resolve) => idle.once('connect', resolve))
    const started = Date.now()
    await other.close()
    expect(Date.now() - started).toBeLessThan(1000)
    idle.destroy()
  })

  it('refuses a forged Host over a real socket', async () => {
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${base}/`, { headers: { host: 'rebind.evil.example' } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.once('error', reject)
      req.end()
    })
    expect(status).toBe(403)
  })
})
