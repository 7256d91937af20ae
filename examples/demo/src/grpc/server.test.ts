import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { fromBinary, toJson } from '@bufbuild/protobuf'
import type { FileRegistry } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema, anyUnpack } from '@bufbuild/protobuf/wkt'
import * as grpc from '@grpc/grpc-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServiceHandle } from '../service-handle.js'
import { loadDemoRegistry, requireMessage, requireService, telemetryServiceName } from './descriptors.js'
import { grpcServiceDefinition } from './grpc-service.js'
import { startGrpcDemo } from './server.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic grpc-js clients and decoded messages, probed by the assertions
type Loose = any
type Client = grpc.Client & Record<string, (...args: Loose[]) => Loose>

const registry: FileRegistry = loadDemoRegistry()

function clientFor(service: string, url: string): Client {
  const Constructor = grpc.makeGenericClientConstructor(
    grpcServiceDefinition(requireService(registry, service)),
    service,
  )
  return new Constructor(url.replace('http://', ''), grpc.credentials.createInsecure()) as Client
}

/** A response as proto3 JSON, the way the workbench shows it. */
const json = (typeName: string, message: Loose) =>
  toJson(requireMessage(registry, typeName), message) as Record<string, Loose>

function unary(client: Client, method: string, request: unknown): Promise<Loose> {
  return new Promise((resolve, reject) => {
    client[method]!(request, (error: grpc.ServiceError | null, response: unknown) =>
      error ? reject(error) : resolve(response),
    )
  })
}

function unaryError(client: Client, method: string, request: unknown): Promise<grpc.ServiceError> {
  return unary(client, method, request).then(
    () => {
      throw new Error(`${method} succeeded`)
    },
    (error: grpc.ServiceError) => error,
  )
}

function collect(stream: grpc.ClientReadableStream<Loose>): Promise<Loose[]> {
  return new Promise((resolve, reject) => {
    const items: Loose[] = []
    stream.on('data', (item) => items.push(item))
    stream.on('error', reject)
    stream.on('end', () => resolve(items))
  })
}

/** grpc-status-details-bin as google.rpc.Status JSON with its details unpacked. */
function richDetails(error: grpc.ServiceError) {
  const statusSchema = requireMessage(registry, 'google.rpc.Status')
  const [bin] = error.metadata.get('grpc-status-details-bin')
  const status = fromBinary(statusSchema, bin as Buffer) as Loose
  return {
    code: status.code as number,
    details: (status.details as Loose[]).map((packed: Loose) => {
      const unpacked = anyUnpack(packed, registry)!
      return { type: unpacked.$typeName, value: json(unpacked.$typeName, unpacked) }
    }),
  }
}

