/**
 * A small gRPC server reflection client: v1 first, v1alpha when the server answers UNIMPLEMENTED. Each request goes
 * on its own stream (send, half-close, read the one reply, cancel), so it also works over transports that cannot
 * interleave a duplex call (gRPC-Web and the Connect protocol over HTTP/1.1).
 */
import { fromBinary, fromJson } from '@bufbuild/protobuf'
import type { DescMethodBiDiStreaming } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import type { FileDescriptorProto } from '@bufbuild/protobuf/wkt'
import { Code, ConnectError } from '@connectrpc/connect'
import type { Transport } from '@connectrpc/connect'
import { WorkbenchError } from '@wirebench/core'
import { asyncItems } from '../async-items.js'
import { reflectionSchemas } from './reflection-schema.js'
import type { ReflectionSchema, ReflectionVersion } from './reflection-schema.js'

export type ReflectionRequest = { listServices: string } | { fileContainingSymbol: string } | { fileByFilename: string }

type ResponseShape = {
  messageResponse:
    | { case: 'fileDescriptorResponse'; value: { fileDescriptorProto: Uint8Array[] } }
    | { case: 'listServicesResponse'; value: { service: { name: string }[] } }
    | { case: 'errorResponse'; value: { errorCode: number; errorMessage: string } }
    | { case: 'allExtensionNumbersResponse' | undefined; value?: unknown }
}

export interface ReflectionClientOptions {
  transport: Transport
  /** Request headers of every reflection call (user metadata, auth, the deadline header). */
  headers: () => Headers
  signal: AbortSignal
  /** Counts requests (tests and logs). */
  onRequest?: (request: ReflectionRequest) => void
}

/** One file descriptor of a reflection answer and its encoded size (what it costs to keep). */
export interface ReflectedFile {
  proto: FileDescriptorProto
  bytes: number
}

export interface ReflectionClient {
  listServices(): Promise<string[]>
  /** The file that defines `symbol` and whatever the server sends along (often its dependencies). */
  fileContainingSymbol(symbol: string): Promise<ReflectedFile[]>
  fileByFilename(name: string): Promise<ReflectedFile[]>
  /** The reflection version the server answered, once known. */
  version(): ReflectionVersion | undefined
}

/** A reflection `error_response` (the server runs reflection but has no answer for this symbol or file). */
export class ReflectionLookupError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export function createReflectionClient(options: ReflectionClientOptions): ReflectionClient {
  let chosen: ReflectionSchema | undefined

  async function callOnce(schema: ReflectionSchema, request: ReflectionRequest): Promise<ResponseShape> {
    const message = fromJson(schema.request, request)
    // One reply is all we asked for: the stream is cancelled after it, so a server that never ends the stream
    // (or keeps sending) cannot hold the request open or make us read more.
    const stream = new AbortController()
    const stop = (): void => stream.abort(options.signal.reason)
    options.signal.addEventListener('abort', stop)
    try {
      if (options.signal.aborted) stop()
      const response = await options.transport.stream(
        schema.method as DescMethodBiDiStreaming,
        stream.signal,
        undefined,
        options.headers(),
        asyncItems([message]),
      )
      const first = await response.message[Symbol.asyncIterator]().next()
      if (first.done) throw new ConnectError('the server closed the reflection stream without an answer', Code.Internal)
      return first.value as unknown as ResponseShape
    } finally {
      options.signal.removeEventListener('abort', stop)
      stream.abort()
    }
  }

  async function call(request: ReflectionRequest): Promise<ResponseShape> {
    options.onRequest?.(request)
    if (chosen) return callOnce(chosen, request)
    let last: unknown
    for (const schema of reflectionSchemas) {
      try {
        const answer = await callOnce(schema, request)
        chosen = schema
        return answer
      } catch (error) {
        if (!(error instanceof ConnectError) || error.code !== Code.Unimplemented) throw error
        last = error
      }
    }
    throw last
  }

  async function files(request: ReflectionRequest, what: string): Promise<ReflectedFile[]> {
    const answer = (await call(request)).messageResponse
    if (answer.case === 'errorResponse')
      throw new ReflectionLookupError(answer.value.errorCode, answer.value.errorMessage)
    if (answer.case !== 'fileDescriptorResponse') {
      throw new WorkbenchError('upstream_invalid', `The reflection answer for ${what} carries no file descriptors.`)
    }
    return answer.value.fileDescriptorProto.map((bytes) => {
      try {
        return { proto: fromBinary(FileDescriptorProtoSchema, bytes), bytes: bytes.byteLength }
      } catch (cause) {
        throw new WorkbenchError(
          'upstream_invalid',
          `The server sent a file descriptor for ${what} that does not parse.`,
          {
            cause,
          },
        )
      }
    })
  }

  return {
    async listServices() {
      const answer = (await call({ listServices: '' })).messageResponse
      if (answer.case === 'errorResponse') {
        throw new WorkbenchError(
          'upstream_error',
          `Server reflection refused to list services: ${answer.value.errorMessage}`,
        )
      }
      if (answer.case !== 'listServicesResponse') {
        throw new WorkbenchError('upstream_invalid', 'The server answered the service list with something else.')
      }
      return answer.value.service.map((s) => s.name)
    },
    fileContainingSymbol: (symbol) => files({ fileContainingSymbol: symbol }, symbol),
    fileByFilename: (name) => files({ fileByFilename: name }, name),
    version: () => chosen?.version,
  }
}
