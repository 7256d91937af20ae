/**
 * The gRPC family at an HTTP/1.1-only server (a REST or MCP server discovered unpinned): the first discovery learns
 * from the HTTP/2 handshakes it is refused that the server speaks HTTP/1.1 only; a discovery of it moments later
 * sends it no HTTP/2 preface at all, while a pinned `grpc@` still tries.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse } from '@wirebench/core'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

describe('gRPC discovery of an HTTP/1.1-only server', () => {
  let server: Server
  let url: string
  let wb: TestWorkbench
  // Connections whose first bytes are the HTTP/2 client preface (Node's HTTP/1.1 server refuses them).
  let prefaces = 0

  const discover = async (entry: string): Promise<DiscoverResponse> => {
    const response = await wb.api('/api/discover', { body: { urls: [entry] } })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }
  const attempt = (answer: DiscoverResponse, pluginId: string) => answer.attempts.find((a) => a.pluginId === pluginId)

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume()
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not here')
    })
    server.on('connection', (socket) => {
      socket.once('data', (chunk: Buffer) => {
        if (chunk.toString('latin1').startsWith('PRI * HTTP/2.0')) prefaces++
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
    wb = await startWorkbench()
  })
  afterAll(async () => {
    await wb.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('sends no HTTP/2 preface when discovered again moments after it refused one', async () => {
    const first = await discover(url)
    expect(attempt(first, 'grpc')?.outcome).toBe('empty')
    // gRPC's own attempt, and the handshakes with which gRPC-Web and Connect learn the version.
    expect(prefaces).toBeGreaterThanOrEqual(2)
    const afterFirst = prefaces

    const again = await discover(url)
    expect(prefaces).toBe(afterFirst)
    expect(attempt(again, 'grpc')).toMatchObject({ outcome: 'empty', code: 'no_services' })
    expect(attempt(again, 'grpc')?.message).toContain('speaks HTTP/1.1 only')
    // gRPC-Web and Connect still ask for reflection over HTTP/1.1, as before.
    expect(attempt(again, 'grpcweb')?.outcome).toBe('empty')
    expect(attempt(again, 'connect')?.outcome).toBe('empty')
  })

  it('still tries HTTP/2 when gRPC is pinned', async () => {
    const before = prefaces
    const pinned = await discover(`grpc@${url}`)
    expect(attempt(pinned, 'grpc')?.outcome).toBe('empty')
    expect(attempt(pinned, 'grpc')?.message).not.toContain('HTTP/1.1 only')
    expect(prefaces).toBe(before + 1)
  })
})
