/**
 * The demo as `npm start` serves it, through the standalone server's routes: one `/api/discover` over every demo URL
 * lists services of every protocol (each URL claimed by its own plugin, the others standing back), and a call of each
 * new protocol (GraphQL, SSE, WebSocket, MCP) answers through `/api/invoke`; the feed and a subscription stream live.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult, StreamFrame } from '@wirebench/core'
import { demoSidecarDir, startDemo } from '@wirebench/demo'
import type { DemoHandle } from '@wirebench/demo'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'

describe('the demo services through the workbench', () => {
  let demo: DemoHandle
  let wb: StandaloneServer
  let base: string
  let configDir: string
  let discovered: DiscoverResponse
  const api = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
      body: JSON.stringify(body),
    })
  const urlOf = (protocol: string): string => demo.services.find((s) => s.protocol === protocol)?.url ?? ''
  const invoke = async (request: object): Promise<InvokeResult> => {
    const response = await api('/api/invoke', request)
    expect(response.status).toBe(200)
    return (await response.json()) as InvokeResult
  }

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-demo-'))
    ;[demo, wb] = await Promise.all([
      startDemo(),
      createStandaloneServer({
        port: 0,
        configDir,
        uiDir: null,
        logLevel: false,
        // The demo's own sidecar (the Python example speaking to the toy lab), as `wirebench --demo` loads it.
        pluginDirs: [demoSidecarDir],
      }),
    ])
    base = await wb.listen()
    const response = await api('/api/discover', { urls: demo.urls })
    expect(response.status).toBe(200)
    discovered = (await response.json()) as DiscoverResponse
  })
  afterAll(async () => {
    await wb?.close()
    await demo?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('lists services of every protocol, each demo URL claimed by the plugin of its protocol', () => {
    const protocols = new Set(discovered.services.map((service) => service.protocol))
    for (const protocol of ['rest', 'grpc', 'graphql', 'sse', 'websocket', 'signalr', 'mcp', 'toy'])
      expect(protocols).toContain(protocol)
    for (const service of demo.services) {
      const attempts = discovered.attempts.filter((attempt) => attempt.url === service.url)
      const ok = attempts.filter((attempt) => attempt.outcome === 'ok').map((attempt) => attempt.pluginId)
      expect({ url: service.url, ok }).toEqual({ url: service.url, ok: [service.protocol] })
      // The other plugins stand back quickly instead of failing or hanging on another protocol's URL.
      const others = attempts.filter((attempt) => attempt.pluginId !== service.protocol)
      expect(others.filter((attempt) => attempt.outcome !== 'empty')).toEqual([])
    }
    const graphql = discovered.services.filter((service) => service.protocol === 'graphql')
    expect(graphql.map((service) => service.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    const subscription = graphql.find((service) => service.name === 'Subscription')
    expect(subscription?.methods.map((method) => method.name)).toEqual(['reviewAdded', 'tick'])
  })

  it('describes the gRPC demo with its proto comments, the rules RegisterStation checks among them', () => {
    const telemetry = discovered.services.find((service) => service.name === 'wirebench.demo.v1.Telemetry')
    const register = telemetry?.methods.find((method) => method.name === 'RegisterStation')
    expect(register?.description).toMatch(/^Registers a station\. Invalid input fails with INVALID_ARGUMENT/)
    const station = register?.inputType.fields.find((field) => field.name === 'station')?.messageType?.fields ?? []
    const comment = (name: string) => station.find((field) => field.name === name)?.description
    expect(comment('id')).toBe('Lower-case letters, digits and dashes, 3 to 32 characters, e.g. "st-harbor".')
    expect(comment('firmwareHash')).toContain('empty or exactly 32 bytes')
    // A field without a comment has no description.
    expect(comment('installedAt')).toBeUndefined()
  })

  it('calls the GraphQL demo: partial data beside its error', async () => {
    const result = await invoke({
      protocol: 'graphql',
      url: urlOf('graphql'),
      service: 'Query',
      method: 'shelf',
      messages: [{ query: '{ shelf(ids: ["1", "999999"]) { id title } }' }],
    })
    expect(result.response).toMatchObject({
      data: { shelf: [{ id: '1', title: 'The Lighthouse Ledger' }, null] },
      errors: [{ message: 'Book 999999 does not exist.', path: ['shelf', 1] }],
    })
    expect(result.status).not.toBe('OK')
  })

  it('reads a bounded SSE feed to its end', async () => {
    const sse = discovered.services.find((service) => service.protocol === 'sse')
    const method = sse?.methods[0]
    const result = await invoke({
      protocol: 'sse',
      url: `${urlOf('sse')}`,
      service: sse?.name,
      method: method?.name,
      messages: [{ method: 'POST', body: { count: 3, interval: 10 } }],
    })
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject([
      { id: '1', event: 'reading', retry: 2000, data: { seq: 1 } },
      { id: '2', event: 'reading', data: { seq: 2 } },
      { id: '3', event: 'reading', data: { seq: 3 } },
    ])
  })

  it('exchanges messages with the WebSocket chat, negotiating chat.v1', async () => {
    const chat = discovered.services.find((service) => service.protocol === 'websocket')
    const result = await invoke({
      protocol: 'websocket',
      url: urlOf('websocket'),
      service: chat?.name,
      method: chat?.methods[0]?.name,
      messages: [{ text: '/who' }, { text: 'hello' }],
      metadata: { 'Sec-WebSocket-Protocol': 'chat.v1' },
    })
    expect(result.metadata?.['sec-websocket-protocol']).toBe('chat.v1')
    expect(result.status).toBe('OK')
    // The transcript in the order the client saw it: the chat's welcome comes first, then each message and its answer.
    expect(result.responses?.slice(0, 4)).toEqual([
      { received: expect.objectContaining({ type: 'welcome', subprotocol: 'chat.v1' }) },
      { sent: '/who' },
      { received: { type: 'who', names: [expect.stringMatching(/^guest-\d+$/)] } },
      { sent: 'hello' },
    ])
    expect(result.responses?.[4]).toMatchObject({ received: { type: 'echo', text: 'hello' } })
  })

  it('invokes the SignalR chat hub: a broadcast, a counter stream, an upload sum and a method that fails', async () => {
    const hub = discovered.services.find((service) => service.protocol === 'signalr')
    const call = (method: string, message: unknown, more: unknown[] = []) =>
      invoke({ protocol: 'signalr', url: urlOf('signalr'), service: hub?.name, method, messages: [message, ...more] })
    expect((await call('invoke', { target: 'Echo', arguments: ['hi'] })).response).toBe('hi')
    expect((await call('stream', { target: 'Counter', arguments: [3, 0] })).response).toEqual([1, 2, 3])
    expect((await call('upload', { target: 'Sum' }, [1, 2, 3])).response).toBe(6)
    expect((await call('send', { target: 'SendMessage', arguments: ['ada', 'hello'] })).response).toMatchObject({
      sent: true,
    })
    expect(await call('invoke', { target: 'Fail' })).toMatchObject({
      status: 'Unknown',
      statusMessage: expect.stringMatching(/always fails/) as unknown,
    })
  })

  it('streams the SSE feed live, reconnecting with Last-Event-ID after the demo drops it', async () => {
    const sse = discovered.services.find((service) => service.protocol === 'sse')
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({
        op: 'stream.open',
        id: 's',
        protocol: 'sse',
        url: urlOf('sse'),
        service: sse?.name ?? '',
        method: sse?.methods[0]?.name ?? '',
        messages: [{ method: 'POST', body: { count: 5, dropAfter: 2, interval: 10, retry: 100 }, reconnect: true }],
      })
      const closed = await client.waitFor(isOp('closed', 's'))
      expect(closed.problem).toBeUndefined()
      const messages = client
        .frames('s')
        .map((f) => f.frame)
        .filter((frame): frame is Extract<StreamFrame, { type: 'message' }> => frame.type === 'message')
      // The demo drops after every second event; each reconnect resumes after the last id, nothing lost or repeated.
      expect(messages.map((frame) => frame.meta?.['id'] ?? frame.meta?.['kind'])).toEqual([
        '1',
        '2',
        'reconnect',
        '3',
        '4',
        'reconnect',
        '5',
      ])
      expect(messages[2]?.meta).toMatchObject({ kind: 'reconnect', attempt: 1, lastEventId: '2' })
    } finally {
      await client.close()
    }
  })

  it('streams the GraphQL tick subscription live', async () => {
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({
        op: 'stream.open',
        id: 'g',
        protocol: 'graphql',
        url: urlOf('graphql'),
        service: 'Subscription',
        method: 'tick',
        messages: [{ variables: { every: 100, count: 2 } }],
      })
      const closed = await client.waitFor(isOp('closed', 'g'))
      expect(closed.problem).toBeUndefined()
      const frames = client.frames('g').map((f) => f.frame)
      const ticks = frames.flatMap((frame) => (frame.type === 'message' ? [frame.data] : []))
      expect(ticks).toMatchObject([{ data: { tick: { n: 1, last: false } } }, { data: { tick: { n: 2, last: true } } }])
      expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    } finally {
      await client.close()
    }
  })

  it('calls the MCP kitchen: structured content checked against its output schema', async () => {
    const result = await invoke({
      protocol: 'mcp',
      url: urlOf('mcp'),
      service: 'Tools',
      method: 'convert-temperature',
      messages: [{ celsius: 20 }],
    })
    expect(result).toMatchObject({ status: 'OK', outputValidation: { valid: true } })
    expect((result.response as { structuredContent: unknown }).structuredContent).toEqual({
      fahrenheit: 68,
      kelvin: 293.15,
    })
  })
})
