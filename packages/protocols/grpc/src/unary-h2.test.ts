import { once } from 'node:events'
import { constants, createServer } from 'node:http2'
import type { Http2Server, IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { create, createFileRegistry, fromBinary, toBinary } from '@bufbuild/protobuf'
import type { DescMethodUnary } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema, StringValueSchema, file_google_protobuf_wrappers } from '@bufbuild/protobuf/wkt'
import { Code, ConnectError } from '@connectrpc/connect'
import { Http2SessionManager, createGrpcTransport } from '@connectrpc/connect-node'
import { afterEach, describe, expect, it } from 'vitest'
import { createUnaryH2 } from './unary-h2.js'

const file = create(FileDescriptorProtoSchema, {
  name: 'wbtest/unary.proto',
  package: 'wbtest',
  syntax: 'proto3',
  dependency: ['google/protobuf/wrappers.proto'],
  service: [
    {
      name: 'Echo',
      method: [{ name: 'Say', inputType: '.google.protobuf.StringValue', outputType: '.google.protobuf.StringValue' }],
    },
  ],
})
const registry = createFileRegistry(file, (name) =>
  name === 'google/protobuf/wrappers.proto' ? file_google_protobuf_wrappers : undefined,
)
const say = registry.getService('wbtest.Echo')?.method.say as DescMethodUnary<
  typeof StringValueSchema,
  typeof StringValueSchema
>

function envelope(text: string, compressed = false): Buffer {
  const data = toBinary(StringValueSchema, create(StringValueSchema, { value: text }))
  const body = compressed ? gzipSync(data) : Buffer.from(data)
  const head = Buffer.alloc(5)
  head[0] = compressed ? 1 : 0
  head.writeUInt32BE(body.length, 1)
  return Buffer.concat([head, body])
}

function requestText(body: Buffer): string {
  return fromBinary(StringValueSchema, body.subarray(5)).value
}

type Handler = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: Buffer) => void

const okHeaders = { ':status': 200, 'content-type': 'application/grpc+proto', 'x-reply': 'r1' }

let server: Http2Server | undefined
let sessions: Http2SessionManager | undefined

afterEach(async () => {
  sessions?.abort()
  if (server) await new Promise((resolve) => server?.close(resolve))
  server = undefined
  sessions = undefined
})

/** A real HTTP/2 server on loopback that answers each request with `handler`, and the unary call under test. */
async function serve(handler: Handler, readMaxBytes = 1024 * 1024) {
  const streams: ServerHttp2Stream[] = []
  server = createServer()
  server.on('stream', (stream, headers) => {
    streams.push(stream)
    // A stream the test resets errors on the server side too; that is the point, not a failure.
    stream.on('error', () => undefined)
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => handler(stream, headers, Buffer.concat(chunks)))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  sessions = new Http2SessionManager(baseUrl)
  const fallback = createGrpcTransport({ baseUrl, sessionManager: sessions })
  const unary = createUnaryH2({ baseUrl, sessions, readMaxBytes, fallback })
  const call = (text: string, options: { signal?: AbortSignal; header?: Record<string, string> } = {}) =>
    unary(say, options.signal, undefined, options.header, create(StringValueSchema, { value: text }))
  const viaConnect = (text: string) =>
    fallback.unary(say, undefined, undefined, undefined, create(StringValueSchema, { value: text }))
  return { call, viaConnect, streams }
}

async function failure(promise: Promise<unknown>): Promise<ConnectError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ConnectError)
  return error as ConnectError
}

