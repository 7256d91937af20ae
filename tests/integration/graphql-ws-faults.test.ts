/**
 * graphql-ws subscriptions against servers that misbehave: a handshake refused after the consumer left, a server that
 * never sends `connection_ack`, and a server that closes 1000 without `complete` (graphql-ws alone would reconnect
 * in a loop). Raw `ws` servers on 127.0.0.1 play the server; a graphql-yoga server provides the schema.
 */
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { describe, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import type { WebSocket } from 'ws'
import { WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'
import { testContext } from '../servers/rest/call-context.js'
import type { TestContextOptions } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

interface RawServer {
  url: string
  close(): Promise<void>
}

/** A graphql-transport-ws server whose behaviour after each client message the test decides. */
async function startWsServer(
  onMessage: (ws: WebSocket, message: { type: string; id?: string }) => void,
): Promise<RawServer & { connections: () => number; open: () => number }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', handleProtocols: (p) => [...p][0] ?? false })
  let connections = 0
  let open = 0
  wss.on('connection', (ws) => {
    connections++
    open++
    ws.on('close', () => open--)
    ws.on('message', (raw) => onMessage(ws, JSON.parse((raw as Buffer).toString()) as { type: string; id?: string }))
  })
  await new Promise((resolve) => wss.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(wss.address() as AddressInfo).port}/graphql`,
    connections: () => connections,
    open: () => open,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      await new Promise((resolve) => wss.close(resolve))
    },
  }
}

describe('graphql-ws subscriptions against misbehaving servers', () => {
  const setup = yogaPluginSetup()
  const stream = (serverUrl: string, options: TestContextOptions = {}) =>
    setup.plugin.invokeStream!(
      {
        target: setup.yoga.url,
        serverUrl,
        service: 'Subscription',
        method: 'ticks',
        messages: [{ subscriptionTransport: 'graphql-ws' }],
      },
      testContext(options),
    )

  it('cancelling during a handshake the server refuses later leaves no unhandled rejection behind', async () => {
    const rejections: unknown[] = []
    const onRejection = (reason: unknown): void => void rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    const upgrades: Socket[] = []
    let upgraded!: () => void
    const upgradeSeen = new Promise<void>((resolve) => (upgraded = resolve))
    const raw = createServer()
    raw.on('upgrade', (_request, socket: Socket) => {
      upgrades.push(socket)
      upgraded()
    })
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve))
    setup.servers.push({ close: () => new Promise<void>((resolve) => raw.close(() => resolve())) })
    try {
      const controller = new AbortController()
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/graphql`
      const pending = stream(url, { signal: controller.signal })
        [Symbol.asyncIterator]()
        .next()
        .catch((e: unknown) => e)
      await upgradeSeen
      controller.abort()
      expect(WorkbenchError.is(await pending, 'cancelled')).toBe(true)
      const socket = upgrades[0]!
      // The refusal arrives after the consumer left (if the socket is still there to carry it).
      if (!socket.destroyed) socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')
      await new Promise((resolve) => (socket.closed ? resolve(undefined) : socket.once('close', resolve)))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  it('cancelling before connection_ack closes the socket', async () => {
    const server = await startWsServer(() => undefined)
    setup.servers.push(server)
    const controller = new AbortController()
    const pending = stream(server.url, { signal: controller.signal })
      [Symbol.asyncIterator]()
      .next()
      .catch((e: unknown) => e)
    await vi.waitFor(() => expect(server.open()).toBe(1), { timeout: 10_000 })
    controller.abort()
    expect(WorkbenchError.is(await pending, 'cancelled')).toBe(true)
    await vi.waitFor(() => expect(server.open()).toBe(0), { timeout: 10_000 })
  })

  it('ends with DeadlineExceeded when the server never acknowledges the connection', async () => {
    const server = await startWsServer(() => undefined)
    setup.servers.push(server)
    const frames: StreamFrame[] = []
    for await (const frame of stream(server.url, { limits: { timeoutMs: 300 } })) frames.push(frame)
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'DeadlineExceeded' })
    await vi.waitFor(() => expect(server.open()).toBe(0), { timeout: 10_000 })
  })

  it('ends with the close when the server closes 1000 without complete, and does not reconnect', async () => {
    const server = await startWsServer((ws, message) => {
      if (message.type === 'connection_init') ws.send(JSON.stringify({ type: 'connection_ack' }))
      if (message.type === 'subscribe') {
        ws.send(JSON.stringify({ id: message.id, type: 'next', payload: { data: { ticks: 1 } } }))
        ws.close(1000, 'bye')
      }
    })
    setup.servers.push(server)
    const frames: StreamFrame[] = []
    for await (const frame of stream(server.url)) frames.push(frame)
    expect(frames.map((f) => f.type)).toEqual(['headers', 'message', 'end'])
    expect(frames.at(-1)).toEqual({
      type: 'end',
      status: 'Unavailable',
      message: 'Closed 1000: bye',
      details: { code: 1000, reason: 'bye' },
    })
    expect(server.connections()).toBe(1)
  })
})
