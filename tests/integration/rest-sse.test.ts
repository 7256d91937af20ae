/** REST event-stream operations: an OpenAPI document served by a real Fastify app, discovered as ServerStreaming and streamed. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { Call, ProtocolPlugin, ServiceInfo, StreamFrame } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { contractContext } from '../contract/protocol-contract.js'
import { startEventsApp } from '../servers/sse/openapi-events-app.js'
import type { EventsApp, EventsAppReceived } from '../servers/sse/openapi-events-app.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'

let app: EventsApp
let sequence: SequenceServer
let plugin: ProtocolPlugin
let services: ServiceInfo[]

beforeAll(async () => {
  app = await startEventsApp()
  sequence = await startSequenceServer()
  plugin = createRestPlugin()
  services = await plugin.discover({ kind: 'url', url: app.jsonUrl }, contractContext())
})

afterAll(async () => {
  await plugin.dispose?.()
  await app.close()
  await sequence.close()
})

function call(method: string, message: Record<string, unknown>, service = 'events'): Call {
  return { target: app.jsonUrl, service, method, messages: [message] }
}

async function frames(c: Call, ctx = contractContext()): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of plugin.invokeStream!(c, ctx)) out.push(frame)
  return out
}

function messages(list: StreamFrame[]): Extract<StreamFrame, { type: 'message' }>[] {
  return list.filter((f): f is Extract<StreamFrame, { type: 'message' }> => f.type === 'message')
}

describe('REST event-stream operations', () => {
  it('discovers operations answering text/event-stream as ServerStreaming and the others as Unary', () => {
    const kinds = Object.fromEntries(services.flatMap((s) => s.methods.map((m) => [m.name, m.methodType])))
    expect(kinds).toMatchObject({
      ticks: 'ServerStreaming',
      searchTicks: 'ServerStreaming',
      tickHeaders: 'ServerStreaming',
      eitherTicks: 'Unary',
      getItem: 'Unary',
      slow: 'Unary',
    })
    const ticks = services.find((s) => s.name === 'events')!.methods.find((m) => m.name === 'ticks')!
    expect(ticks.serverStreaming).toBe(true)
    expect(ticks.inputType.fields.map((f) => [f.name, f.source])).toEqual([
      ['count', 'query'],
      ['intervalMs', 'query'],
      ['x-stream-tag', 'header'],
    ])
  })

  it('streams a GET operation with its query and header fields, as frames shaped like the SSE plugin', async () => {
    const list = await frames(call('ticks', { count: 3, 'x-stream-tag': 'blue' }))
    expect(list[0]).toMatchObject({
      type: 'headers',
      metadata: { 'content-type': 'text/event-stream', http_status: '200' },
    })
    expect(messages(list).map((m) => [m.data, m.meta])).toEqual([
      [
        { n: 1, tag: 'blue' },
        { id: '1', event: 'tick' },
      ],
      [
        { n: 2, tag: 'blue' },
        { id: '2', event: 'tick' },
      ],
      [
        { n: 3, tag: 'blue' },
        { id: '3', event: 'tick' },
      ],
    ])
    expect(list.at(-1)).toEqual({ type: 'end', status: 'OK' })
  })

  it('streams a POST operation with its JSON body', async () => {
    const list = await frames(call('searchTicks', { prefix: 'p', count: 2 }))
    expect(messages(list).map((m) => m.data)).toEqual(['p-1', 'p-2'])
  })

  it('sends metadata headers, Accept: text/event-stream, the API-key query and a SigV4 signature on the stream request', async () => {
    const metadata = {
      'x-trace': 't-1',
      __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k-9' }),
      __workbenchSigV4__: JSON.stringify({
        accessKey: 'AKID',
        secretKey: 'secret',
        region: 'eu-west-1',
        service: 'execute-api',
      }),
    }
    const list = await frames(call('tickHeaders', {}), contractContext({ metadata }))
    const echo = messages(list)[0]!.data as EventsAppReceived
    expect(echo.headers['x-trace']).toBe('t-1')
    expect(echo.headers['accept']).toBe('text/event-stream')
    expect(echo.url).toBe('/ticks/headers?api_key=k-9')
    expect(String(echo.headers['authorization'])).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\//)
    expect(String(echo.headers['authorization'])).toContain('accept')
    expect(JSON.stringify(echo.headers)).not.toContain('__workbench')
  })

  it('asks for the stream with Accept: text/event-stream even when the metadata carries another Accept', async () => {
    const metadata = { Accept: 'application/json' }
    const list = await frames(call('tickHeaders', {}), contractContext({ metadata }))
    const echo = messages(list)[0]!.data as EventsAppReceived
    expect(echo.headers['accept']).toBe('text/event-stream')
  })

  it('calls an operation that offers JSON beside text/event-stream as a unary JSON call', async () => {
    const result = await plugin.invoke(call('eitherTicks', {}), contractContext())
    expect(result.status).toBe('OK')
    expect(result.response).toEqual({ ticks: 1 })
  })

  it('stops the stream when the consumer leaves early, closing the connection', async () => {
    const iterator = plugin.invokeStream!(call('ticks', { count: 100_000, intervalMs: 5 }), contractContext())[
      Symbol.asyncIterator
    ]()
    expect((await iterator.next()).value).toMatchObject({ type: 'headers' })
    expect((await iterator.next()).value).toMatchObject({ type: 'message' })
    expect(app.openStreams()).toBe(1)
    await iterator.return?.(undefined)
    expect((await iterator.next()).done).toBe(true)
    // 100 000 ticks 5 ms apart would hold the stream open for minutes: only a closed connection brings this to 0.
    await vi.waitFor(() => expect(app.openStreams()).toBe(0), { timeout: 5_000, interval: 20 })
  })

  it('refuses to stream an operation that does not answer text/event-stream', async () => {
    const error = await frames(call('getItem', { id: '1' }, 'items')).catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'invalid_request')).toBe(true)
  })

  it('answers no_services right after the headers when discovery meets an event stream, without reading it', async () => {
    // /slow sends nothing for 3 s: reading its body would run into this 1 s deadline instead.
    const error = await plugin
      .discover({ kind: 'url', url: sequence.url('/slow') }, contractContext({ deadline: Date.now() + 1_000 }))
      .catch((e: unknown) => e)
    expect(WorkbenchError.is(error, 'no_services')).toBe(true)
    expect((error as WorkbenchError).message).toContain('text/event-stream')
  })
})
