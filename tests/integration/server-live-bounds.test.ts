/**
 * Integration tests of the live multiplexer's byte bounds and timers (`/api/ws`) against a real standalone server
 * with the in-process live fixture plugin: oversized frames, pending-send bytes, idle time while draining to a slow
 * tab, a `null` timeout, and a plugin whose `frames()` throws.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { createLiveFixture } from '../servers/live/fixture-plugin.js'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'

const target = { protocol: 'fixture', url: 'fixture://local', service: 'Live' }

describe('live byte bounds and timers', () => {
  let wb: StandaloneServer
  let url: string
  let configDir: string
  const clients: LiveClient[] = []
  const connect = async () => {
    const client = await connectLive(url, { token: wb.token })
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-live-bounds-'))
    wb = await createStandaloneServer({
      port: 0,
      configDir,
      uiDir: null,
      logLevel: false,
      plugins: [createLiveFixture().plugin],
      limits: {
        liveMaxFrameBytes: 2000,
        liveMaxPendingSendBytes: 5000,
        liveMaxMessageBytes: 4096,
        liveAckWindow: 10,
        liveIdleTimeoutMs: 400,
      },
    })
    url = liveUrl(await wb.listen())
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await wb.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('replaces a frame above the per-frame cap by one saying it was too large, keeping its seq', async () => {
    const client = await connect()
    client.send({ op: 'stream.open', id: 'b1', ...target, method: 'big', messages: [{ bytes: 5000 }] })
    const closed = await client.waitFor(isOp('closed', 'b1'))
    expect(closed.problem).toBeUndefined()
    const frames = client.frames('b1')
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4])
    expect(frames[0]!.frame).toEqual({ type: 'message', data: { i: 1 } })
    expect(frames[1]!.frame).toMatchObject({ type: 'message', meta: { truncated: true } })
    expect(JSON.stringify(frames[1]!.frame)).toContain('too large to relay live')
    expect((frames[1]!.frame as unknown as { meta: { bytes: number } }).meta.bytes).toBeGreaterThan(5000)
    expect(frames[2]!.frame).toEqual({ type: 'message', data: { i: 3 } })
    expect(frames[3]!.frame).toEqual({ type: 'end', status: 'OK' })
  })

  it('refuses a send as busy once the bytes waiting to be sent on the channel pass the bound', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 's1', ...target, method: 'stall' })
    await client.waitFor(isOp('opened', 's1'))
    const text = 'y'.repeat(2000)
    for (let ref = 1; ref <= 3; ref++) client.send({ op: 'channel.send', id: 's1', ref, message: text })
    const refused = await client.waitFor((m) => m.op === 'sent' && m.ref === 3)
    expect(refused).toMatchObject({ accepted: false, problem: { code: 'busy' } })
    // The first two (about 4 KB) are still waiting, not refused.
    expect(client.messages.filter((m) => m.op === 'sent' && m.ref < 3)).toEqual([])
    client.send({ op: 'cancel', id: 's1' })
    await client.waitFor(isOp('closed', 's1'))
  })

  it('keeps a call draining to a slowly acknowledging tab open past the idle timeout and delivers its end', async () => {
    const client = await connect()
    client.send({ op: 'stream.open', id: 'a1', ...target, method: 'count', messages: [{ n: 40 }] })
    // headers + 40 messages + end = 42 frames, 10 per ack window; 150 ms per ack, five acks outlast the 400 ms timer.
    for (let seq = 10; seq < 42; seq += 10) {
      await client.waitForFrames('a1', seq)
      await new Promise((resolve) => setTimeout(resolve, 150))
      client.send({ op: 'ack', id: 'a1', seq })
    }
    const closed = await client.waitFor(isOp('closed', 'a1'))
    expect(closed.problem).toBeUndefined()
    expect(client.frames('a1')).toHaveLength(42)
    expect(client.frames('a1').at(-1)!.frame).toEqual({ type: 'end', status: 'OK' })
  })

  it('treats timeoutMs null as no timeout given: the channel stays open for a round trip', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'n1', ...target, method: 'echo', timeoutMs: null })
    await client.waitFor(isOp('opened', 'n1'))
    client.send({ op: 'channel.send', id: 'n1', ref: 1, message: 'ping' })
    await client.waitForFrames('n1', 1)
    client.send({ op: 'channel.closeSend', id: 'n1' })
    const closed = await client.waitFor(isOp('closed', 'n1'))
    expect(closed.problem).toBeUndefined()
    expect(client.frames('n1').map((f) => f.frame)).toEqual([
      { type: 'message', data: { echo: 'ping' } },
      { type: 'end', status: 'OK' },
    ])
  })

  it('ends a channel whose frames() throws with its problem, and the server keeps serving', async () => {
    const client = await connect()
    client.send({ op: 'channel.open', id: 'f1', ...target, method: 'brokenFrames' })
    const closed = await client.waitFor(isOp('closed', 'f1'))
    expect(closed.problem).toMatchObject({ code: 'upstream_error' })
    client.send({ op: 'stream.open', id: 'f2', ...target, method: 'count', messages: [{ n: 1 }] })
    expect((await client.waitFor(isOp('closed', 'f2'))).problem).toBeUndefined()
  })
})
