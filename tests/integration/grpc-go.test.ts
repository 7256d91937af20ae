/**
 * The gRPC plugin against Debian's grpc-go example servers (grpc-go 1.33, built by tests/servers/grpc-go/build.sh):
 * discovery through the v1alpha reflection fallback, and every call kind against route_guide, with and without
 * reflection.
 */
import { readFile } from 'node:fs/promises'
import * as grpc from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, StreamFrame } from '@wirebench/core'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { requireGoServers, startGoServer } from '../servers/grpc-go/go-server.js'
import type { GoServer } from '../servers/grpc-go/go-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { failure } from '../support/workbench-failure.js'

const examples = '/usr/share/doc/golang-google-grpc-dev/examples'
const runGo = requireGoServers()
const suffix = runGo ? '' : ' (skipped: grpc-go example servers not built; run tests/servers/grpc-go/build.sh)'

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

const messagesOf = (frames: StreamFrame[]) => frames.flatMap((f) => (f.type === 'message' ? [f.data] : []))
const endOf = (frames: StreamFrame[]) => frames.find((f) => f.type === 'end')

/** The status a raw duplex call to `path` ends with (no message is needed to learn whether the method exists). */
function statusOfDuplex(address: string, path: string): Promise<grpc.status> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure())
  return new Promise<grpc.status>((resolve) => {
    const call = client.makeBidiStreamRequest(
      path,
      (b: Buffer) => b,
      (b: Buffer) => b,
    )
    call.on('data', () => undefined)
    call.on('error', (error: grpc.ServiceError) => resolve(error.code))
    call.on('status', (status: grpc.StatusObject) => resolve(status.code))
    call.end()
  }).finally(() => client.close())
}

const patriotsPath = { latitude: 407838351, longitude: -746143763 }
const whippany = { latitude: 408122808, longitude: -743999179 }
const shohola = { latitude: 413628156, longitude: -749015468 }

