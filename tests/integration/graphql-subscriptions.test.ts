/**
 * GraphQL subscriptions against graphql-yoga: graphql-ws, graphql-sse, auto falling back to graphql-sse on a server
 * without WebSockets, an error mid-way, cancellation reaching the resolver, headers and the API key on the upgrade,
 * and the bounded event queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../servers/rest/call-context.js'
import type { TestContextOptions } from '../servers/rest/call-context.js'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'

type Frames = StreamFrame[]

async function collect(frames: AsyncIterable<StreamFrame>): Promise<Frames> {
  const out: Frames = []
  for await (const frame of frames) out.push(frame)
  return out
}

const messages = (frames: Frames) => frames.filter((f) => f.type === 'message')
const headers = (frames: Frames) => frames.find((f) => f.type === 'headers') as { metadata: Record<string, string> }
const end = (frames: Frames) => frames.at(-1) as Extract<StreamFrame, { type: 'end' }>

describe('GraphQL subscriptions (graphql-yoga with graphql-ws and graphql-sse)', () => {
  let yoga: YogaServer
  let sseOnly: YogaServer
  let plugin: ProtocolPlugin
  const stream = (url: string, method: string, message: unknown, options: TestContextOptions = {}) =>
    plugin.invokeStream!({ target: url, service: 'Subscription', method, messages: [message] }, testContext(options))

  beforeAll(async () => {
    yoga = await startYogaServer()
    sseOnly = await startYogaServer({ sseOnly: true })
    plugin = createGraphqlPlugin()
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await yoga.close()
    await sseOnly.close()
  })

  for (const transport of ['graphql-ws', 'graphql-sse'] as const) {
    it(`streams every event over ${transport}, then one OK end`, async () => {
      const frames = await collect(
        stream(yoga.url, 'countdown', { variables: { from: 3 }, subscriptionTransport: transport }),
      )
      expect(frames[0]?.type).toBe('headers')
      expect(headers(frames).metadata['x-wirebench-transport']).toBe(transport)
      expect(messages(frames).map((f) => f.type === 'message' && f.data)).toEqual(
        [3, 2, 1, 0].map((countdown) => ({ data: { countdown } })),
      )
      expect(messages(frames).every((f) => f.type === 'message' && f.meta?.transport === transport)).toBe(true)
      expect(end(frames)).toMatchObject({ type: 'end', status: 'OK' })
    })

    it(`ends with the server's error when the source fails mid-way over ${transport}`, async () => {
      const frames = await collect(
        stream(yoga.url, 'failing', { variables: { after: 2 }, subscriptionTransport: transport }),
      )
      const events = messages(frames).map((f) => (f.type === 'message' ? f.data : undefined))
      expect(events.slice(0, 2)).toEqual([{ data: { failing: 0 } }, { data: { failing: 1 } }])
      // The failure arrives as an execution result with errors (yoga) and then the end.
      if (transport === 'graphql-ws') {
        // graphql-ws: the server answers an `error` message, which ends the stream with its errors.
        expect(end(frames)).toMatchObject({ status: 'Unknown', message: 'The source failed mid-way.' })
        expect(JSON.stringify(end(frames).details)).toContain('SOURCE_FAILED')
      } else {
        // graphql-sse (yoga): a last execution result carrying the errors, then `complete`.
        expect(events.at(-1)).toMatchObject({ errors: [{ message: 'The source failed mid-way.' }] })
        expect(end(frames).status).toBe('OK')
      }
      expect(frames.filter((f) => f.type === 'end')).toHaveLength(1)
    })

    it(`stops the server's resolver when the consumer leaves over ${transport}`, async () => {
      const before = yoga.closedSubscriptions().filter((f) => f === 'ticks').length
      const iterator = stream(yoga.url, 'ticks', { subscriptionTransport: transport })[Symbol.asyncIterator]()
      let next = await iterator.next()
      while (!next.done && next.value.type !== 'message') next = await iterator.next()
      expect(next.value).toMatchObject({ type: 'message', data: { data: { ticks: 0 } } })
      await iterator.return?.(undefined)
      await yoga.whenSubscriptionClosed('ticks', before + 1)
    })

    it(`sends metadata headers and the API key on the ${transport} request`, async () => {
      const frames = await collect(
        stream(
          yoga.url,
          'echoHeaders',
          { subscriptionTransport: transport },
          {
            metadata: {
              authorization: 'Bearer sub-1',
              __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k-sub' }),
            },
          },
        ),
      )
      const event = messages(frames)[0]
      const echoed = (event?.type === 'message' ? event.data : undefined) as {
        data: { echoHeaders: { headers: Record<string, string>; url: string } }
      }
      expect(echoed.data.echoHeaders.headers.authorization).toBe('Bearer sub-1')
      expect(echoed.data.echoHeaders.url).toContain('api_key=k-sub')
      expect(JSON.stringify(echoed)).not.toContain('__workbench')
      if (transport === 'graphql-ws') {
        expect(yoga.lastUpgrade()?.headers.authorization).toBe('Bearer sub-1')
        expect(headers(frames).metadata['sec-websocket-protocol']).toBe('graphql-transport-ws')
      }
    })
  }

  it('auto uses graphql-ws where the server offers it', async () => {
    const frames = await collect(stream(yoga.url, 'countdown', { variables: { from: 1 } }))
    expect(headers(frames).metadata['x-wirebench-transport']).toBe('graphql-ws')
    expect(messages(frames)).toHaveLength(2)
  })

  it('auto falls back to graphql-sse when the server refuses the upgrade, and says so', async () => {
    const frames = await collect(stream(sseOnly.url, 'countdown', { variables: { from: 2 } }))
    expect(headers(frames).metadata['x-wirebench-transport']).toBe('graphql-sse')
    expect(headers(frames).metadata['x-wirebench-transport-note']).toContain('fell back to graphql-sse')
    expect(messages(frames)).toHaveLength(3)
    expect(end(frames).status).toBe('OK')
  })

  it('auto falls back to graphql-sse when the upgrade succeeds without the graphql-transport-ws subprotocol', async () => {
    const other = await startYogaServer({ noSubprotocol: true })
    try {
      const frames = await collect(stream(other.url, 'countdown', { variables: { from: 1 } }))
      expect(headers(frames).metadata['x-wirebench-transport']).toBe('graphql-sse')
      expect(headers(frames).metadata['x-wirebench-transport-note']).toContain('subprotocol')
      expect(messages(frames)).toHaveLength(2)
    } finally {
      await other.close()
    }
  })

  it('forcing graphql-ws on a server without it ends naming each address tried and its refused upgrade', async () => {
    const frames = await collect(
      stream(sseOnly.url, 'countdown', { variables: { from: 1 }, subscriptionTransport: 'graphql-ws' }),
    )
    expect(end(frames)).toMatchObject({ type: 'end', status: 'Unavailable' })
    const wsUrl = sseOnly.url.replace(/^http/, 'ws')
    const lines = (end(frames) as { message: string }).message.split('\n')
    expect(lines.some((line) => line.startsWith(`graphql-ws ${wsUrl}: it answered the upgrade with HTTP`))).toBe(true)
    expect(lines.some((line) => /\/subscriptions: it answered the upgrade with HTTP/.test(line))).toBe(true)
  })

  it('ends with the validation errors of a bad subscription document', async () => {
    const frames = await collect(
      stream(yoga.url, 'countdown', { query: 'subscription { nope }', subscriptionTransport: 'graphql-ws' }),
    )
    expect(end(frames)).toMatchObject({ type: 'end', status: 'InvalidArgument' })
  })

  it('chooses graphql-sse under auto when the call uses a cookie jar, and refuses a forced graphql-ws', async () => {
    const cookies = { metadata: { __workbenchCookieEnv__: 'env-1' } }
    const frames = await collect(stream(yoga.url, 'countdown', { variables: { from: 1 } }, cookies))
    expect(headers(frames).metadata['x-wirebench-transport']).toBe('graphql-sse')
    expect(headers(frames).metadata['x-wirebench-transport-note']).toContain('cookie jar')
    const error = await collect(
      stream(yoga.url, 'countdown', { variables: { from: 1 }, subscriptionTransport: 'graphql-ws' }, cookies),
    ).catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'unsupported')).toBe(true)
  })

  it('ends a graphql-sse subscription the server refuses with the HTTP status mapped', async () => {
    await plugin.discover({ kind: 'url', url: yoga.url }, testContext())
    const frames = await collect(
      plugin.invokeStream!(
        {
          target: yoga.url,
          serverUrl: yoga.url.replace('/graphql', '/elsewhere'),
          service: 'Subscription',
          method: 'countdown',
          messages: [{ variables: { from: 1 }, subscriptionTransport: 'graphql-sse' }],
        },
        testContext(),
      ),
    )
    expect(messages(frames)).toHaveLength(0)
    expect(end(frames)).toMatchObject({ type: 'end', status: 'NotFound', details: { http_status: 404 } })
  })

  it('stops when the signal fires, reporting cancelled, and the resolver returns', async () => {
    const before = yoga.closedSubscriptions().filter((f) => f === 'ticks').length
    const controller = new AbortController()
    const frames: Frames = []
    const error = await (async () => {
      for await (const frame of stream(yoga.url, 'ticks', {}, { signal: controller.signal })) {
        frames.push(frame)
        if (frame.type === 'message') controller.abort()
      }
    })().catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'cancelled')).toBe(true)
    await yoga.whenSubscriptionClosed('ticks', before + 1)
  })

  for (const transport of ['graphql-ws', 'graphql-sse'] as const) {
    it(`pushes back on the server when nobody reads over ${transport}: no event is lost and the stream goes on`, async () => {
      const bounded = createGraphqlPlugin({ maxQueuedEvents: 5 })
      try {
        const iterator = bounded.invokeStream!(
          {
            target: yoga.url,
            service: 'Subscription',
            method: 'ticks',
            messages: [{ variables: { intervalMs: 1 }, subscriptionTransport: transport }],
          },
          testContext(),
        )[Symbol.asyncIterator]()
        await iterator.next()
        // Let events pile up unread, far past the bound.
        await new Promise((resolve) => setTimeout(resolve, 300))
        const ticks: unknown[] = []
        for (let i = 0; i < 60; i++) {
          const next = await iterator.next()
          expect(next.done).toBe(false)
          expect(next.value).toMatchObject({ type: 'message' })
          ticks.push((next.value as { data: { data: { ticks: number } } }).data.data.ticks)
        }
        expect(ticks).toEqual(Array.from({ length: 60 }, (_, i) => i))
        await iterator.return?.(undefined)
      } finally {
        await bounded.dispose?.()
      }
    })
  }
})