describe('createUnaryH2', () => {
  it('sends one enveloped message with the gRPC headers and returns the reply, its headers and trailers', async () => {
    let seen: IncomingHttpHeaders = {}
    const { call } = await serve((stream, headers, body) => {
      seen = headers
      stream.respond(okHeaders, { waitForTrailers: true })
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0', 'x-after': 't1' }))
      stream.end(envelope(`echo: ${requestText(body)}`))
    })
    const reply = await call('hi', { header: { 'x-trace': 'abc', 'grpc-timeout': '500m' } })
    expect(reply.message.value).toBe('echo: hi')
    expect(reply.header.get('x-reply')).toBe('r1')
    expect(reply.trailer.get('x-after')).toBe('t1')
    expect(seen[':path']).toBe('/wbtest.Echo/Say')
    expect(seen['content-type']).toBe('application/grpc+proto')
    expect(seen.te).toBe('trailers')
    expect(seen['grpc-accept-encoding']).toBe('gzip,br')
    expect(seen['x-trace']).toBe('abc')
    expect(seen['grpc-timeout']).toBe('500m')
  })

  it("sends the headers connect's own transport sends; the call's user-agent stays, its content-type does not", async () => {
    const seen: IncomingHttpHeaders[] = []
    const { call, viaConnect } = await serve((stream, headers) => {
      seen.push(headers)
      stream.respond(okHeaders, { waitForTrailers: true })
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }))
      stream.end(envelope('ok'))
    })
    await call('a')
    await viaConnect('a')
    await call('b', { header: { 'User-Agent': 'mine/1', 'Content-Type': 'text/plain', 'x-two': 'v' } })
    const [ours, connects, named] = seen.map(({ ':path': _path, ...rest }) => rest)
    expect(ours).toEqual(connects)
    expect(named).toEqual({ ...connects, 'user-agent': 'mine/1', 'x-two': 'v' })
  })

  it('reports a non-OK status from the trailers as a ConnectError with the status and its metadata', async () => {
    const { call } = await serve((stream) => {
      stream.respond(okHeaders, { waitForTrailers: true })
      stream.on('wantTrailers', () =>
        stream.sendTrailers({ 'grpc-status': '5', 'grpc-message': 'no%20such%20thing', 'x-why': 'gone' }),
      )
      stream.end()
    })
    const error = await failure(call('x'))
    expect(error.code).toBe(Code.NotFound)
    expect(error.rawMessage).toBe('no such thing')
    expect(error.metadata.get('x-why')).toBe('gone')
    expect(error.cause).toBeUndefined()
  })

  it('reports the status of a trailers-only response', async () => {
    const { call } = await serve((stream) => {
      stream.respond({ ...okHeaders, 'grpc-status': '7', 'grpc-message': 'denied' }, { endStream: true })
    })
    const error = await failure(call('x'))
    expect(error.code).toBe(Code.PermissionDenied)
    expect(error.rawMessage).toBe('denied')
  })

  it('maps an HTTP error status and refuses a reply that is not gRPC', async () => {
    const notFound = await serve((stream) => stream.respond({ ':status': 404 }, { endStream: true }))
    expect((await failure(notFound.call('x'))).code).toBe(Code.Unimplemented)
    sessions?.abort()
    await new Promise((resolve) => server?.close(resolve))
    const html = await serve((stream) => {
      stream.respond({ ':status': 200, 'content-type': 'text/html' })
      stream.end('<html>')
    })
    expect((await failure(html.call('x'))).message).toMatch(/unsupported content type text\/html/)
  })

  it('refuses a reply larger than readMaxBytes as resource exhausted', async () => {
    const { call } = await serve((stream) => {
      stream.respond(okHeaders, { waitForTrailers: true })
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }))
      stream.end(envelope('x'.repeat(200)))
    }, 64)
    const error = await failure(call('x'))
    expect(error.code).toBe(Code.ResourceExhausted)
    expect(error.rawMessage).toMatch(/larger than configured readMaxBytes 64/)
  })

  it('refuses a second reply message, and a reply with no message and no status', async () => {
    const two = await serve((stream) => {
      stream.respond(okHeaders, { waitForTrailers: true })
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }))
      stream.end(Buffer.concat([envelope('a'), envelope('b')]))
    })
    expect((await failure(two.call('x'))).code).toBe(Code.Unimplemented)
    sessions?.abort()
    await new Promise((resolve) => server?.close(resolve))
    const empty = await serve((stream) => {
      stream.respond(okHeaders)
      stream.end()
    })
    const error = await failure(empty.call('x'))
    expect(error.code).toBe(Code.Internal)
    expect(error.rawMessage).toMatch(/missing status/)
  })

  it('decompresses a gzip reply', async () => {
    const { call } = await serve((stream) => {
      stream.respond({ ...okHeaders, 'grpc-encoding': 'gzip' }, { waitForTrailers: true })
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }))
      stream.end(envelope('packed', true))
    })
    expect((await call('x')).message.value).toBe('packed')
  })

  it('cancels the HTTP/2 stream when the signal fires, so the server sees the cancellation', async () => {
    const controller = new AbortController()
    const { call, streams } = await serve(() => controller.abort(new Error('caller left')))
    const error = await failure(call('x', { signal: controller.signal }))
    expect(error.code).toBe(Code.Canceled)
    const stream = streams[0]
    if (stream && !stream.closed) await once(stream, 'close')
    expect(stream?.rstCode).toBe(constants.NGHTTP2_CANCEL)
  })

  it('fails like connect when the server resets the stream', async () => {
    const { call, viaConnect } = await serve((stream) => stream.close(constants.NGHTTP2_REFUSED_STREAM))
    const reset = await failure(call('x'))
    const connectReset = await failure(viaConnect('x'))
    expect([reset.code, reset.rawMessage]).toEqual([connectReset.code, connectReset.rawMessage])
    expect((reset.cause as { code?: string } | undefined)?.code).toBe('ERR_HTTP2_STREAM_ERROR')
  })

  it('reports an unreachable server as a transport failure with the Node error as its cause', async () => {
    await serve(() => undefined)
    const closed = `http://127.0.0.1:${(server?.address() as AddressInfo).port}`
    await new Promise((resolve) => server?.close(resolve))
    sessions?.abort()
    server = undefined
    sessions = new Http2SessionManager(closed)
    const unary = createUnaryH2({
      baseUrl: closed,
      sessions,
      readMaxBytes: 1024,
      fallback: createGrpcTransport({ baseUrl: closed, sessionManager: sessions }),
    })
    const error = await failure(unary(say, undefined, undefined, undefined, { value: 'x' }))
    expect(error.code).toBe(Code.Unavailable)
    expect((error.cause as { code?: string } | undefined)?.code).toBe('ECONNREFUSED')
  })
})
