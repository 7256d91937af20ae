/** The SSE plugin against the sequence-numbered event server: discovery, event fields, reconnection, POST, headers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createSsePlugin } from '@wirebench/protocol-sse'
import { contractContext } from '../contract/protocol-contract.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'
import { failure } from '../support/workbench-failure.js'

let server: SequenceServer
let plugin: ProtocolPlugin

beforeAll(async () => {
  server = await startSequenceServer()
  plugin = createSsePlugin({ maxEventBytes: 4096 })
})

afterAll(async () => {
  await plugin.dispose?.()
  await server.close()
})

function subscribe(path: string, message: Record<string, unknown> = {}): Call {
  return { target: server.url(path), service: 'events', method: 'subscribe', messages: [message] }
}

async function frames(call: Call, ctx = contractContext()): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of plugin.invokeStream!(call, ctx)) out.push(frame)
  return out
}

function messages(list: StreamFrame[]): Extract<StreamFrame, { type: 'message' }>[] {
  return list.filter((f): f is Extract<StreamFrame, { type: 'message' }> => f.type === 'message')
}

describe('SSE discovery', () => {
  it('offers an event-stream URL as one service named after the path with a ServerStreaming subscribe method', async () => {
    const [service, ...rest] = await plugin.discover(
      { kind: 'url', url: server.url('/events?count=2') },
      contractContext(),
    )
    expect(rest).toEqual([])
    expect(service).toMatchObject({ name: 'events', protocol: 'sse', source: 'sse', isUploaded: false })
    const method = service!.methods[0]!
    expect(method).toMatchObject({
      name: 'subscribe',
      methodType: 'ServerStreaming',
      serverStreaming: true,
      httpMethod: 'GET',
    })
    expect(method.inputType.fields.map((f) => [f.name, f.type])).toEqual([
      ['method', 'enum'],
      ['body', 'json'],
      ['lastEventId', 'string'],
      ['reconnect', 'bool'],
    ])
    expect(method.inputType.fields[0]!.enumValues!.map((v) => v.name)).toEqual(['GET', 'POST'])
  })

  it('answers right after the headers of a stream that stays quiet, without reading its body', async () => {
    // /slow sends nothing for 3 s: a probe that read the body would hit this 1 s deadline.
    const services = await plugin.discover(
      { kind: 'url', url: server.url('/slow') },
      contractContext({ deadline: Date.now() + 1_000 }),
    )
    expect(services[0]!.name).toBe('slow')
  })

  it('reports no_services for answers that are not event streams and for other schemes', async () => {
    for (const url of [server.url('/json'), server.url('/missing'), 'ws://127.0.0.1:1/socket', 'grpc://127.0.0.1:1']) {
      const error = await failure(plugin.discover({ kind: 'url', url }, contractContext()))
      expect(error.code, url).toBe('no_services')
    }
  })

  it('lists a URL that refuses GET with 405 (Allow: POST) only when pinned, then with POST, and calls it with POST', async () => {
    const url = server.url('/post-only')
    const unpinned = await failure(plugin.discover({ kind: 'url', url }, contractContext()))
    expect(unpinned.code).toBe('no_services')
    expect(unpinned.hint).toContain(`sse@${url}`)
    const [service] = await plugin.discover({ kind: 'url', url, pinned: true }, contractContext())
    const method = service!.methods[0]!
    expect(method.httpMethod).toBe('POST')
    expect(method.description).toContain('405')
    expect(method.inputType.fields[0]!.defaultValue).toBe('POST')
    const list = messages(
      await frames({ target: url, service: 'post-only', method: 'subscribe', messages: [{ body: { a: 1 } }] }),
    )
    expect(list[0]!.data).toEqual({ method: 'POST', contentType: 'application/json', body: '{"a":1}' })
  })

  it('sends the metadata headers and the API-key query with the discovery request', async () => {
    const metadata = { 'x-trace': 'disc-1', __workbenchApiKeyQuery__: JSON.stringify({ name: 'key', value: 's3cret' }) }
    await plugin.discover({ kind: 'url', url: server.url('/events?count=1') }, contractContext({ metadata }))
    const probe = server.requests.at(-1)!
    expect(probe.headers['x-trace']).toBe('disc-1')
    expect(probe.headers['accept']).toBe('text/event-stream')
    expect(probe.url).toBe('/events?count=1&key=s3cret')
  })
})

describe('SSE streams', () => {
  it('relays id, event, data (JSON parsed, else text) and retry, keeping only the fields each event carried', async () => {
    const list = await frames(subscribe('/events?count=3&retry=1500'))
    expect(list[0]).toMatchObject({
      type: 'headers',
      metadata: { 'content-type': 'text/event-stream; charset=utf-8', http_status: '200' },
    })
    expect(messages(list).map((m) => [m.data, m.meta])).toEqual([
      [{ n: 1 }, { id: '1', event: 'tick', retry: 1500 }],
      ['plain 2', { id: '2' }],
      [{ n: 3 }, { id: '3', event: 'tick' }],
    ])
    expect(list.at(-1)).toEqual({ type: 'end', status: 'OK' })
  })

  it('starts after lastEventId when the message carries one', async () => {
    const list = await frames(subscribe('/events?count=5', { lastEventId: '3' }))
    expect(messages(list).map((m) => m.meta?.['id'])).toEqual(['4', '5'])
    expect(server.requests.at(-1)!.lastEventId).toBe('3')
  })

  it('reconnects after each drop with Last-Event-ID and resumes exactly after the last id, nothing lost or repeated', async () => {
    const before = server.requests.length
    const list = await frames(subscribe('/events?count=7&dropAfter=2&retry=20', { reconnect: true }))
    const events = messages(list).filter((m) => m.meta?.['kind'] !== 'reconnect')
    expect(events.map((m) => m.meta?.['id'])).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    const notices = messages(list).filter((m) => m.meta?.['kind'] === 'reconnect')
    expect(notices.map((m) => m.meta)).toEqual([
      { kind: 'reconnect', attempt: 1, lastEventId: '2' },
      { kind: 'reconnect', attempt: 1, lastEventId: '4' },
      { kind: 'reconnect', attempt: 1, lastEventId: '6' },
    ])
    expect(notices[0]!.data).toBe('Reconnected (attempt 1, Last-Event-ID: 2)')
    // Each notice comes before the events of its connection.
    const order = messages(list).map((m) => String(m.meta?.['kind'] ?? m.meta?.['id']))
    expect(order).toEqual(['1', '2', 'reconnect', '3', '4', 'reconnect', '5', '6', 'reconnect', '7'])
    // The last connection ended cleanly, the reconnection after it was answered 204: the end.
    expect(list.at(-1)).toMatchObject({ type: 'end', status: 'OK', message: expect.stringContaining('204') })
    const lastIds = server.requests.slice(before).map((r) => r.lastEventId)
    expect(lastIds).toEqual([undefined, '2', '4', '6', '7'])
  })

  it('takes the id of a block without data as the Last-Event-ID to resume from, as EventSource does', async () => {
    const list = await frames(subscribe('/id-only', { reconnect: true }))
    const notices = messages(list).filter((m) => m.meta?.['kind'] === 'reconnect')
    expect(notices.map((m) => m.meta?.['lastEventId'])).toEqual(['7'])
    expect(messages(list).map((m) => m.data)).toContain('resumed after 7')
  })

  it('without reconnect, a dropped connection fails the stream after the events that arrived', async () => {
    const received: StreamFrame[] = []
    const error = await failure(
      (async () => {
        for await (const frame of plugin.invokeStream!(subscribe('/events?count=5&dropAfter=2'), contractContext()))
          received.push(frame)
      })(),
    )
    expect(error.code).toBe('upstream_unreachable')
    expect(messages(received).map((m) => m.meta?.['id'])).toEqual(['1', '2'])
  })

  it('gives up after the configured failed reconnection attempts in a row, ending Unavailable', async () => {
    const own = await startSequenceServer()
    const limited = createSsePlugin({ maxReconnectAttempts: 2 })
    try {
      const call: Call = {
        target: own.url('/events?count=9&intervalMs=50&retry=10'),
        service: 'events',
        method: 'subscribe',
        messages: [{ reconnect: true }],
      }
      const list: StreamFrame[] = []
      for await (const frame of limited.invokeStream!(call, contractContext())) {
        list.push(frame)
        if (frame.type === 'message' && frame.meta?.['id'] === '2') await own.close()
      }
      expect(list.at(-1)).toMatchObject({ type: 'end', status: 'Unavailable' })
      expect((list.at(-1) as { message: string }).message).toContain('Gave up after 2 failed reconnection attempts')
    } finally {
      await limited.dispose?.()
      await own.close()
    }
  })

  it('ends OK with a note when the server answers 204 No Content', async () => {
    const list = await frames(subscribe('/no-content'))
    expect(list.map((f) => f.type)).toEqual(['headers', 'end'])
    expect(list.at(-1)).toMatchObject({ status: 'OK', message: expect.stringContaining('204') })
  })

  it('ends with the HTTP status mapped when the server refuses the stream, and FailedPrecondition for a non-stream answer', async () => {
    expect((await frames(subscribe('/missing'))).at(-1)).toMatchObject({
      type: 'end',
      status: 'NotFound',
      details: { http_status: 404, body: 'Not found' },
    })
    expect((await frames(subscribe('/json'))).at(-1)).toMatchObject({
      type: 'end',
      status: 'FailedPrecondition',
      details: { http_status: 200, body: { not: 'a stream' } },
    })
  })

  it('fails with a mapped upstream_unreachable error when the socket drops while a refusal body is read', async () => {
    const error = await failure(frames(subscribe('/cut-refusal')))
    expect(error.code).toBe('upstream_unreachable')
  })

  it('sends a POST body as JSON, a string body as text, and no body with GET', async () => {
    const json = messages(await frames(subscribe('/echo', { method: 'POST', body: { q: [1, 2] } })))
    expect(json[0]!.data).toEqual({ method: 'POST', contentType: 'application/json', body: '{"q":[1,2]}' })
    const text = messages(await frames(subscribe('/echo', { method: 'POST', body: 'hello' })))
    expect(text[0]!.data).toEqual({ method: 'POST', contentType: 'text/plain; charset=utf-8', body: 'hello' })
    await frames(subscribe('/events?count=1', { method: 'GET', body: { ignored: true } }))
    expect(server.requests.at(-1)!.headers['content-type']).toBeUndefined()
  })

  it('applies metadata headers and the API-key query to the stream request, never as headers', async () => {
    const metadata = { 'x-trace': 'abc', __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k 1' }) }
    const list = messages(await frames(subscribe('/headers'), contractContext({ metadata })))
    const echo = list[0]!.data as { headers: Record<string, string>; url: string }
    expect(echo.headers['x-trace']).toBe('abc')
    expect(echo.url).toBe('/headers?api_key=k%201')
    expect(JSON.stringify(echo.headers)).not.toContain('__workbench')
  })

  it('ends a stream with payload_too_large when one event exceeds the cap', async () => {
    const error = await failure(frames(subscribe('/big?bytes=10000')))
    expect(error.code).toBe('payload_too_large')
  })

  it('refuses a bad call message with invalid_request naming the field', async () => {
    const error = await failure(frames(subscribe('/events', { method: 'PUT' })))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain('GET or POST')
  })
})

describe('SSE unary invoke', () => {
  it('reads the stream to its end and answers the list of events', async () => {
    const result = await plugin.invoke(subscribe('/events?count=3'), contractContext())
    expect(result.status).toBe('OK')
    expect(result.metadata['http_status']).toBe('200')
    expect(result.response).toEqual([
      { data: { n: 1 }, id: '1', event: 'tick' },
      { data: 'plain 2', id: '2' },
      { data: { n: 3 }, id: '3', event: 'tick' },
    ])
  })

  it('stops at maxResponseBytes of event data and flags the result truncated', async () => {
    const ctx = contractContext()
    ctx.limits = { ...ctx.limits, maxResponseBytes: 20 }
    const result = await plugin.invoke(subscribe('/events?count=9'), ctx)
    expect(result.truncated).toBe(true)
    expect((result.response as unknown[]).length).toBeLessThan(9)
  })

  it('answers the events read before the deadline, flagged truncated with status DeadlineExceeded', async () => {
    // One event at once, the next 5 s later: the 500 ms deadline falls between them.
    const ctx = contractContext({ deadline: Date.now() + 500 })
    const result = await plugin.invoke(subscribe('/events?count=2&intervalMs=5000'), ctx)
    expect(result.status).toBe('DeadlineExceeded')
    expect(result.truncated).toBe(true)
    expect(result.metadata['http_status']).toBe('200')
    expect(result.response).toEqual([{ data: { n: 1 }, id: '1', event: 'tick' }])
  })

  it('fails with timeout when the deadline comes before any event, before or after the headers', async () => {
    const error = await failure(
      plugin.invoke(subscribe('/events?count=1'), contractContext({ deadline: Date.now() - 1 })),
    )
    expect(error.code).toBe('timeout')
    // /slow sends its headers and a comment at once, its one event only after 3 s.
    const quiet = await failure(plugin.invoke(subscribe('/slow'), contractContext({ deadline: Date.now() + 300 })))
    expect(quiet.code).toBe('timeout')
  })

  it('counts events with empty data against maxResponseBytes too (their ids and a cost per event)', async () => {
    const ctx = contractContext()
    ctx.limits = { ...ctx.limits, maxResponseBytes: 1000 }
    const result = await plugin.invoke(subscribe('/empty-data?count=200&idBytes=1000'), ctx)
    expect(result.truncated).toBe(true)
    expect((result.response as unknown[]).length).toBeLessThanOrEqual(1)
    expect(result.sizeBytes).toBeGreaterThan(1000)
  })
})
