/**
 * The SignalR plugin end to end against OUR hub server (written from the SignalR specs and proved with the official
 * client in signalr-fixture.test.ts): each transport × hub protocol for invoke, send, stream (with a cancel the
 * server observes) and upload; `connection` with every broadcast another client triggers; one connection reused.
 */
import { JsonHubProtocol, MessageType } from '@microsoft/signalr'
import type { HubMessage } from '@microsoft/signalr'
import { MessagePackHubProtocol } from '@microsoft/signalr-protocol-msgpack'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import type { HubServer } from '@wirebench/demo'
import { createSignalrPlugin } from '@wirebench/protocol-signalr'
import { testContext } from '../servers/rest/call-context.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'

const combos = [
  ['WebSockets', 'json'],
  ['WebSockets', 'messagepack'],
  ['ServerSentEvents', 'json'],
  ['LongPolling', 'json'],
  ['LongPolling', 'messagepack'],
] as const

let server: HubServer
let plugin: ProtocolPlugin
let hub: string

beforeAll(async () => {
  server = await startTestHubServer({ keepAliveIntervalMs: 300, longPollTimeoutMs: 2_000 })
  plugin = createSignalrPlugin()
  hub = server.url('/hubs/test')
})

afterAll(async () => {
  await plugin?.dispose?.()
  await server?.close()
})

const call = (method: string, message: Record<string, unknown>, extra: unknown[] = []): Call => ({
  target: hub,
  service: 'test',
  method,
  messages: [message, ...extra],
})

const metaOf = (frame: StreamFrame): Record<string, unknown> => (frame.type === 'message' ? (frame.meta ?? {}) : {})

async function collect(frames: AsyncIterable<StreamFrame>, stopAfter = Infinity): Promise<StreamFrame[]> {
  const seen: StreamFrame[] = []
  for await (const frame of frames) {
    seen.push(frame)
    if (seen.filter((f) => f.type === 'message').length >= stopAfter) break
  }
  return seen
}

describe('discovery', () => {
  it('lists a hub as one service with the five methods, after a GET that answers "Connection ID required"', async () => {
    const services = await plugin.discover({ kind: 'url', url: hub }, testContext())
    expect(services).toHaveLength(1)
    expect(services[0]?.name).toBe('test')
    expect(services[0]?.methods.map((m) => [m.name, m.methodType])).toEqual([
      ['invoke', 'Unary'],
      ['send', 'Unary'],
      ['stream', 'ServerStreaming'],
      ['upload', 'ClientStreaming'],
      ['connection', 'Duplex'],
    ])
    expect(services[0]?.description).toMatch(/WebSockets, ServerSentEvents, LongPolling/)
  })
})

