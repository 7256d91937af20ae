/**
 * Back-pressure on a WebSocket channel: a server flooding a consumer that does not pull is pushed back by TCP (the
 * plugin pauses the socket at its queue bound instead of buffering), and every message still arrives, in order, once
 * the consumer reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { contractContext } from '../contract/protocol-contract.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'

describe('WebSocket back-pressure', () => {
  let servers: WsServers

  beforeAll(async () => {
    servers = await startWsServers()
  })
  afterAll(async () => {
    await servers.close()
  })

  it('pauses a flooding server while the consumer does not pull, then delivers every message in order', async () => {
    const count = 20_000
    const size = 4_096
    const plugin = createWebSocketPlugin({ maxQueuedFrames: 64 })
    const blocked = servers.whenFloodBlocked()
    const channel = await plugin.openChannel!(
      {
        target: servers.url('/flood'),
        serverUrl: servers.url(`/flood?count=${count}&size=${size}`),
        service: 'flood',
        method: 'connect',
        messages: [],
      },
      contractContext(),
    )
    // Nothing pulls yet: the server's send buffer passes 4 MiB only if the plugin stopped reading the socket.
    const { sentWhenBlocked } = await blocked
    expect(sentWhenBlocked).toBeLessThan(count)

    let next = 0
    let outOfOrder = 0
    for await (const frame of channel.frames()) {
      if (frame.type !== 'message') continue
      const index = Number(String(frame.data).split(' ', 1)[0])
      if (index !== next) outOfOrder++
      next++
      if (next === count) break
    }
    expect(next).toBe(count)
    expect(outOfOrder).toBe(0)
    await channel.dispose()
  })

  it('closes a unary exchange normally even when the server keeps sending past the queue bound', async () => {
    const plugin = createWebSocketPlugin({ maxQueuedFrames: 16, closeTimeoutMs: 20_000 })
    const result = await plugin.invoke(
      {
        target: servers.url('/flood'),
        serverUrl: servers.url('/flood?count=5000&size=1024'),
        service: 'flood',
        method: 'connect',
        messages: [],
      },
      contractContext(),
    )
    // The server's close frame sits behind what it flooded: it is read only because closing drains the queue (what
    // still fits the queue is in the transcript, the rest is dropped).
    expect(result.status).toBe('OK')
    expect((result.responses ?? []).every((entry) => Object.keys(entry as object).join() === 'received')).toBe(true)
    expect(result.trailers).toEqual({ 'close-code': '1000' })
  })
})