describe.skipIf(!runGo)(`grpc-go reflection example (v1alpha reflection only)${suffix}`, () => {
  let server: GoServer
  const plugin = createGrpcPlugin()
  beforeAll(async () => {
    server = await startGoServer('reflection')
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('is a v1alpha-only peer: the v1 reflection service is unimplemented', async () => {
    const address = `127.0.0.1:${server.port}`
    expect(await statusOfDuplex(address, '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo')).toBe(
      grpc.status.UNIMPLEMENTED,
    )
    expect(await statusOfDuplex(address, '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo')).toBe(
      grpc.status.OK,
    )
  })

  it('discovers the Greeter and Echo services by falling back to v1alpha reflection', async () => {
    const services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(services.map((s) => s.name).sort()).toEqual(['grpc.examples.echo.Echo', 'helloworld.Greeter'])
    const echo = services.find((s) => s.name === 'grpc.examples.echo.Echo')
    expect(echo?.methods.map((m) => [m.name, m.methodType])).toEqual([
      ['UnaryEcho', 'Unary'],
      ['ServerStreamingEcho', 'ServerStreaming'],
      ['ClientStreamingEcho', 'ClientStreaming'],
      ['BidirectionalStreamingEcho', 'Duplex'],
    ])
    const greeter = services.find((s) => s.name === 'helloworld.Greeter')
    expect(greeter?.methods[0]?.inputType.fields.map((f) => [f.name, f.type])).toEqual([['name', 'string']])
  })

  it('calls SayHello and UnaryEcho with descriptors from reflection', async () => {
    const hello = await plugin.invoke(
      { target: server.url, service: 'helloworld.Greeter', method: 'SayHello', messages: [{ name: 'Wirebench' }] },
      testContext(),
    )
    expect(hello).toMatchObject({ status: 'OK', response: { message: 'Hello Wirebench' } })
    const echo = await plugin.invoke(
      { target: server.url, service: 'grpc.examples.echo.Echo', method: 'UnaryEcho', messages: [{ message: 'ping' }] },
      testContext(),
    )
    expect(echo).toMatchObject({ status: 'OK', response: { message: 'ping' } })
  })

  it('reports a method the example leaves unimplemented as the Unimplemented status, not an exception', async () => {
    const frames = await collect(
      plugin.invokeStream!(
        { target: server.url, service: 'grpc.examples.echo.Echo', method: 'ServerStreamingEcho', messages: [{}] },
        testContext(),
      ),
    )
    expect(endOf(frames)).toMatchObject({ type: 'end', status: 'Unimplemented' })
  })
})

describe.skipIf(!runGo)(`grpc-go route_guide example, every call kind${suffix}`, () => {
  let server: GoServer
  const plugin = createGrpcPlugin()
  const call = (method: string, messages: unknown[]): Call => ({
    target: server.url,
    service: 'routeguide.RouteGuide',
    method,
    messages,
  })
  beforeAll(async () => {
    server = await startGoServer('route-guide', { reflection: true })
    await plugin.discover({ kind: 'url', url: server.url }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('discovers RouteGuide with its four call kinds', async () => {
    const [service] = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(service?.name).toBe('routeguide.RouteGuide')
    expect(service?.methods.map((m) => [m.name, m.methodType])).toEqual([
      ['GetFeature', 'Unary'],
      ['ListFeatures', 'ServerStreaming'],
      ['RecordRoute', 'ClientStreaming'],
      ['RouteChat', 'Duplex'],
    ])
  })

  it('answers GetFeature (unary) with the feature at a point', async () => {
    const result = await plugin.invoke(call('GetFeature', [patriotsPath]), testContext())
    expect(result).toMatchObject({
      status: 'OK',
      response: { name: 'Patriots Path, Mendham, NJ 07945, USA', location: patriotsPath },
    })
  })

  it('streams ListFeatures (server streaming): every feature of the example database inside the rectangle', async () => {
    const rectangle = {
      lo: { latitude: 400000000, longitude: -750000000 },
      hi: { latitude: 420000000, longitude: -730000000 },
    }
    const frames = await collect(plugin.invokeStream!(call('ListFeatures', [rectangle]), testContext()))
    const features = messagesOf(frames) as { name: string; location: { latitude: number } }[]
    expect(features).toHaveLength(100)
    expect(features.filter((f) => f.name !== '')).toHaveLength(64)
    expect(features[0]).toEqual({ name: 'Patriots Path, Mendham, NJ 07945, USA', location: patriotsPath })
    expect(endOf(frames)).toMatchObject({ type: 'end', status: 'OK' })
  })

  it('summarises RecordRoute (client streaming) after the client closes its side', async () => {
    const channel = await plugin.openChannel!(call('RecordRoute', [patriotsPath]), testContext())
    expect(channel.clientStreaming).toBe(true)
    expect(await channel.send(whippany)).toBe(true)
    expect(await channel.send(shohola)).toBe(true)
    await channel.closeSend()
    const frames = await collect(channel.frames())
    await channel.dispose()
    const [summary] = messagesOf(frames) as { pointCount: number; featureCount: number; distance: number }[]
    expect(summary).toMatchObject({ pointCount: 3, featureCount: 3 })
    expect(summary?.distance).toBe(92589)
    expect(endOf(frames)).toMatchObject({ status: 'OK' })
  })

  it('exchanges RouteChat notes (bidirectional): each note brings back every note left at that point', async () => {
    const channel = await plugin.openChannel!(
      call('RouteChat', [{ location: whippany, message: 'first' }]),
      testContext(),
    )
    const frames = channel.frames()[Symbol.asyncIterator]()
    const nextMessage = async () => {
      for (;;) {
        const { value, done } = await frames.next()
        if (done) throw new Error('the chat ended early')
        if (value.type === 'message') return value.data
      }
    }
    expect(await nextMessage()).toEqual({ location: whippany, message: 'first' })
    await channel.send({ location: whippany, message: 'second' })
    expect(await nextMessage()).toEqual({ location: whippany, message: 'first' })
    expect(await nextMessage()).toEqual({ location: whippany, message: 'second' })
    await channel.closeSend()
    const rest: StreamFrame[] = []
    for (let r = await frames.next(); !r.done; r = await frames.next()) rest.push(r.value)
    expect(endOf(rest)).toMatchObject({ status: 'OK' })
    await channel.dispose()
  })
})

describe.skipIf(!runGo)(`grpc-go route_guide without reflection${suffix}`, () => {
  let server: GoServer
  const plugin = createGrpcPlugin()
  beforeAll(async () => {
    server = await startGoServer('route-guide')
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('says discovery needs reflection or an upload', async () => {
    const error = await failure(plugin.discover({ kind: 'url', url: server.url }, testContext()))
    expect(error.code).toBe('no_services')
    expect(error.hint).toMatch(/upload its \.proto files/)
  })

  it('calls every kind through the uploaded route_guide.proto with the server URL given for the call', async () => {
    const content = await readFile(`${examples}/route_guide/routeguide/route_guide.proto`)
    const [service] = await plugin.discover(
      { kind: 'files', files: [{ name: 'route_guide.proto', content }] },
      testContext(),
    )
    expect(service?.name).toBe('routeguide.RouteGuide')
    const call = (method: string, messages: unknown[]): Call => ({
      target: 'route_guide.proto',
      serverUrl: server.url,
      service: 'routeguide.RouteGuide',
      method,
      messages,
    })
    const unary = await plugin.invoke(call('GetFeature', [whippany]), testContext())
    expect(unary.response).toMatchObject({ name: '101 New Jersey 10, Whippany, NJ 07981, USA' })
    const listed = await collect(
      plugin.invokeStream!(call('ListFeatures', [{ lo: whippany, hi: whippany }]), testContext()),
    )
    expect(messagesOf(listed)).toEqual([{ name: '101 New Jersey 10, Whippany, NJ 07981, USA', location: whippany }])
    const route = await plugin.openChannel!(call('RecordRoute', [whippany, shohola]), testContext())
    await route.closeSend()
    expect(messagesOf(await collect(route.frames()))[0]).toMatchObject({ pointCount: 2, featureCount: 2 })
    await route.dispose()
    const chat = await plugin.openChannel!(call('RouteChat', [{ location: shohola, message: 'hi' }]), testContext())
    await chat.closeSend()
    expect(messagesOf(await collect(chat.frames()))).toEqual([{ location: shohola, message: 'hi' }])
    await chat.dispose()
  })
})