describe.each(combos)('over %s with %s', (transport, protocol) => {
  const options = { transport, protocol }

  it('invokes, sends, and reports a hub error as a result', async () => {
    const echo = await plugin.invoke(
      call('invoke', { target: 'Echo', arguments: [{ n: 1 }], ...options }),
      testContext(),
    )
    expect(echo).toMatchObject({ status: 'OK', response: { n: 1 }, metadata: { transport, protocol } })
    const sent = await plugin.invoke(call('send', { target: 'Echo', arguments: [1], ...options }), testContext())
    expect(sent.response).toEqual({ sent: true, target: 'Echo' })
    const failed = await plugin.invoke(call('invoke', { target: 'Fail', ...options }), testContext())
    expect(failed).toMatchObject({ status: 'Unknown', statusMessage: expect.stringMatching(/always fails/) as unknown })
  })

  it('streams items and cancels with CancelInvocation, which the hub observes', async () => {
    const frames = await collect(
      plugin.invokeStream!(call('stream', { target: 'Counter', arguments: [3, 0], ...options }), testContext()),
    )
    expect(frames.filter((f) => f.type === 'message').map((f) => (f as { data: unknown }).data)).toEqual([1, 2, 3])
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })

    const before = server.endpoint('/hubs/test').stats.cancellations.length
    await collect(
      plugin.invokeStream!(call('stream', { target: 'Endless', arguments: [10], ...options }), testContext()),
      3,
    )
    await expect.poll(() => server.endpoint('/hubs/test').stats.cancellations.length).toBe(before + 1)
  })

  it('uploads items over a channel and gets the sum when the stream completes', async () => {
    const channel = await plugin.openChannel!(call('upload', { target: 'Sum', ...options }), testContext())
    for (const n of [5, 6, 7]) expect(await channel.send(n)).toBe(true)
    await channel.closeSend()
    const frames = await collect(channel.frames())
    await channel.dispose()
    expect(frames.find((f) => f.type === 'message')).toMatchObject({ data: 18 })
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    const batch = await plugin.invoke(call('upload', { target: 'Sum', ...options }, [1, 2, 3]), testContext())
    expect(batch.response).toBe(6)
  })

  it('shows every broadcast another client triggers on connection, then the close error', async () => {
    const channel = await plugin.openChannel!(
      { target: hub, service: 'test', method: 'connection', messages: [{ ...options }] },
      testContext(),
    )
    const frames = channel.frames()[Symbol.asyncIterator]()
    const seen: StreamFrame[] = []
    const next = async (): Promise<StreamFrame> => {
      const item = await frames.next()
      if (item.done === true) throw new Error('the channel ended')
      seen.push(item.value)
      return item.value
    }
    while (metaOf(await next())['state'] !== 'connected');
    await plugin.invoke(call('invoke', { target: 'Broadcast', arguments: [300, 'x'] }), testContext())
    const ticks: unknown[] = []
    while (ticks.length < 300) {
      const frame = await next()
      if (frame.type === 'message' && metaOf(frame)['target'] === 'Tick') ticks.push((frame.data as unknown[])[0])
    }
    expect(ticks).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    expect(await channel.send({ target: 'CloseWithError', arguments: ['bye now'] })).toBe(true)
    let last: StreamFrame
    do last = await next()
    while (last.type !== 'end')
    expect(
      seen.some(
        (f) =>
          f.type === 'message' && metaOf(f)['kind'] === 'close' && (f.data as { error?: string }).error === 'bye now',
      ),
    ).toBe(true)
    expect(last).toMatchObject({ status: 'Aborted', message: expect.stringMatching(/bye now/) as unknown })
    await channel.dispose()
  })
})

describe('connection lifecycle', () => {
  it('reconnects when asked, reporting the attempt, and shows the hub again afterwards', async () => {
    const channel = await plugin.openChannel!(
      { target: hub, service: 'test', method: 'connection', messages: [{ reconnect: true, transport: 'WebSockets' }] },
      testContext(),
    )
    const frames = channel.frames()[Symbol.asyncIterator]()
    const states: unknown[] = []
    const until = async (state: string): Promise<void> => {
      for (;;) {
        const next = await frames.next()
        if (next.done === true) throw new Error(`the channel ended before ${state}`)
        if (metaOf(next.value)['kind'] === 'state') states.push(next.value.type === 'message' ? next.value.data : null)
        if (metaOf(next.value)['state'] === state) return
      }
    }
    await until('connected')
    expect(await channel.send({ target: 'Drop' })).toBe(true)
    await until('reconnected')
    expect(states).toContainEqual(expect.objectContaining({ state: 'reconnecting', attempt: 1 }))
    expect(await channel.send({ target: 'Echo', arguments: ['after'] })).toBe(true)
    for (;;) {
      const next = await frames.next()
      if (next.done === true) throw new Error('no completion after the reconnect')
      if (metaOf(next.value)['kind'] === 'completion') {
        expect(next.value).toMatchObject({ data: 'after' })
        break
      }
    }
    await channel.dispose()
  })

  it('lists a pinned hub whatever its GET answers, and an unpinned one only after the GET matched', async () => {
    const odd = await startTestHubServer(
      {},
      {
        intercept: (request, response) => {
          if (request.method !== 'GET' || !(request.url ?? '').endsWith('/hubs/test')) return false
          response.writeHead(404).end()
          return true
        },
      },
    )
    try {
      const url = odd.url('/hubs/test')
      await expect(plugin.discover({ kind: 'url', url }, testContext())).rejects.toMatchObject({ code: 'no_services' })
      expect(odd.endpoint('/hubs/test').stats.negotiates).toBe(0)
      const pinned = await plugin.discover({ kind: 'url', url, pinned: true }, testContext())
      expect(pinned.map((s) => s.name)).toEqual(['test'])
    } finally {
      await odd.close()
    }
  })
})

