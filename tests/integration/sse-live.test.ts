/**
 * Live SSE calls through `/api/ws` end to end: the standalone server with its default plugins, the sequence-numbered
 * SSE server, a self-documenting Fastify app, graphql-yoga and the real `ws` client — reconnection, headers and the
 * API-key query from the open message, cancellation, a REST event-stream operation, and SSE deferring to GraphQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { isOp } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'
import { liveWorkbench } from '../servers/live/live-workbench.js'
import { startEventsApp } from '../servers/sse/openapi-events-app.js'
import type { EventsApp } from '../servers/sse/openapi-events-app.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'
import { startYogaCountdown } from '../servers/sse/yoga-countdown.js'

type MessageFrame = Extract<StreamFrame, { type: 'message' }>

describe('live SSE calls over /api/ws', () => {
  let sequence: SequenceServer
  let events: EventsApp
  const workbench = liveWorkbench()
  const connect = () => workbench.connect()
  const discover = (urls: string[]) => workbench.discover(urls)
  const messagesOf = (client: LiveClient, id: string): MessageFrame[] =>
    client
      .frames(id)
      .map((f) => f.frame)
      .filter((f): f is MessageFrame => f.type === 'message')
  beforeAll(async () => {
    sequence = await startSequenceServer()
    events = await startEventsApp()
  })

  afterAll(async () => {
    await sequence.close()
    await events.close()
  })

  it('discovers an event-stream URL in the fan-out as an sse service, and the REST plugin stands back', async () => {
    const found = await discover([sequence.url('/events?count=1')])
    expect(found.services.map((s) => [s.protocol, s.name])).toEqual([['sse', 'events']])
  })

  it('lists a graphql-yoga endpoint (which also answers text/event-stream) once, as GraphQL: SSE defers to it', async () => {
    const yoga = await startYogaCountdown()
    try {
      const found = await discover([yoga.url])
      const protocols = found.services.map((s) => s.protocol)
      expect(protocols).toContain('graphql')
      expect(protocols).not.toContain('sse')
    } finally {
      await yoga.close()
    }
  })

  it('streams with reconnection: every event once and in order, a notice before each resumed connection', async () => {
    const client = await connect()
    const url = sequence.url('/events?count=6&dropAfter=2&retry=10')
    client.send({
      op: 'stream.open',
      id: 'r',
      protocol: 'sse',
      url,
      service: 'events',
      method: 'subscribe',
      messages: [{ reconnect: true }],
    })
    expect(await client.waitFor(isOp('opened', 'r'))).toMatchObject({ clientStreaming: false, serverStreaming: true })
    expect((await client.waitFor(isOp('closed', 'r'))).problem).toBeUndefined()
    const order = messagesOf(client, 'r').map((m) => String(m.meta?.['kind'] ?? m.meta?.['id']))
    expect(order).toEqual(['1', '2', 'reconnect', '3', '4', 'reconnect', '5', '6'])
    expect(client.frames('r').at(-1)!.frame).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('applies the open message metadata as headers and its API-key marker as a query parameter', async () => {
    const client = await connect()
    client.send({
      op: 'stream.open',
      id: 'h',
      protocol: 'sse',
      url: sequence.url('/headers'),
      service: 'headers',
      method: 'subscribe',
      messages: [{}],
      metadata: { 'x-live': 'yes', __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'v1' }) },
    })
    await client.waitFor(isOp('closed', 'h'))
    const echo = messagesOf(client, 'h')[0]!.data as { headers: Record<string, string>; url: string }
    expect(echo.headers['x-live']).toBe('yes')
    expect(echo.url).toBe('/headers?k=v1')
  })

  it('cancels the upstream request on cancel, and the server sees the connection close', async () => {
    const own = await startSequenceServer()
    try {
      const client = await connect()
      client.send({
        op: 'stream.open',
        id: 'x',
        protocol: 'sse',
        url: own.url('/events?count=100000&intervalMs=10'),
        service: 'events',
        method: 'subscribe',
        messages: [{}],
      })
      await client.waitForFrames('x', 3)
      expect(await own.openConnections()).toBe(1)
      client.send({ op: 'cancel', id: 'x' })
      expect((await client.waitFor(isOp('closed', 'x'))).problem).toBeUndefined()
      while ((await own.openConnections()) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(await own.openConnections()).toBe(0)
    } finally {
      await own.close()
    }
  })

  it('streams a REST operation whose response is text/event-stream', async () => {
    const found = await discover([events.jsonUrl])
    expect(found.services.some((s) => s.protocol === 'rest' && s.name === 'events')).toBe(true)
    const client = await connect()
    client.send({
      op: 'stream.open',
      id: 'o',
      protocol: 'rest',
      url: events.jsonUrl,
      service: 'events',
      method: 'ticks',
      messages: [{ count: 3, 'x-stream-tag': 'live' }],
    })
    await client.waitFor(isOp('closed', 'o'))
    expect(messagesOf(client, 'o').map((m) => m.data)).toEqual([
      { n: 1, tag: 'live' },
      { n: 2, tag: 'live' },
      { n: 3, tag: 'live' },
    ])
    expect(client.frames('o').at(-1)!.frame).toMatchObject({ type: 'end', status: 'OK' })
  })
})
