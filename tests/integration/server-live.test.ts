/**
 * The live-call WebSocket (`/api/ws`) over real sockets: the standalone server on 127.0.0.1 with a fixture streaming
 * plugin (tests/servers/live), driven by the real `ws` client the way the browser drives it.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_ACK_WINDOW, LIVE_PROTOCOL } from '@wirebench/core'
import type { LiveServerMessage } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer, WorkbenchLimits } from '@wirebench/server'
import { createLiveFixture } from '../servers/live/fixture-plugin.js'
import type { LiveFixture } from '../servers/live/fixture-plugin.js'
import { connectLive, isOp, liveUrl, refusedStatus } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'

const target = { protocol: 'fixture', url: 'fixture://local', service: 'Live' }

interface Running {
  wb: StandaloneServer
  fixture: LiveFixture
  url: string
  connect(): Promise<LiveClient>
  close(): Promise<void>
}

async function start(limits: Partial<WorkbenchLimits> = {}): Promise<Running> {
  const configDir = await mkdtemp(join(tmpdir(), 'wb-live-'))
  const fixture = createLiveFixture()
  const wb = await createStandaloneServer({
    port: 0,
    configDir,
    uiDir: null,
    logLevel: false,
    plugins: [fixture.plugin],
    limits,
  })
  const url = liveUrl(await wb.listen())
  const clients: LiveClient[] = []
  return {
    wb,
    fixture,
    url,
    async connect() {
      const client = await connectLive(url, { token: wb.token })
      clients.push(client)
      return client
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()))
      await wb.close()
      await rm(configDir, { recursive: true, force: true })
    },
  }
}

/** Waits until `check` holds, re-checking as the event loop turns (no time limit of its own: the test's applies). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('live calls over /api/ws', () => {
  let run: Running
  beforeAll(async () => {
    run = await start({ liveIdleTimeoutMs: 60_000 })
  })
  afterAll(async () => {
    await run.close()
  })

  it('selects the live subprotocol and never echoes the token entry', async () => {
    const client = await run.connect()
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL)
    await client.close()
  })

  it('delivers 100k frames in order, numbered without gaps, in few WebSocket messages', async () => {
    const client = await run.connect()
    const n = 100_000
    // Ack every batch, as the browser does once it rendered it.
    client.socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage
      if (message.op === 'frames') client.send({ op: 'ack', id: 's1', seq: message.frames.at(-1)!.seq })
    })
    client.send({ op: 'stream.open', id: 's1', ...target, method: 'count', messages: [{ n }] })
    const closed = await client.waitFor(isOp('closed', 's1'))
    expect(closed.problem).toBeUndefined()
    const frames = client.frames('s1')
    expect(frames).toHaveLength(n + 2)
    expect(frames.findIndex((frame, index) => frame.seq !== index + 1)).toBe(-1)
    expect(frames[0]!.frame).toEqual({ type: 'headers', metadata: { 'x-fixture': 'count' } })
    for (let i = 1; i <= n; i++) {
      const frame = frames[i]!.frame
      if (frame.type !== 'message' || (frame.data as { i: number }).i !== i) {
        throw new Error(`frame ${i} is out of order: ${JSON.stringify(frame)}`)
      }
    }
    expect(frames.at(-1)!.frame).toEqual({ type: 'end', status: 'OK' })
    expect(frames.every((frame, index) => index === 0 || frame.at >= frames[index - 1]!.at)).toBe(true)
    const order = client.messages.filter((m) => 'id' in m && m.id === 's1').map((m) => m.op)
    expect(order[0]).toBe('opened')
    expect(order.at(-1)).toBe('closed')
    // Batched: far fewer WebSocket messages than frames.
    expect(client.received).toBeLessThan(n / 50)
    await client.close()
  })

  it('pauses the upstream when the browser stops acknowledging, and resumes on ack', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'stream.open', id: 'p1', ...target, method: 'endless', messages: [{}] })
    const record = await run.fixture.call(index)
    await client.waitForFrames('p1', LIVE_ACK_WINDOW)
    // The window went out; then the queue (10 000 by default) filled and pulling stopped.
    const bound = LIVE_ACK_WINDOW + 10_000
    await until(() => record.pulls >= bound)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(record.pulls).toBe(bound)
    expect(client.frames('p1')).toHaveLength(LIVE_ACK_WINDOW)
    expect(client.messages.some((m) => m.op === 'dropped')).toBe(false)

    client.send({ op: 'ack', id: 'p1', seq: 1000 })
    await client.waitForFrames('p1', LIVE_ACK_WINDOW + 1000)
    await until(() => record.pulls >= bound + 1000)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(record.pulls).toBe(bound + 1000)
    expect(client.frames('p1').map((f) => f.seq)).toEqual(
      Array.from({ length: LIVE_ACK_WINDOW + 1000 }, (_, i) => i + 1),
    )

    client.send({ op: 'cancel', id: 'p1' })
    const closed = await client.waitFor(isOp('closed', 'p1'))
    expect(closed.problem).toBeUndefined()
    await until(() => record.abortedWith !== undefined)
    expect(record.abortedWith).toBe('cancelled')
    await client.close()
  })

  it('cancels the upstream call on cancel and answers closed', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'stream.open', id: 'h1', ...target, method: 'hang', messages: [{}] })
    await client.waitFor(isOp('opened', 'h1'))
    const record = await run.fixture.call(index)
    client.send({ op: 'cancel', id: 'h1' })
    const closed = await client.waitFor(isOp('closed', 'h1'))
    expect(closed.problem).toBeUndefined()
    expect(record.abortedWith).toBe('cancelled')
    // A cancel crossing the `closed` is not an error.
    client.send({ op: 'cancel', id: 'h1' })
    client.send({ op: 'stream.open', id: 'h2', ...target, method: 'count', messages: [{ n: 1 }] })
    await client.waitFor(isOp('closed', 'h2'))
    expect(client.messages.some((m) => m.op === 'error')).toBe(false)
    await client.close()
  })

  it('cancels every upstream call of a socket when the socket closes', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'stream.open', id: 'a', ...target, method: 'hang', messages: [{}] })
    client.send({ op: 'channel.open', id: 'b', ...target, method: 'echo' })
    await client.waitFor(isOp('opened', 'a'))
    await client.waitFor(isOp('opened', 'b'))
    const [stream, channel] = await Promise.all([run.fixture.call(index), run.fixture.call(index + 1)])
    expect(stream.abortedWith).toBeUndefined()
    client.socket.terminate()
    await until(() => stream.abortedWith !== undefined && channel.disposed)
    expect(stream.abortedWith).toBe('cancelled')
    expect(channel.abortedWith).toBe('cancelled')
  })

  it('ends a call at its deadline with a timeout problem the upstream sees', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'stream.open', id: 't1', ...target, method: 'hang', messages: [{}], timeoutMs: 150 })
    const closed = await client.waitFor(isOp('closed', 't1'))
    expect(closed.problem).toMatchObject({ code: 'timeout', status: 504 })
    const record = await run.fixture.call(index)
    expect(record.abortedWith).toBe('timeout')
    expect(record.deadline).toBeTypeOf('number')
    await client.close()
  })

  it('runs a duplex channel: sends are answered with sent, frames come back, half-close ends it', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    // Sent before `opened` arrives, as the browser may: they wait for the channel to open, in order.
    client.send({ op: 'channel.open', id: 'c1', ...target, method: 'echo' })
    client.send({ op: 'channel.send', id: 'c1', ref: 1, message: { text: 'one' } })
    client.send({ op: 'channel.send', id: 'c1', ref: 2, message: { text: 'two' } })
    const opened = await client.waitFor(isOp('opened', 'c1'))
    expect(opened).toMatchObject({ clientStreaming: true, serverStreaming: true })
    await client.waitFor((m) => m.op === 'sent' && m.ref === 2)
    const sent = client.messages.filter((m) => m.op === 'sent')
    expect(sent).toEqual([
      { op: 'sent', id: 'c1', ref: 1, accepted: true },
      { op: 'sent', id: 'c1', ref: 2, accepted: true },
    ])
    client.send({ op: 'channel.closeSend', id: 'c1' })
    const closed = await client.waitFor(isOp('closed', 'c1'))
    expect(closed.problem).toBeUndefined()
    expect(client.frames('c1').map((f) => f.frame)).toEqual([
      { type: 'message', data: { echo: { text: 'one' } } },
      { type: 'message', data: { echo: { text: 'two' } } },
      { type: 'end', status: 'OK' },
    ])
    const record = await run.fixture.call(index)
    expect(record.sent).toEqual([{ text: 'one' }, { text: 'two' }])
    await until(() => record.disposed)
    // A send to the closed call is answered, not silently lost.
    client.send({ op: 'channel.send', id: 'c1', ref: 3, message: {} })
    const error = await client.waitFor(isOp('error', 'c1'))
    expect(error.problem.code).toBe('not_found')
    await client.close()
  })

  it('answers a send the channel refuses with sent accepted:false and the problem', async () => {
    const client = await run.connect()
    client.send({ op: 'channel.open', id: 'r1', ...target, method: 'refuse' })
    client.send({ op: 'channel.send', id: 'r1', ref: 7, message: 'x' })
    const sent = await client.waitFor(isOp('sent', 'r1'))
    expect(sent).toMatchObject({ ref: 7, accepted: false, problem: { code: 'invalid_request' } })
    client.send({ op: 'cancel', id: 'r1' })
    await client.waitFor(isOp('closed', 'r1'))
    await client.close()
  })

  it('splits metadata into headers and markers exactly as /api/invoke does', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    const metadata = { 'x-note': 'n1', __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'v' }) }
    client.send({ op: 'stream.open', id: 'm1', ...target, method: 'count', messages: [{ n: 1 }], metadata })
    await client.waitFor(isOp('closed', 'm1'))
    const record = await run.fixture.call(index)
    expect(record.metadata).toEqual({ 'x-note': 'n1' })
    expect(record.markerKeys).toEqual(['apiKeyQuery'])
    // A malformed marker is the caller's error, reported on the call.
    client.send({
      op: 'stream.open',
      id: 'm2',
      ...target,
      method: 'count',
      messages: [{}],
      metadata: { __workbenchMtls__: 'not json' },
    })
    const closed = await client.waitFor(isOp('closed', 'm2'))
    expect(closed.problem).toMatchObject({ code: 'invalid_request' })
    await client.close()
  })

  it('reports plugin failures as closed problems, internal ones without their text', async () => {
    const client = await run.connect()
    client.send({ op: 'stream.open', id: 'f1', ...target, method: 'fail', messages: [{}] })
    client.send({ op: 'stream.open', id: 'f2', ...target, method: 'crash', messages: [{}] })
    client.send({ op: 'channel.open', id: 'f3', ...target, method: 'unopenable' })
    client.send({ op: 'stream.open', id: 'f4', ...target, protocol: 'nope', method: 'count', messages: [{}] })
    client.send({
      op: 'stream.open',
      id: 'f5',
      ...target,
      method: 'count',
      messages: [{}],
      serverUrl: 'http://169.254.169.254/latest',
    })
    const f1 = await client.waitFor(isOp('closed', 'f1'))
    expect(f1.problem).toMatchObject({ code: 'upstream_error', detail: 'The fixture stream broke after one message.' })
    expect(client.frames('f1').map((f) => f.frame)).toEqual([{ type: 'message', data: { i: 1 } }])
    const f2 = await client.waitFor(isOp('closed', 'f2'))
    expect(f2.problem).toMatchObject({ code: 'internal', status: 500 })
    expect(JSON.stringify(client.messages)).not.toContain('SECRET-CRASH-TEXT')
    expect((await client.waitFor(isOp('closed', 'f3'))).problem).toMatchObject({ code: 'upstream_unreachable' })
    expect((await client.waitFor(isOp('closed', 'f4'))).problem).toMatchObject({ code: 'no_plugin' })
    expect((await client.waitFor(isOp('closed', 'f5'))).problem).toMatchObject({ code: 'blocked_target' })
    // A cancel crossing the `closed` of a call that failed to open is not an error either.
    client.send({ op: 'cancel', id: 'f4' })
    client.send({ op: 'stream.open', id: 'f6', ...target, method: 'count', messages: [{ n: 1 }] })
    await client.waitFor(isOp('closed', 'f6'))
    expect(client.messages.filter((m) => m.op === 'error')).toEqual([])
    await client.close()
  })

  it('answers bad input with error problems and keeps the socket up', async () => {
    const client = await run.connect()
    client.sendRaw('{not json')
    client.send({ op: 'subscribe', id: 'x' })
    client.send({ op: 'ack', id: 'ghost', seq: 1 })
    client.send({ op: 'stream.open', id: 'v1', ...target, method: 'count' })
    client.send({ op: 'channel.open', id: 'v2', ...target, method: 'echo', extra: true })
    client.sendRaw(Buffer.from([1, 2, 3]))
    await until(() => client.messages.filter((m) => m.op === 'error').length >= 6)
    const errors = client.messages.filter((m) => m.op === 'error')
    expect(errors.map((e) => e.problem.code)).toEqual([
      'invalid_request',
      'invalid_request',
      'not_found',
      'invalid_request',
      'invalid_request',
      'invalid_request',
    ])
    expect(errors[0]!.problem.detail).toBe('The live message is not valid JSON.')
    expect(errors[1]).toMatchObject({ id: 'x', problem: { detail: 'Unknown live op "subscribe".' } })
    expect(errors[2]!.id).toBe('ghost')
    expect(errors[3]).toMatchObject({
      id: 'v1',
      problem: { detail: "Invalid stream.open message: the message must have required property 'messages'." },
    })
    expect(errors[4]!.problem.detail).toContain('unknown field "extra"')
    // Still up: a call works afterwards.
    client.send({ op: 'stream.open', id: 'ok', ...target, method: 'count', messages: [{ n: 2 }] })
    expect((await client.waitFor(isOp('closed', 'ok'))).problem).toBeUndefined()
    await client.close()
  })

  it('refuses a second call with an id already open', async () => {
    const client = await run.connect()
    client.send({ op: 'stream.open', id: 'd', ...target, method: 'hang', messages: [{}] })
    client.send({ op: 'stream.open', id: 'd', ...target, method: 'hang', messages: [{}] })
    const error = await client.waitFor(isOp('error', 'd'))
    expect(error.problem.code).toBe('conflict')
    await client.close()
  })
})

describe('live queues under drop-oldest', () => {
  const queueFrames = LIVE_ACK_WINDOW + 1000
  let run: Running
  beforeAll(async () => {
    // An idle timeout far beyond the test: the stream waits for the test's ack, and a busy machine may stall it a while.
    // A queue at least as deep as the ack window: however the pump and the outbox's flushes interleave (a busy
    // machine changes that), the window fills before the stream ends and the queue ends full, so the counts are exact.
    run = await start({ liveIdleTimeoutMs: 60_000, liveMaxQueuedFrames: queueFrames })
  })
  afterAll(async () => {
    await run.close()
  })

  it('drops the oldest queued frames under drop-oldest and reports the total', async () => {
    const client = await run.connect()
    const n = 30_000
    client.send({ op: 'stream.open', id: 'd1', ...target, method: 'count', messages: [{ n }], overflow: 'drop-oldest' })
    await client.waitForFrames('d1', LIVE_ACK_WINDOW)
    // headers + n messages + end; the window took 8192 of them, the queue keeps the newest messages and the end.
    const total = n + 2
    const expectedDropped = total - LIVE_ACK_WINDOW - queueFrames - 1
    // A call that closed early (it should not) fails here instead of leaving the wait to the test's time limit.
    const reported = await client.waitFor(
      (m) => (m.op === 'dropped' && m.total === expectedDropped) || isOp('closed', 'd1')(m),
    )
    expect(reported).toMatchObject({ op: 'dropped', total: expectedDropped })
    expect(client.frames('d1')).toHaveLength(LIVE_ACK_WINDOW)
    // The rest takes more than one window: ack each window as it arrives until the call closes.
    let acked = 0
    while (!client.messages.some(isOp('closed', 'd1'))) {
      const received = client.frames('d1').length
      if (received > acked) {
        acked = received
        client.send({ op: 'ack', id: 'd1', seq: acked })
      }
      await client.waitFor((m) => isOp('closed', 'd1')(m) || client.frames('d1').length > acked)
    }
    const closed = await client.waitFor(isOp('closed', 'd1'))
    expect(closed.problem).toBeUndefined()
    const frames = client.frames('d1')
    expect(frames).toHaveLength(LIVE_ACK_WINDOW + queueFrames + 1)
    expect(frames.findIndex((frame, index) => frame.seq !== index + 1)).toBe(-1)
    const kept = frames.slice(LIVE_ACK_WINDOW, -1).map((f) => (f.frame as { data: { i: number } }).data.i)
    expect(kept[0]).toBe(n - queueFrames + 1)
    expect(kept.at(-1)).toBe(n)
    expect(frames.at(-1)!.frame).toEqual({ type: 'end', status: 'OK' })
    // The running totals only grow, and the last one is the final count.
    const totals = client.messages.filter((m) => m.op === 'dropped').map((m) => m.total)
    expect(totals).toEqual([...totals].sort((a, b) => a - b))
    expect(totals.at(-1)).toBe(expectedDropped)
    await client.close()
  })
})

describe('live limits', () => {
  let run: Running
  beforeAll(async () => {
    run = await start({
      liveMaxCallsPerSocket: 2,
      liveMaxMessageBytes: 4096,
      liveIdleTimeoutMs: 400,
      liveMaxQueuedFrames: 1000,
      liveMaxSockets: 2,
    })
  })
  afterAll(async () => {
    await run.close()
  })

  it('closes an idle channel with a clear problem, and activity keeps it open', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'channel.open', id: 'i1', ...target, method: 'collect' })
    await client.waitFor(isOp('opened', 'i1'))
    // Messages every 150 ms keep a 400 ms idle timer from firing.
    for (let ref = 1; ref <= 4; ref++) {
      client.send({ op: 'channel.send', id: 'i1', ref, message: { ref } })
      await new Promise((resolve) => setTimeout(resolve, 150))
    }
    expect(client.messages.some((m) => m.op === 'closed')).toBe(false)
    const closed = await client.waitFor(isOp('closed', 'i1'))
    expect(closed.problem).toMatchObject({ code: 'timeout' })
    expect(closed.problem?.detail).toContain('idle')
    const record = await run.fixture.call(index)
    expect(record.sent).toHaveLength(4)
    expect(record.abortedWith).toBe('timeout')
    await until(() => record.disposed)
    await client.close()
  })

  it('refuses calls beyond the per-socket limit with an error problem', async () => {
    const client = await run.connect()
    for (const id of ['l1', 'l2', 'l3']) {
      client.send({ op: 'stream.open', id, ...target, method: 'hang', messages: [{}], timeoutMs: 30_000 })
    }
    const error = await client.waitFor(isOp('error', 'l3'))
    expect(error.problem).toMatchObject({ code: 'conflict' })
    expect(error.problem.detail).toContain('At most 2')
    client.send({ op: 'cancel', id: 'l1' })
    await client.waitFor(isOp('closed', 'l1'))
    client.send({ op: 'stream.open', id: 'l3', ...target, method: 'count', messages: [{ n: 1 }] })
    expect((await client.waitFor(isOp('closed', 'l3'))).problem).toBeUndefined()
    await client.close()
  })

  it('closes the socket (1009) on a message over the size limit and cancels its calls', async () => {
    const client = await run.connect()
    const index = run.fixture.calls.length
    client.send({ op: 'stream.open', id: 'big', ...target, method: 'hang', messages: [{}], timeoutMs: 30_000 })
    await client.waitFor(isOp('opened', 'big'))
    const record = await run.fixture.call(index)
    client.send({ op: 'channel.send', id: 'big', ref: 1, message: 'x'.repeat(8192) })
    const { code } = await client.closed
    expect(code).toBe(1009)
    await until(() => record.abortedWith !== undefined)
    expect(record.abortedWith).toBe('cancelled')
  })

  it('refuses more live connections than the limit with 503 before upgrading', async () => {
    // Sockets of the earlier tests may still be closing on the server side: retry until two are accepted.
    const open: LiveClient[] = []
    while (open.length < 2) {
      const client = await run.connect().catch(() => undefined)
      if (client) open.push(client)
      else await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const refused = await refusedStatus(run.url, { token: run.wb.token })
    expect(refused).toBe(503)
    await open[0]!.close()
    // A slot frees up once a socket closed.
    let third: LiveClient | undefined
    while (!third) {
      third = await run.connect().catch(() => undefined)
      if (!third) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await Promise.all([open[1]!.close(), third.close()])
  })
})

describe('live sockets at shutdown', () => {
  it('cancels open calls and closes the sockets (1001) when the server closes', async () => {
    const run = await start()
    const client = await run.connect()
    client.send({ op: 'stream.open', id: 'z', ...target, method: 'hang', messages: [{}] })
    await client.waitFor(isOp('opened', 'z'))
    const record = await run.fixture.call(0)
    await run.wb.close()
    expect(record.abortedWith).toBe('cancelled')
    expect((await client.closed).code).toBe(1001)
    await run.close()
  })
})
