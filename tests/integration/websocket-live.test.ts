/**
 * Live WebSocket channels through the workbench's own `/api/ws`, end to end: the standalone server with its default
 * plugins, real `ws` target servers and the real `ws` client in the browser's place.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { isOp } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'
import { liveWorkbench } from '../servers/live/live-workbench.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'

describe('live WebSocket channels over /api/ws', () => {
  let servers: WsServers
  // A small pending-send bound, so a target that stops reading makes the workbench answer busy soon.
  const workbench = liveWorkbench({ limits: { liveMaxPendingSendBytes: 2 * 1024 * 1024 } })
  const connect = () => workbench.connect()
  const target = (path: string) => ({
    protocol: 'websocket',
    url: servers.url(path),
    service: path.split('/').filter(Boolean).at(-1)!,
    method: 'connect',
  })
  const framesOf = (client: LiveClient, id: string): StreamFrame[] => client.frames(id).map((f) => f.frame)

  beforeAll(async () => {
    servers = await startWsServers()
  })
  afterAll(async () => {
    await servers?.close()
  })

  it('lists a ws:// address in the discovery fan-out under the websocket plugin', async () => {
    const body = await workbench.discover([servers.url('/echo')])
    expect(body.services.map((s) => [s.protocol, s.name])).toEqual([['websocket', 'echo']])
    expect(body.attempts.find((a) => a.pluginId === 'websocket')).toMatchObject({ outcome: 'ok', servicesFound: 1 })
  })

  it('runs a chat: subprotocol negotiated, text and binary echoed, half-close ends it normally', async () => {
    const client = await connect()
    client.send({
      op: 'channel.open',
      id: 'c',
      ...target('/chat'),
      metadata: { 'Sec-WebSocket-Protocol': 'chat.v2' },
    })
    expect(await client.waitFor(isOp('opened', 'c'))).toMatchObject({ clientStreaming: true, serverStreaming: true })
    client.send({ op: 'channel.send', id: 'c', ref: 1, message: { text: '{"hello":"world"}' } })
    client.send({ op: 'channel.send', id: 'c', ref: 2, message: { binary: 'AAEC' } })
    expect(await client.waitFor((m) => m.op === 'sent' && m.id === 'c' && m.ref === 2)).toMatchObject({
      accepted: true,
    })
    await client.waitForFrames('c', 3)
    client.send({ op: 'channel.closeSend', id: 'c' })
    expect((await client.waitFor(isOp('closed', 'c'))).problem).toBeUndefined()
    const frames = framesOf(client, 'c')
    expect(frames[0]).toMatchObject({ type: 'headers', metadata: { 'sec-websocket-protocol': 'chat.v2' } })
    expect(frames.slice(1, 3)).toEqual([
      { type: 'message', data: { hello: 'world' }, meta: { opcode: 'text', bytes: 17 } },
      { type: 'message', data: null, binary: 'AAEC', meta: { opcode: 'binary', bytes: 3 } },
    ])
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('relays a server close code as the end frame, not as a problem', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'b', ...target('/binary-bye') })
    expect((await client.waitFor(isOp('closed', 'b'))).problem).toBeUndefined()
    const frames = framesOf(client, 'b')
    expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
    expect(frames.at(-1)).toEqual({
      type: 'end',
      status: 'Unknown',
      message: 'Closed 4001: bye',
      details: { code: 4001, reason: 'bye' },
    })
  })

  it('closes a channel whose upgrade is refused with a problem naming the HTTP status', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'r', ...target('/forbidden') })
    const closed = await client.waitFor(isOp('closed', 'r'))
    expect(closed.problem).toMatchObject({ code: 'upstream_error' })
    expect(JSON.stringify(closed.problem)).toContain('HTTP 403')
  })

  it('answers busy once a target that stops reading leaves too many bytes waiting to be sent', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 's', ...target('/slow') })
    await client.waitFor(isOp('opened', 's'))
    const chunk = 'x'.repeat(512 * 1024)
    const total = 64
    for (let ref = 1; ref <= total; ref++) {
      client.send({ op: 'channel.send', id: 's', ref, message: { text: chunk } })
    }
    const refused = await client.waitFor(
      (m) => m.op === 'sent' && m.id === 's' && !m.accepted && m.problem?.code === 'busy',
    )
    expect(refused).toMatchObject({ accepted: false })
    client.send({ op: 'cancel', id: 's' })
    await client.waitFor(isOp('closed', 's'))
  })

  it('closes the upstream WebSocket when the browser cancels', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'x', ...target('/echo') })
    await client.waitFor(isOp('opened', 'x'))
    const closing = servers.nextClientClose()
    client.send({ op: 'cancel', id: 'x' })
    await client.waitFor(isOp('closed', 'x'))
    expect((await closing).code).toBe(1006)
  })
})