describe('connection reuse', () => {
  it('reuses one negotiated connection across invokes with the same options', async () => {
    const stats = server.endpoint('/hubs/test').stats
    const message = {
      target: 'Echo',
      arguments: [1],
      transport: 'LongPolling',
      keepAliveIntervalMs: 5_000,
      serverTimeoutMs: 20_000,
    }
    await plugin.invoke(call('invoke', message), testContext())
    const negotiates = stats.negotiates
    for (let i = 0; i < 20; i++) await plugin.invoke(call('invoke', message), testContext())
    expect(stats.negotiates).toBe(negotiates)
  })
})

describe('sizes on the wire', () => {
  // The official client's own encoders say how many bytes each message is.
  const encoders = { json: new JsonHubProtocol(), messagepack: new MessagePackHubProtocol() }
  const sizeOf = (protocol: keyof typeof encoders, message: HubMessage): number => {
    const written = encoders[protocol].writeMessage(message)
    return typeof written === 'string' ? Buffer.byteLength(written) : written.byteLength
  }

  it.each(['messagepack', 'json'] as const)(
    'reports what invoke sent and received in %s bytes, with its content type',
    async (protocol) => {
      const result = await plugin.invoke(
        call('invoke', { target: 'Echo', arguments: [{ greeting: 'grüße' }], transport: 'WebSockets', protocol }),
        testContext(),
      )
      const sent = result.sent!
      const message = JSON.parse(sent.body!) as { type: number; invocationId: string; target: string }
      expect(message).toMatchObject({
        type: MessageType.Invocation,
        target: 'Echo',
        arguments: [{ greeting: 'grüße' }],
      })
      const type = protocol === 'json' ? 'application/json' : 'application/x-msgpack'
      expect(sent.headers).toContainEqual(['content-type', type])
      expect(result.contentType).toBe(type)
      expect(sent.bodyBytes).toBe(sizeOf(protocol, message as HubMessage))
      const completion = {
        type: MessageType.Completion,
        invocationId: message.invocationId,
        result: { greeting: 'grüße' },
      } as HubMessage
      expect(result.sizeBytes).toBe(sizeOf(protocol, completion))
      if (protocol === 'messagepack') expect(sent.bodyBytes).not.toBe(Buffer.byteLength(sent.body!))
    },
  )

  it('gives each MessagePack stream item its size, and the upload its real stream id', async () => {
    const frames = await collect(
      plugin.invokeStream!(
        call('stream', { target: 'Counter', arguments: [3, 0], transport: 'LongPolling', protocol: 'messagepack' }),
        testContext(),
      ),
    )
    const head = frames[0] as Extract<StreamFrame, { type: 'headers' }>
    const invocationId = head.metadata['invocation_id']!
    const items = frames.filter((f) => f.type === 'message')
    expect(items.map((f) => metaOf(f)['bytes'])).toEqual(
      [1, 2, 3].map((item) => sizeOf('messagepack', { type: MessageType.StreamItem, invocationId, item })),
    )
    const upload = await plugin.invoke(
      call('upload', { target: 'Sum', transport: 'WebSockets', protocol: 'messagepack' }, [1, 2]),
      testContext(),
    )
    const invocation = JSON.parse(upload.sent!.body!) as { streamIds: string[] }
    expect(invocation.streamIds).toHaveLength(1)
    expect(invocation.streamIds[0]).not.toBe('…')
    expect(upload.sent!.bodyBytes).toBe(sizeOf('messagepack', invocation as unknown as HubMessage))
  })
})