describe('gRPC demo (Telemetry)', () => {
  let demo: DemoServiceHandle
  let client: Client
  beforeAll(async () => {
    demo = await startGrpcDemo({ host: '127.0.0.1', port: 0 })
    client = clientFor(telemetryServiceName, demo.service.url)
  })
  afterAll(async () => {
    client.close()
    await demo.close()
  })

  it('describes itself as a gRPC service on a loopback port', () => {
    expect(demo.service).toEqual({
      protocol: 'grpc',
      name: 'Telemetry (gRPC)',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
    })
  })

  it('answers GetStation with a rich station: oneof, map, repeated nested, int64, bytes, Timestamp, Duration', async () => {
    const station = json('wirebench.demo.v1.Station', await unary(client, 'GetStation', { stationId: 'st-ridge' }))
    expect(station).toMatchObject({
      id: 'st-ridge',
      status: 'STATION_STATUS_DEGRADED',
      battery: { percent: 23, remaining: '266400s' },
      labels: { region: 'alps', access: 'cable-car' },
      totalReadings: '9007199254740993',
      reportInterval: '300s',
      installedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(station.sensors[0]).toMatchObject({ kind: 'SENSOR_KIND_TEMPERATURE', calibration: { scale: 1 } })
    expect(Buffer.from(station.firmwareHash, 'base64')).toHaveLength(32)
  })

  it('answers NOT_FOUND for an unknown station, naming known ids', async () => {
    const error = await unaryError(client, 'GetStation', { stationId: 'nope' })
    expect(error.code).toBe(grpc.status.NOT_FOUND)
    expect(error.details).toMatch(/Known ids include st-harbor/)
  })

  it('lists stations filtered by status', async () => {
    const { stations } = await unary(client, 'ListStations', { status: 1 })
    expect(stations.map((s: { id: string }) => s.id)).toEqual(['st-harbor', 'st-airport'])
  })

  it('streams the requested number of readings in order', async () => {
    const readings = await collect(client.StreamReadings!({ stationId: 'st-airport', count: 2000, intervalMs: 0 }))
    expect(readings).toHaveLength(2000)
    expect(readings.map((r) => Number(r.sequence))).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1))
    expect(new Set(readings.map((r) => String(r.sensorId))).size).toBe(5)
    expect(json('wirebench.demo.v1.Reading', readings[0])).toMatchObject({
      stationId: 'st-airport',
      quality: 'QUALITY_GOOD',
    })
  })

  it('streams only the requested sensor kinds, paced by the interval', async () => {
    const readings = await collect(
      client.StreamReadings!({ stationId: 'st-harbor', count: 3, intervalMs: 5, kinds: [3] }),
    )
    expect(readings.map((r) => String(r.sensorId))).toEqual(['harbor-press', 'harbor-press', 'harbor-press'])
  })

  it('refuses an out-of-range stream request with BadRequest details', async () => {
    const error = await collect(client.StreamReadings!({ stationId: 'st-harbor', count: 100_001 })).then(
      () => undefined,
      (caught: grpc.ServiceError) => caught,
    )
    expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT)
    expect(richDetails(error!).details[0]).toEqual({
      type: 'google.rpc.BadRequest',
      value: { fieldViolations: [{ field: 'count', description: 'must be at most 100000' }] },
    })
  })

  it('summarises uploaded readings per sensor', async () => {
    const summary = await new Promise<Loose>((resolve, reject) => {
      const call = client.UploadReadings!((error: grpc.ServiceError | null, response: unknown) =>
        error ? reject(error) : resolve(response),
      )
      call.write({ sensorId: 'a', value: 1, takenAt: { seconds: 100n, nanos: 0 } })
      call.write({ sensorId: 'a', value: 3, takenAt: { seconds: 160n, nanos: 0 } })
      call.write({ sensorId: 'b', value: -2 })
      call.write({ sensorId: '', value: 9 })
      call.end()
    })
    expect(json('wirebench.demo.v1.UploadSummary', summary)).toEqual({
      accepted: '3',
      rejected: '1',
      bySensor: { a: { count: '2', min: 1, max: 3, mean: 2 }, b: { count: '1', min: -2, max: -2, mean: -2 } },
      firstTakenAt: '1970-01-01T00:01:40Z',
      lastTakenAt: '1970-01-01T00:02:40Z',
      span: '60s',
    })
  })

  it('echoes chat messages with a server timestamp and lets the bot answer questions', async () => {
    const call = client.Chat!()
    const received = collect(call)
    call.write({ author: 'ana', text: 'hello', attributes: { mood: 'curious' } })
    call.write({ author: 'ana', text: 'how is st-ridge?' })
    call.end()
    const messages = (await received).map((m) => json('wirebench.demo.v1.ChatMessage', m))
    expect(messages.map((m) => [String(m.role), String(m.author)])).toEqual([
      ['ROLE_ECHO', 'ana'],
      ['ROLE_ECHO', 'ana'],
      ['ROLE_BOT', 'station-bot'],
    ])
    expect(messages[0]!.attributes).toEqual({ mood: 'curious' })
    expect(Date.parse(messages[0]!.sentAt)).toBeGreaterThan(0)
    expect(messages[2]!.text).toMatch(/Ridge Summit \(st-ridge\) is degraded/)
  })

  it('rejects an invalid registration with every violation as google.rpc.BadRequest', async () => {
    const error = await unaryError(client, 'RegisterStation', {
      station: {
        id: 'X',
        location: { latitude: 91, longitude: 0 },
        sensors: [{ id: 's' }],
        labels: { 'Bad Key': 'v' },
      },
    })
    expect(error.code).toBe(grpc.status.INVALID_ARGUMENT)
    expect(error.details).toBe('The station is not valid: 6 fields are wrong.')
    expect(richDetails(error)).toEqual({
      code: grpc.status.INVALID_ARGUMENT,
      details: [
        {
          type: 'google.rpc.BadRequest',
          value: {
            fieldViolations: [
              { field: 'station.id', description: 'must be 3 to 32 lower-case letters, digits or dashes' },
              { field: 'station.name', description: 'must not be empty' },
              { field: 'station.status', description: 'must be set' },
              { field: 'station.location.latitude', description: 'must be between -90 and 90' },
              { field: 'station.sensors[0].kind', description: 'must be set' },
              { field: 'station.labels["Bad Key"]', description: 'keys are lower-case, start with a letter' },
            ],
          },
        },
        {
          type: 'google.rpc.ErrorInfo',
          value: { reason: 'INVALID_STATION', domain: 'demo.wirebench.dev', metadata: { violations: '6' } },
        },
      ],
    })
  })

  it('registers a valid station once, validates without keeping, and refuses a duplicate', async () => {
    const station = {
      id: 'st-new',
      name: 'New Pier',
      status: 1,
      location: { latitude: 1, longitude: 2 },
      sensors: [{ id: 'pier-temp', kind: 1, unit: '°C' }],
      power: { case: 'grid', value: { voltage: 110 } },
    }
    await unary(client, 'RegisterStation', { station: { ...station, id: 'st-dry' }, validateOnly: true })
    expect((await unaryError(client, 'GetStation', { stationId: 'st-dry' })).code).toBe(grpc.status.NOT_FOUND)
    const saved = json('wirebench.demo.v1.Station', await unary(client, 'RegisterStation', { station }))
    expect(saved).toMatchObject({ id: 'st-new', grid: { voltage: 110 } })
    expect(await unary(client, 'GetStation', { stationId: 'st-new' })).toMatchObject({ name: 'New Pier' })
    expect((await unaryError(client, 'RegisterStation', { station })).code).toBe(grpc.status.ALREADY_EXISTS)
  })

  it.each(['grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection'])(
    'serves %s with real file names, comments and the error detail types',
    async (service) => {
      const reflection = clientFor(service, demo.service.url)
      try {
        const call = reflection.ServerReflectionInfo!()
        const answers = collect(call)
        call.write({ messageRequest: { case: 'listServices', value: '' } })
        call.write({ messageRequest: { case: 'fileContainingSymbol', value: 'wirebench.demo.v1.Telemetry.Chat' } })
        call.write({ messageRequest: { case: 'fileByFilename', value: 'nope.proto' } })
        call.end()
        const [list, files, missing] = await answers
        expect(list.messageResponse.value.service.map((s: { name: string }) => s.name)).toEqual(
          expect.arrayContaining([telemetryServiceName, service]),
        )
        const protos = files.messageResponse.value.fileDescriptorProto.map((bytes: Uint8Array) =>
          fromBinary(FileDescriptorProtoSchema, bytes),
        )
        expect(protos[0].name).toBe('wirebench/demo/v1/telemetry.proto')
        expect(protos.map((p: { name: string }) => p.name)).toEqual(
          expect.arrayContaining(['google/rpc/error_details.proto', 'google/protobuf/timestamp.proto']),
        )
        const comments = protos[0].sourceCodeInfo.location.map((l: { leadingComments: string }) => l.leadingComments)
        expect(comments.join('\n')).toMatch(/Try station_id "st-harbor"/)
        // The rules RegisterStation checks are in the comments a client shows beside each field.
        expect(comments.join('\n')).toMatch(/3 to 32 characters/)
        expect(comments.join('\n')).toMatch(/empty or exactly 32 bytes/)
        expect(missing.messageResponse).toEqual({
          case: 'errorResponse',
          value: expect.objectContaining({ errorCode: grpc.status.NOT_FOUND }),
        })
      } finally {
        reflection.close()
      }
    },
  )

  it('closes promptly while a slow stream is still open', async () => {
    const other = await startGrpcDemo({ host: '127.0.0.1', port: 0 })
    const otherClient = clientFor(telemetryServiceName, other.service.url)
    const stream = otherClient.StreamReadings!({ stationId: 'st-harbor', count: 1000, intervalMs: 1000 })
    const ended = collect(stream).then(
      () => 'ended',
      (error: grpc.ServiceError) => error.code,
    )
    await new Promise((resolve) => {
      stream.once('data', resolve)
    })
    await other.close()
    expect(await ended).not.toBe('ended')
    otherClient.close()
  })
})

describe('gRPC demo descriptors', () => {
  it('match the .proto sources (else run node examples/demo/scripts/compile-proto.mjs)', () => {
    const script = fileURLToPath(new URL('../../scripts/compile-proto.mjs', import.meta.url))
    const check = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' })
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
  })

  it('use the enum numbers the handlers are written against', async () => {
    const { ChatRole, ReadingQuality, SensorKind, StationStatus } = await import('./messages.js')
    const values = (name: string) =>
      Object.fromEntries(
        registry.getEnum(name)!.values.map((v) => [v.name.replace(/^[A-Z]+(_KIND|_STATUS)?_/, ''), v.number]),
      )
    expect(values('wirebench.demo.v1.SensorKind')).toEqual(SensorKind)
    expect(values('wirebench.demo.v1.StationStatus')).toEqual(StationStatus)
    expect(values('wirebench.demo.v1.Reading.Quality')).toEqual(ReadingQuality)
    expect(values('wirebench.demo.v1.ChatMessage.Role')).toEqual(ChatRole)
  })
})
