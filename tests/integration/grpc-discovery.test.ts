/** gRPC discovery by server reflection against real @grpc/grpc-js servers (v1 + v1alpha, v1alpha only, none). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { FieldInfo, MessageInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { createGuardedLookup } from '@wirebench/transport'
import type { ReflectionRequest } from '@wirebench/protocol-grpc'
import { startEndlessReflectionServer } from '../servers/grpc/endless-reflection-server.js'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { startEchoServer } from '../servers/rest/echo-server.js'

function method(services: ServiceInfo[], name: string): MethodInfo {
  const found = services.flatMap((s) => s.methods).find((m) => m.name === name)
  if (!found) throw new Error(`no method ${name}`)
  return found
}

function field(message: MessageInfo, name: string): FieldInfo {
  const found = message.fields.find((f) => f.name === name)
  if (!found) throw new Error(`no field ${name} in ${message.fullName}`)
  return found
}

describe('gRPC discovery by reflection', () => {
  let server: LabServer
  const requests: ReflectionRequest[] = []
  const plugin = createGrpcPlugin({ onReflectionRequest: (r) => requests.push(r) })
  let services: ServiceInfo[]

  beforeAll(async () => {
    server = await startLabServer()
    services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('lists the services of the server without the reflection services themselves', () => {
    expect(services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
    const lab = services[0]!
    expect(lab).toMatchObject({ package: 'wbtest.v1', source: 'reflection', protocol: 'grpc', isUploaded: false })
    expect(lab.methods.map((m) => [m.name, m.methodType])).toEqual([
      ['Echo', 'Unary'],
      ['Count', 'ServerStreaming'],
      ['Sum', 'ClientStreaming'],
      ['Chat', 'Duplex'],
      ['Slow', 'Unary'],
      ['Fail', 'Unary'],
      ['Kitchen', 'Unary'],
      ['Tree', 'Unary'],
    ])
    expect(method(services, 'Chat')).toMatchObject({ clientStreaming: true, serverStreaming: true })
    expect(method(services, 'Echo').fullName).toBe('wbtest.v1.Lab.Echo')
  })

  it('describes every field kind: scalars, enums, repeated, maps, oneofs, nested messages and 64-bit integers', () => {
    const sink = method(services, 'Kitchen').inputType
    expect(sink.fullName).toBe('wbtest.v1.KitchenSink')
    expect(field(sink, 'big')).toMatchObject({ type: 'int64', number: 2, label: 'optional', isRepeated: false })
    expect(field(sink, 'unsignedBig')).toMatchObject({ type: 'uint64' })
    expect(field(sink, 'blob')).toMatchObject({ type: 'bytes', isBinary: true })
    expect(field(sink, 'colour')).toMatchObject({
      type: 'enum',
      enumValues: [
        { name: 'COLOUR_UNSPECIFIED', number: 0 },
        { name: 'COLOUR_RED', number: 1 },
        { name: 'COLOUR_GREEN', number: 2 },
      ],
    })
    expect(field(sink, 'tags')).toMatchObject({ type: 'string', label: 'repeated', isRepeated: true, isMap: false })
    expect(field(sink, 'palette')).toMatchObject({ type: 'enum', isRepeated: true })
    expect(field(sink, 'counts')).toMatchObject({ isMap: true, mapKeyType: 'string', mapValueType: 'int32' })
    const points = field(sink, 'points')
    expect(points).toMatchObject({ isMap: true, mapKeyType: 'string', mapValueType: 'message', type: 'message' })
    expect(points.messageType?.fullName).toBe('wbtest.v1.Point')
    expect(field(sink, 'origin').messageType?.fields.map((f) => f.name)).toEqual(['x', 'y'])
    expect(['name', 'number', 'where'].map((n) => field(sink, n).oneofName)).toEqual(['choice', 'choice', 'choice'])
    // proto3 `optional` is not a oneof the user must choose in, even though the server describes it as one.
    expect(field(sink, 'maybeText').oneofName).toBeUndefined()
  })

  it('marks well-known types by format, since their JSON form is not their field structure', () => {
    const sink = method(services, 'Kitchen').inputType
    const formats = ['when', 'took', 'extra', 'attributes', 'nickname', 'maybeBig'].map((n) => field(sink, n).format)
    expect(formats).toEqual([
      'google.protobuf.Timestamp',
      'google.protobuf.Duration',
      'google.protobuf.Any',
      'google.protobuf.Struct',
      'google.protobuf.StringValue',
      'google.protobuf.Int64Value',
    ])
    expect(field(sink, 'when').messageType).toEqual({
      name: 'Timestamp',
      fullName: 'google.protobuf.Timestamp',
      fields: [],
    })
  })

  it('cuts a recursive message instead of recursing forever', () => {
    const node = method(services, 'Tree').inputType
    const children = field(node, 'children')
    expect(children.messageType).toMatchObject({ fullName: 'wbtest.v1.Node', truncated: true, fields: [] })
    expect(field(node, 'parent').messageType?.truncated).toBe(true)
    expect(JSON.stringify(services).length).toBeLessThan(200_000)
  })

  it('repairs the descriptors @grpc/reflection serves (relative type names, no imports, no json names)', () => {
    // The server names its files after packages and lists no imports; the service still resolves fully.
    expect(requests.some((r) => 'fileContainingSymbol' in r)).toBe(true)
    expect(field(method(services, 'Echo').outputType, 'metadata')).toMatchObject({
      isMap: true,
      mapValueType: 'string',
    })
    expect(field(method(services, 'Count').inputType, 'delayMs').number).toBe(2)
  })

  it('forgets a target and rediscovers it', async () => {
    plugin.forget?.(server.url)
    const again = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(again.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
  })
})

describe('gRPC discovery fallbacks and failures', () => {
  const servers: LabServer[] = []
  const plugin = createGrpcPlugin()
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all(servers.map((s) => s.close()))
  })

  it('falls back to v1alpha reflection when the server has no v1', async () => {
    const server = await startLabServer({ reflection: 'v1alpha' })
    servers.push(server)
    const services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
  })

  it('accepts grpc:// and a bare host:port as plaintext addresses', async () => {
    const server = await startLabServer()
    servers.push(server)
    for (const url of [`grpc://127.0.0.1:${server.port}`, `127.0.0.1:${server.port}`]) {
      const services = await plugin.discover({ kind: 'url', url }, testContext())
      expect(services.map((s) => s.name)).toEqual(['wbtest.v1.Lab'])
    }
  })

  it('reports a server without reflection as having no services, with a hint to upload the .proto files', async () => {
    const server = await startLabServer({ reflection: 'none' })
    servers.push(server)
    const error = await plugin.discover({ kind: 'url', url: server.url }, testContext()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('no_services')
    expect((error as WorkbenchError).hint).toMatch(/upload/i)
  })

  it('takes one reply per reflection stream and cancels the stream when the server never ends it', async () => {
    const server = await startEndlessReflectionServer()
    try {
      const services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
      expect(services.map((s) => s.name)).toEqual(['p.Endless'])
      expect(server.streams()).toBeGreaterThanOrEqual(2)
      await vi.waitFor(() => expect(server.cancelled()).toBe(server.streams()), { timeout: 10_000 })
    } finally {
      await server.close()
    }
  })

  it('leaves an HTTP/1.1 server (a REST API) to other plugins instead of failing', async () => {
    const rest = await startEchoServer('{}', 'application/json')
    try {
      const error = await plugin.discover({ kind: 'url', url: rest.origin }, testContext()).catch((e: unknown) => e)
      expect((error as WorkbenchError).code).toBe('no_services')
    } finally {
      await rest.close()
    }
  })

  it('leaves document URLs and other schemes to other plugins', async () => {
    for (const url of ['http://127.0.0.1:1/openapi.json', 'ws://127.0.0.1:1/socket', 'localhost']) {
      const error = await plugin.discover({ kind: 'url', url }, testContext()).catch((e: unknown) => e)
      expect((error as WorkbenchError).code, url).toBe('no_services')
    }
  })

  it('refuses a host name that resolves to a cloud-metadata address, at connect time', async () => {
    const resolved: string[] = []
    const lookup = createGuardedLookup({}, (hostname) => {
      resolved.push(hostname)
      return Promise.resolve([{ address: '169.254.169.254', family: 4 }])
    })
    const guarded = createGrpcPlugin({ lookup })
    try {
      const error = await guarded
        .discover({ kind: 'url', url: 'http://innocent.example:50051' }, testContext())
        .catch((e: unknown) => e)
      expect(resolved).toEqual(['innocent.example'])
      expect((error as WorkbenchError).code).toBe('blocked_target')
    } finally {
      await guarded.dispose?.()
    }
  })

  it('refuses cloud-metadata addresses before connecting', async () => {
    const error = await plugin
      .discover({ kind: 'url', url: 'http://169.254.169.254:80' }, testContext())
      .catch((e: unknown) => e)
    expect((error as WorkbenchError).code).toBe('blocked_target')
  })
})
