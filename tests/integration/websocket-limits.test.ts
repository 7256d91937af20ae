/**
 * WebSocket plugin bounds and address handling against real `ws` servers: the total reply size of a unary exchange,
 * pings and closes held behind unwritten bytes, a closeSend behind a full queue, fragments, secrets in messages, and
 * the guarded DNS lookup reaching `ws`.
 */
import { createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { createGuardedLookup } from '@wirebench/transport'
import { contractContext } from '../contract/protocol-contract.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'
import { failure } from '../support/workbench-failure.js'

describe('WebSocket plugin bounds', () => {
  let servers: WsServers

  beforeAll(async () => {
    servers = await startWsServers()
  })
  afterAll(async () => {
    await servers.close()
  })

  it('stops collecting unary replies once their total passes maxResponseBytes and flags the result truncated', async () => {
    const plugin = createWebSocketPlugin()
    const ctx = contractContext()
    ctx.limits = { ...ctx.limits, maxResponseBytes: 10_000 }
    const messages = Array.from({ length: 20 }, () => ({ text: 'y'.repeat(4_000) }))
    const closing = servers.nextClientClose()
    const result = await plugin.invoke(
      { target: servers.url('/echo'), service: 'echo', method: 'connect', messages },
      ctx,
    )
    expect(result.truncated).toBe(true)
    const received = (result.responses ?? []).filter(
      (entry) => typeof entry === 'object' && entry !== null && 'received' in entry,
    )
    expect(received).toHaveLength(2)
    expect(result.sizeBytes).toBe(12_000)
    expect(result.status).toBe('OK')
    expect(await closing).toMatchObject({ code: 1000 })
  })

  it('holds pings back while too many bytes are unwritten to a server that does not read', async () => {
    const plugin = createWebSocketPlugin({ maxBufferedSendBytes: 16 * 1024 })
    const channel = await plugin.openChannel!(
      { target: servers.url('/slow'), service: 'slow', method: 'connect', messages: [] },
      contractContext(),
    )
    // 200,000 pings of 125 bytes are far more than the socket buffers hold: with the bound, sending stalls.
    const total = 200_000
    let accepted = 0
    const sending = (async () => {
      for (let i = 0; i < total; i++) {
        if (!(await channel.send({ ping: 'x'.repeat(125) }))) return
        accepted++
      }
    })()
    await new Promise((resolve) => setImmediate(resolve))
    expect(accepted).toBeLessThan(total)
    await channel.dispose()
    await sending
    expect(accepted).toBeLessThan(total)
  })

  it('reads the server close after closeSend even when the unread queue has paused the socket', async () => {
    const plugin = createWebSocketPlugin({ maxQueuedFrames: 16, closeTimeoutMs: 5_000 })
    const blocked = servers.whenFloodBlocked()
    const channel = await plugin.openChannel!(
      {
        target: servers.url('/flood'),
        serverUrl: servers.url('/flood?count=20000&size=1024'),
        service: 'flood',
        method: 'connect',
        messages: [],
      },
      contractContext(),
    )
    // The server's send buffer passes 4 MiB only once the client paused reading: its close will sit behind that.
    await blocked
    const closing = servers.nextClientClose()
    await channel.closeSend()
    const frames: StreamFrame[] = []
    for await (const frame of channel.frames()) frames.push(frame)
    const end = frames.at(-1)
    expect(end).toMatchObject({ type: 'end', status: 'OK', details: { code: 1000 } })
    const dropped = (end as { details: { dropped?: number } }).details.dropped
    expect(dropped).toBeGreaterThan(0)
    expect(await closing).toMatchObject({ code: 1000 })
    let next = 0
    for (const frame of frames) {
      if (frame.type !== 'message') continue
      expect(Number(String(frame.data).split(' ', 1)[0])).toBe(next++)
    }
    await channel.dispose()
  })

  it('ignores a #fragment in the address', async () => {
    const plugin = createWebSocketPlugin()
    const services = await plugin.discover({ kind: 'url', url: `${servers.url('/echo')}#section` }, contractContext())
    expect(services).toHaveLength(1)
    const result = await plugin.invoke(
      { target: `${servers.url('/echo')}#section`, service: 'echo', method: 'connect', messages: [{ text: 'hi' }] },
      contractContext(),
    )
    expect(result).toMatchObject({ status: 'OK', response: 'hi' })
  })
})

describe('WebSocket plugin messages and lookups', () => {
  it('names only the host when a handshake times out, never credentials, path or query', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    try {
      const plugin = createWebSocketPlugin({ handshakeTimeoutMs: 300 })
      const url = `ws://alice:hunter2@127.0.0.1:${port}/feed?token=s3cr3t`
      const error = await failure(plugin.discover({ kind: 'url', url }, contractContext()))
      expect(error.code).toBe('timeout')
      expect(error.message).toContain(`127.0.0.1:${port}`)
      for (const secret of ['alice', 'hunter2', 's3cr3t', '/feed']) expect(error.message).not.toContain(secret)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it('connects through the lookup it was given: a name resolving to the metadata address is blocked_target', async () => {
    const lookup = createGuardedLookup({}, () => Promise.resolve([{ address: '169.254.169.254', family: 4 }]))
    const plugin = createWebSocketPlugin({ lookup })
    const error = await failure(plugin.discover({ kind: 'url', url: 'ws://innocent.test:9/socket' }, contractContext()))
    expect(error.code).toBe('blocked_target')
    expect(error.message).toContain('169.254.169.254')
  })
})
