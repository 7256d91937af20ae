/**
 * A @grpc/grpc-js server whose reflection (v1) answers every request but never ends the stream, as a hostile or
 * broken server might: it lists one service `p.Endless` and records the reflection streams the client cancelled.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { create, toBinary } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'

export interface EndlessReflectionServer {
  url: string
  /** Reflection streams opened so far. */
  streams(): number
  /** Reflection streams the client cancelled. */
  cancelled(): number
  close(): Promise<void>
}

type Json = Record<string, unknown>

const require = createRequire(import.meta.url)

const endlessFile = toBinary(
  FileDescriptorProtoSchema,
  create(FileDescriptorProtoSchema, {
    name: 'endless.proto',
    package: 'p',
    syntax: 'proto3',
    messageType: [{ name: 'Ping' }],
    service: [{ name: 'Endless', method: [{ name: 'Call', inputType: '.p.Ping', outputType: '.p.Ping' }] }],
  }),
)

function answer(request: Json): Json {
  if (request.listServices !== undefined) return { listServicesResponse: { service: [{ name: 'p.Endless' }] } }
  if (request.fileContainingSymbol === 'p.Endless' || request.fileByFilename === 'endless.proto') {
    return { fileDescriptorResponse: { fileDescriptorProto: [Buffer.from(endlessFile)] } }
  }
  return { errorResponse: { errorCode: grpc.status.NOT_FOUND, errorMessage: 'not found' } }
}

export async function startEndlessReflectionServer(): Promise<EndlessReflectionServer> {
  const root = join(dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto')
  const definition = protoLoader.loadSync('grpc/reflection/v1/reflection.proto', { includeDirs: [root] })
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    grpc: { reflection: { v1: { ServerReflection: { service: grpc.ServiceDefinition } } } }
  }
  const server = new grpc.Server()
  let streams = 0
  let cancelled = 0
  server.addService(loaded.grpc.reflection.v1.ServerReflection.service, {
    serverReflectionInfo(call: grpc.ServerDuplexStream<Json, Json>) {
      streams++
      call.on('data', (request: Json) => call.write(answer(request)))
      call.on('cancelled', () => cancelled++)
      // No call.end() when the client half-closes: the stream stays open until the client gives up on it.
    },
  })
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    streams: () => streams,
    cancelled: () => cancelled,
    close: () => {
      server.forceShutdown()
      return Promise.resolve()
    },
  }
}
