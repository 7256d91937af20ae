/**
 * Live gRPC calls through `/api/ws` end to end: the standalone server with its default plugins, a real @grpc/grpc-js
 * server (tests/servers/grpc) and the real `ws` client — a server stream, a bidi channel, cancellation and HTTP/2 flow
 * control reaching the target when the browser stops acknowledging.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'

const service = 'wbtest.v1.Lab'

describe('live gRPC calls over /api/ws', () => {
  let lab: LabServer
  let wb: StandaloneServer
  let configDir: string
  let url: string
  const clients: LiveClient[] = []
  const target = () => ({ protocol: 'grpc', url: lab.url, service })
  const connect = async () => {
    const client = await connectLive(url, { token: wb.token })
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    lab = await startLabServer()
    configDir = await mkdtemp(join(tmpdir(), 'wb-live-grpc-'))
    // A small ack window and queue, so the pause test reaches the target's flow control after few frames.
    wb = await createStandaloneServer({
      port: 0,
      configDir,
      uiDir: null,
      logLevel: false,
      limits: { liveMaxQueuedFrames: 100, liveAckWindow: 64 },
    })
    const base = await wb.listen()
    url = liveUrl(base)
    const discovered = await fetch(`${base}/api/discover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
      body: JSON.stringify({ urls: [`grpc@${lab.url}`] }),
    })
    expect(discovered.status).toBe(200)
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await wb.close()
    await lab.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const messagesOf = (frames: StreamFrame[]) =>
    frames.flatMap((frame) => (frame.type === 'message' ? [frame.data as Record<string, unknown>] : []))

  it('streams a server-streaming call in order and ends it with its status', async () => {
    const client = await connect()
    client.send({ op: 'stream.open', id: 's', ...target(), method: 'Count', messages: [{ count: 50 }] })
    const opened = await client.waitFor(isOp('opened', 's'))
    expect(opened).toMatchObject({ clientStreaming: false, serverStreaming: true })
    const closed = await client.waitFor(isOp('closed', 's'))
    expect(closed.problem).toBeUndefined()
    const frames = client.frames('s')
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1))
    const replies = messagesOf(frames.map((f) => f.frame))
    expect(replies.map((reply) => (reply.index as number | undefined) ?? 0)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    )
    expect(frames.at(-1)!.frame).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('reports a failing stream as an end frame with the gRPC status, not as a problem', async () => {
    const client = await connect()
    client.send({ op: 'stream.open', id: 'f', ...target(), method: 'Count', messages: [{ count: 2, failCode: 9 }] })
    const closed = await client.waitFor(isOp('closed', 'f'))
    expect(closed.problem).toBeUndefined()
    expect(client.frames('f').at(-1)!.frame).toMatchObject({ type: 'end', status: 'FailedPrecondition' })
  })

  it('runs a bidi channel: each message echoed while open, half-close ends it', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'c', ...target(), method: 'Chat' })
    const opened = await client.waitFor(isOp('opened', 'c'))
    expect(opened).toMatchObject({ clientStreaming: true, serverStreaming: true })
    for (let seq = 1; seq <= 3; seq++) {
      client.send({ op: 'channel.send', id: 'c', ref: seq, message: { text: `m${seq}`, seq } })
      const sent = await client.waitFor((m) => m.op === 'sent' && m.id === 'c' && m.ref === seq)
      expect(sent).toMatchObject({ accepted: true })
      // The echo arrives while the channel is still open for sending.
      await client.waitFor(() => messagesOf(client.frames('c').map((f) => f.frame)).length >= seq)
    }
    client.send({ op: 'channel.closeSend', id: 'c' })
    const closed = await client.waitFor(isOp('closed', 'c'))
    expect(closed.problem).toBeUndefined()
    const frames = client.frames('c').map((f) => f.frame)
    expect(messagesOf(frames)).toEqual([
      { text: 'echo: m1', seq: 1 },
      { text: 'echo: m2', seq: 2 },
      { text: 'echo: m3', seq: 3 },
    ])
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('cancels the gRPC call on cancel, and the server sees it', async () => {
    const client = await connect()
    const cancelled = lab.whenCancelled('Count')
    client.send({ op: 'stream.open', id: 'x', ...target(), method: 'Count', messages: [{ count: 1000, delayMs: 20 }] })
    await client.waitForFrames('x', 3)
    client.send({ op: 'cancel', id: 'x' })
    expect((await client.waitFor(isOp('closed', 'x'))).problem).toBeUndefined()
    await cancelled
  })

  it('cancels open gRPC channels when the socket closes', async () => {
    const client = await connect()
    const cancelled = lab.whenCancelled('Chat')
    client.send({ op: 'channel.open', id: 'k', ...target(), method: 'Chat' })
    await client.waitFor(isOp('opened', 'k'))
    client.socket.terminate()
    await cancelled
  })

  it('pushes back on the gRPC server when the browser stops acknowledging (pause)', async () => {
    const client = await connect()
    const blocked = lab.whenCountBlocked()
    client.send({ op: 'stream.open', id: 'p', ...target(), method: 'Count', messages: [{ count: 1_000_000 }] })
    // The server's writes stop being accepted: the workbench stopped reading, and HTTP/2 flow control reached it.
    const sentWhenBlocked = await blocked
    expect(sentWhenBlocked).toBeLessThan(1_000_000)
    expect(client.frames('p')).toHaveLength(64)
    client.send({ op: 'cancel', id: 'p' })
    await client.waitFor(isOp('closed', 'p'))
  })
})
