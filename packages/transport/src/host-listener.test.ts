import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { WebSocket, WebSocketServer } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHostReach, hostSocketOptions } from './host-listener.js'

describe('the way to an embedding host’s own listener', () => {
  let server: Server
  let sockets: WebSocketServer
  let listener: { address: string; port: number }

  beforeAll(async () => {
    server = createServer((req, res) => res.end(JSON.stringify({ host: req.headers.host, path: req.url })))
    sockets = new WebSocketServer({ server })
    sockets.on('connection', (socket, req) => socket.send(`host ${req.headers.host ?? ''}`))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    listener = { address: '127.0.0.1', port: (server.address() as AddressInfo).port }
  })
  afterAll(async () => {
    sockets.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('sends an https address as plain HTTP to the listener, keeping its Host and path', async () => {
    const reach = createHostReach({ listener: () => listener })
    const answers: unknown[] = []
    for (let i = 0; i < 2; i++) {
      const { dispatcher } = reach.dispatchers.acquire({})
      const response = await request('https://name-that-resolves-nowhere.test/books?x=1', { dispatcher })
      answers.push(await response.body.json())
    }
    expect(answers).toEqual([
      { host: 'name-that-resolves-nowhere.test', path: '/books?x=1' },
      { host: 'name-that-resolves-nowhere.test', path: '/books?x=1' },
    ])
    await reach.dispatchers.close()
  })

  it('fails a call with upstream_unreachable while the host does not listen', async () => {
    const reach = createHostReach({ listener: () => undefined })
    const { dispatcher } = reach.dispatchers.acquire({})
    await expect(request('http://app.example.test/books', { dispatcher })).rejects.toMatchObject({
      code: 'upstream_unreachable',
      message: 'The host serving http://app.example.test is not listening yet.',
    })
    await reach.dispatchers.close()
  })

  it('opens a wss address as a plain WebSocket on the listener with its Host', async () => {
    const url = 'wss://name-that-resolves-nowhere.test/feed'
    const client = new WebSocket(
      url,
      hostSocketOptions(() => listener, url),
    )
    const first = await new Promise<string>((resolve, reject) => {
      client.once('message', (data: Buffer) => resolve(data.toString()))
      client.once('error', reject)
    })
    client.close()
    expect(first).toBe('host name-that-resolves-nowhere.test')
  })
})
