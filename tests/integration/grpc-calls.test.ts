/** gRPC calls of every kind against a real @grpc/grpc-js server: JSON mapping, metadata, statuses, deadlines, cancel. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { Call, InvokeResult, StreamFrame } from '@wirebench/core'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import type { ReflectionRequest } from '@wirebench/protocol-grpc'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { failure } from '../support/workbench-failure.js'

const service = 'wbtest.v1.Lab'

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

describe('gRPC calls', () => {
  let server: LabServer
  const reflection: ReflectionRequest[] = []
  const plugin = createGrpcPlugin({ onReflectionRequest: (r) => reflection.push(r) })
  let reflectionAfterDiscovery = 0
  const call = (method: string, messages: unknown[]): Call => ({ target: server.url, service, method, messages })

  beforeAll(async () => {
    server = await startLabServer()
    await plugin.discover({ kind: 'url', url: server.url }, testContext())
    reflectionAfterDiscovery = server.reflectionCalls()
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('answers a unary call with the reply, response headers and trailers', async () => {
    const result = await plugin.invoke(call('Echo', [{ text: 'hi' }]), testContext())
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({ text: 'hi' })
    expect(result.metadata['x-reply']).toBe('hello')
    expect(result.trailers?.['x-trailer']).toBe('bye')
  })

  it('sends metadata as request headers, -bin keys as base64, and keeps transport markers off the wire', async () => {
    const metadata = {
      'x-plain': 'value',
      'x-blob-bin': Buffer.from([1, 2, 3]).toString('base64'),
      __workbenchApiKeyQuery__: JSON.stringify({ name: 'k', value: 'secret-key-value' }),
    }
    const result = await plugin.invoke(call('Echo', [{ text: 'm' }]), testContext({ metadata }))
    const seen = (result.response as { metadata: Record<string, string> }).metadata
    expect(seen['x-plain']).toBe('value')
    expect(seen['x-blob-bin']).toBe(`bin:${Buffer.from([1, 2, 3]).toString('base64')}`)
    expect(JSON.stringify(seen)).not.toContain('secret-key-value')
    expect(JSON.stringify(seen).toLowerCase()).not.toContain('__workbench')
  })

  it('refuses metadata gRPC cannot carry, naming the key', async () => {
    const error = await failure(plugin.invoke(call('Echo', [{}]), testContext({ metadata: { 'x-text': 'naïve' } })))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain('x-text')
  })

  it('round-trips every field kind as canonical proto3 JSON', async () => {
    const sink = {
      text: 'héllo',
      big: '9007199254740993',
      unsignedBig: '18446744073709551615',
      blob: Buffer.from('bytes!').toString('base64'),
      ratio: 0.5,
      flag: true,
      colour: 'COLOUR_GREEN',
      tags: ['a', 'b'],
      counts: { x: 1 },
      points: { p: { x: 1, y: 2 } },
      origin: { x: 3, y: 4 },
      where: { x: 5, y: 6 },
      when: '2024-05-06T07:08:09.123Z',
      took: '1.500s',
      extra: { '@type': 'type.googleapis.com/wbtest.v1.Point', x: 7, y: 8 },
      attributes: { nested: { list: [1, 'two', null, true] } },
      nickname: 'nick',
      maybeBig: '-42',
      palette: ['COLOUR_RED'],
      maybeText: '',
    }
    const result = await plugin.invoke(call('Kitchen', [sink]), testContext())
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject(sink)
  })

  it('shows zero values in responses', async () => {
    const result = await plugin.invoke(call('Kitchen', [{}]), testContext())
    expect(result.response).toMatchObject({ text: '', big: '0', flag: false, colour: 'COLOUR_UNSPECIFIED', tags: [] })
  })

  it('refuses a request that is not valid proto3 JSON with the path of the field', async () => {
    const bad = await failure(plugin.invoke(call('Kitchen', [{ points: { p: { x: 'not a number' } } }]), testContext()))
    expect(bad.code).toBe('invalid_request')
    expect(bad.message).toContain('points["p"].x')
    const unknown = await failure(plugin.invoke(call('Kitchen', [{ origin: { z: 1 } }]), testContext()))
    expect(unknown.message).toContain('origin.z')
    const list = await failure(plugin.invoke(call('Tree', [{ children: [{}, { label: 5 }] }]), testContext()))
    expect(list.message).toContain('children[1].label')
  })

  it('accepts a file value ({filename, data}) for a bytes field', async () => {
    const data = Buffer.from('file body').toString('base64')
    const result = await plugin.invoke(call('Kitchen', [{ blob: { filename: 'a.bin', data } }]), testContext())
    expect((result.response as { blob: string }).blob).toBe(data)
  })

  it('reports a status the server returned as the result, with rich error details decoded', async () => {
    const result: InvokeResult = await plugin.invoke(call('Fail', [{ code: 9, message: 'not now' }]), testContext())
    expect(result.status).toBe('FailedPrecondition')
    expect(result.statusMessage).toBe('not now')
    expect(result.errorDetails).toEqual([
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'QUOTA',
        domain: 'wbtest.example',
        metadata: { limit: '3' },
      },
      {
        '@type': 'type.googleapis.com/google.rpc.BadRequest',
        fieldViolations: [{ field: 'code', description: 'must be odd' }],
      },
      { '@type': 'type.googleapis.com/wbtest.unknown.Detail', value: 'CAE=' },
    ])
  })

  it('streams server replies as headers, messages, trailers and an OK end', async () => {
    const frames = await collect(plugin.invokeStream!(call('Count', [{ count: 3 }]), testContext()))
    expect(frames.map((f) => f.type)).toEqual(['headers', 'message', 'message', 'message', 'trailers', 'end'])
    expect(frames.filter((f) => f.type === 'message').map((f) => f.data)).toEqual([
      { index: 0 },
      { index: 1 },
      { index: 2 },
    ])
    expect(frames.at(-1)).toEqual({ type: 'end', status: 'OK' })
  })

  it('ends a stream that fails midway with the status in the end frame', async () => {
    const frames = await collect(plugin.invokeStream!(call('Count', [{ count: 2, failCode: 8 }]), testContext()))
    expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'ResourceExhausted', message: 'count failed' })
  })

  it('does not read ahead of the consumer: a stream that is not pulled is paused by flow control', async () => {
    const iterator = plugin.invokeStream!(call('Count', [{ count: 5_000_000 }]), testContext())[Symbol.asyncIterator]()
    const blocked = server.whenCountBlocked()
    expect((await iterator.next()).value).toMatchObject({ type: 'headers' })
    const sentWhenBlocked = await blocked
    expect(sentWhenBlocked).toBeLessThan(5_000_000)
    // Pulling resumes it.
    for (let i = 0; i < 10; i++) expect((await iterator.next()).value).toMatchObject({ type: 'message' })
    const cancelled = server.whenCancelled('Count')
    await iterator.return?.(undefined)
    await cancelled
  })

  it('sends a client stream as a batch through invoke', async () => {
    const result = await plugin.invoke(
      call('Sum', [{ value: '1' }, { value: '2' }, { value: '9007199254740993' }]),
      testContext(),
    )
    expect(result.response).toEqual({ total: '9007199254740996', count: 3 })
  })

  it('runs a client-streaming channel: send, half-close, one reply', async () => {
    const channel = await plugin.openChannel!(call('Sum', []), testContext())
    expect(channel).toMatchObject({ clientStreaming: true, serverStreaming: false })
    expect(await channel.send({ value: '5' })).toBe(true)
    expect(await channel.send({ value: '6' })).toBe(true)
    await channel.closeSend()
    expect(await channel.send({ value: '7' })).toBe(false)
    const frames = await collect(channel.frames())
    expect(frames.filter((f) => f.type === 'message').map((f) => f.data)).toEqual([{ total: '11', count: 2 }])
    expect(frames.at(-1)).toEqual({ type: 'end', status: 'OK' })
    await channel.dispose()
  })

  it('runs a duplex channel: each message is answered while the channel stays open', async () => {
    const channel = await plugin.openChannel!(call('Chat', [{ text: 'first', seq: 1 }]), testContext())
    expect(channel.serverStreaming).toBe(true)
    const frames = channel.frames()[Symbol.asyncIterator]()
    expect((await frames.next()).value).toMatchObject({ type: 'headers' })
    expect((await frames.next()).value).toEqual({ type: 'message', data: { text: 'echo: first', seq: 1 } })
    await channel.send({ text: 'second', seq: 2 })
    expect((await frames.next()).value).toEqual({ type: 'message', data: { text: 'echo: second', seq: 2 } })
    await channel.closeSend()
    expect((await frames.next()).value).toMatchObject({ type: 'trailers' })
    expect((await frames.next()).value).toEqual({ type: 'end', status: 'OK' })
    expect((await frames.next()).done).toBe(true)
  })

  it('refuses a bad channel message with the field path, and the channel stays usable', async () => {
    const channel = await plugin.openChannel!(call('Chat', []), testContext())
    const error = await failure(channel.send({ seq: 'x' }))
    expect(error.message).toContain('seq')
    expect(await channel.send({ text: 'ok', seq: 3 })).toBe(true)
    await channel.closeSend()
    const frames = await collect(channel.frames())
    expect(frames.filter((f) => f.type === 'message')).toHaveLength(1)
  })

  it('cancels a duplex channel on dispose, and the server sees the cancel', async () => {
    const channel = await plugin.openChannel!(call('Chat', [{ text: 'a' }]), testContext())
    const frames = channel.frames()[Symbol.asyncIterator]()
    await frames.next()
    await frames.next()
    const seen = server.whenCancelled('Chat')
    await channel.dispose()
    await seen
    expect(await channel.send({ text: 'late' })).toBe(false)
  })

  it('cancels a call when its signal fires, and the server sees the cancel', async () => {
    const controller = new AbortController()
    const seen = server.whenCancelled('Slow')
    const pending = plugin.invoke(call('Slow', [{ ms: 5_000 }]), testContext({ signal: controller.signal }))
    setTimeout(() => controller.abort(), 100)
    const error = await failure(pending)
    expect(error.code).toBe('cancelled')
    await seen
  })

  it('ends a call at its deadline with timeout and tells the server the deadline', async () => {
    const ctx = testContext({ deadline: Date.now() + 200 })
    const fired = new AbortController()
    setTimeout(() => fired.abort(new WorkbenchError('timeout', 'No answer within 200 ms.')), 200)
    ctx.signal = fired.signal
    const error = await failure(plugin.invoke(call('Slow', [{ ms: 5_000 }]), ctx))
    expect(error.code).toBe('timeout')
  })

  it('reports DeadlineExceeded from the server as a status when the server enforces the deadline first', async () => {
    // grpc-timeout says 50 ms; the local signal has more time, so the server's own DEADLINE_EXCEEDED arrives first.
    const result = await plugin.invoke(
      call('Slow', [{ ms: 5_000 }]),
      testContext({ metadata: {}, deadline: Date.now() + 50 }),
    )
    expect(result.status).toBe('DeadlineExceeded')
  })

  it('never repeats reflection for calls', () => {
    expect(server.reflectionCalls()).toBe(reflectionAfterDiscovery)
  })

  it('refuses an unknown method and a cookie-jar marker', async () => {
    const unknown = await failure(plugin.invoke(call('Nope', [{}]), testContext()))
    expect(unknown.code).toBe('not_found')
    const cookie = await failure(
      plugin.invoke(call('Echo', [{}]), testContext({ metadata: { __workbenchCookieEnv__: 'e' } })),
    )
    expect(cookie.code).toBe('unsupported')
  })

  it('accepts the short service name when it is unambiguous', async () => {
    const result = await plugin.invoke(
      { target: server.url, service: 'Lab', method: 'Echo', messages: [{ text: 's' }] },
      testContext(),
    )
    expect(result.response).toMatchObject({ text: 's' })
  })
})
