/**
 * A @grpc/grpc-js server of `wbtest.v1.Mailbox` with @grpc/reflection, whose envelopes carry google.protobuf.Any
 * payloads: some of types its reflection describes (wbtest.v1.Point, wbtest.v1.KitchenSink), some of types it never
 * registered (`acme.vault.v1.*`), as a server does that packs messages from a .proto it does not serve.
 */
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import protobuf from 'protobufjs'
import { grpcFixturesDir } from './lab-server.js'

export interface MailboxServer {
  url: string
  close(): void
}

type Json = Record<string, unknown>

const typeUrl = (name: string): string => `type.googleapis.com/${name}`

/** Bytes of messages the reflection does not describe (field 1 a string, field 2 a varint). */
export const hiddenSecret = Buffer.from([0x0a, 0x03, 0x61, 0x62, 0x63, 0x10, 0x07])
export const hiddenKey = Buffer.from([0x0a, 0x02, 0x6b, 0x31])
export const hiddenInner = Buffer.from([0x08, 0x01])

function packedKnownTypes(): { point: Buffer; sink: Buffer } {
  const root = new protobuf.Root()
  root.resolvePath = (_origin, target) =>
    target.startsWith('google/protobuf/') ? target : `${grpcFixturesDir}${target}`
  root.loadSync('wbtest/v1/types.proto')
  const Point = root.lookupType('wbtest.v1.Point')
  const Sink = root.lookupType('wbtest.v1.KitchenSink')
  return {
    point: Buffer.from(Point.encode({ x: 1, y: 2 }).finish()),
    // A known message that itself holds an Any of an unknown type.
    sink: Buffer.from(
      Sink.encode({ text: 'inside', extra: { type_url: typeUrl('acme.vault.v1.Inner'), value: hiddenInner } }).finish(),
    ),
  }
}

export async function startMailboxServer(): Promise<MailboxServer> {
  const definition = protoLoader.loadSync(['wbtest/v1/mailbox.proto'], {
    includeDirs: [grpcFixturesDir],
    keepCase: false,
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  })
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    wbtest: { v1: { Mailbox: grpc.ServiceClientConstructor } }
  }
  const { point, sink } = packedKnownTypes()
  const envelope = (id: string): Json => ({
    id,
    size: '42',
    // proto-loader keeps google.protobuf.Any's own field names (type_url) whatever keepCase says.
    payload: { type_url: typeUrl('acme.vault.v1.Secret'), value: hiddenSecret },
    attachments: [
      { type_url: typeUrl('wbtest.v1.Point'), value: point },
      { type_url: typeUrl('acme.vault.v1.Key'), value: hiddenKey },
      { type_url: typeUrl('wbtest.v1.KitchenSink'), value: sink },
    ],
    labels: {
      known: { type_url: typeUrl('wbtest.v1.Point'), value: point },
      hidden: { type_url: typeUrl('acme.vault.v1.Key'), value: hiddenKey },
    },
    opaque: { type_url: typeUrl('acme.vault.v1.Secret'), value: hiddenSecret },
    origin: { x: 3, y: 4 },
  })

  const server = new grpc.Server()
  server.addService(loaded.wbtest.v1.Mailbox.service, {
    open(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      callback(null, envelope((call.request.id as string | undefined) ?? ''))
    },
    watch(call: grpc.ServerWritableStream<Json, Json>) {
      for (let i = 0; i < Number(call.request.count ?? 0); i++) call.write(envelope(`env-${i}`))
      call.end()
    },
  })
  new ReflectionService(definition).addToServer(server)
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return { url: `http://127.0.0.1:${port}`, close: () => server.forceShutdown() }
}
