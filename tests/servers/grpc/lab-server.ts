/**
 * A @grpc/grpc-js server of the `wbtest.v1.Lab` fixture (tests/fixtures/grpc) with @grpc/reflection, on a loopback
 * port: every call kind, a slow method that records cancellations, rich error details, and connection counting.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import type { AddressInfo, Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { addReflection } from 'grpc-server-reflection'
import protobuf from 'protobufjs'
import { compileDescriptorSet } from './buf-compile.js'

export const grpcFixturesDir = fileURLToPath(new URL('../../fixtures/grpc/', import.meta.url))

/**
 * `v1+v1alpha` and `v1alpha`: @grpc/reflection (the facade serves both; its v1alpha implementation alone is a server
 * that predates v1). `grpc-server-reflection`: the `grpc-server-reflection` package, v1alpha only, answering from a
 * FileDescriptorSet file (each file without its imports, which the client then asks for by name).
 */
export type ReflectionMode = 'v1+v1alpha' | 'v1alpha' | 'grpc-server-reflection' | 'none'

export interface LabServerOptions {
  reflection?: ReflectionMode
  /** TLS: PEM certificate and key of the server; `clientCa` turns on client-certificate checks (mTLS). */
  tls?: { cert: string; key: string; clientCa?: string }
}

export interface LabServer {
  /** `http://127.0.0.1:port` (or `https://` with TLS). */
  url: string
  port: number
  /** Reflection calls (one per ServerReflectionInfo stream) the server has seen. */
  reflectionCalls(): number
  /** Requests of the reflection streams, by kind (`listServices`, `fileContainingSymbol`…). */
  reflectionRequests(): string[]
  /** Method names whose calls the server saw cancelled by the client. */
  cancelled(): string[]
  /** Resolves when a call of `method` has been seen cancelled. */
  whenCancelled(method: string): Promise<void>
  /** Replies the latest Count call has written so far. */
  countSent(): number
  /** Resolves with the replies written when a Count call first finds the client not reading (flow control). */
  whenCountBlocked(): Promise<number>
  /** TCP connections open right now. */
  openConnections(): number
  close(): Promise<void>
}

type Handler = grpc.UntypedHandleCall
type Json = Record<string, unknown>

const require = createRequire(import.meta.url)

// protobufjs finds its 64-bit integer library through an eval'd `require` that the test runner's module loader
// hides; without it int64 values lose precision. Hand it over explicitly, to every instance that may be loaded.
const longModule = createRequire(require.resolve('protobufjs'))('long') as { default?: unknown }
const Long = (longModule.default ?? longModule) as typeof protobuf.util.Long
for (const instance of [protobuf, require('protobufjs') as typeof protobuf]) {
  instance.util.Long = Long
  instance.configure()
}

function loadDefinition(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(['wbtest/v1/lab.proto'], {
    includeDirs: [grpcFixturesDir],
    keepCase: false,
    longs: String,
    enums: String,
    bytes: String,
    defaults: false,
    oneofs: true,
  })
}

/** google.rpc.Status with ErrorInfo and BadRequest details, encoded as grpc-status-details-bin. */
function richStatus(code: number, message: string): Buffer {
  const root = new protobuf.Root()
  root.resolvePath = (_origin, target) =>
    target.startsWith('google/protobuf/') ? target : `${grpcFixturesDir}${target}`
  root.loadSync(['google/rpc/status.proto', 'google/rpc/error_details.proto'])
  const Status = root.lookupType('google.rpc.Status')
  const ErrorInfo = root.lookupType('google.rpc.ErrorInfo')
  const BadRequest = root.lookupType('google.rpc.BadRequest')
  const info = ErrorInfo.encode({ reason: 'QUOTA', domain: 'wbtest.example', metadata: { limit: '3' } }).finish()
  const bad = BadRequest.encode({ fieldViolations: [{ field: 'code', description: 'must be odd' }] }).finish()
  const status = Status.encode({
    code,
    message,
    details: [
      { type_url: 'type.googleapis.com/google.rpc.ErrorInfo', value: info },
      { type_url: 'type.googleapis.com/google.rpc.BadRequest', value: bad },
      { type_url: 'type.googleapis.com/wbtest.unknown.Detail', value: Buffer.from([8, 1]) },
    ],
  }).finish()
  return Buffer.from(status)
}

function metadataRecord(metadata: grpc.Metadata): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(metadata.getMap())) {
    out[key] = Buffer.isBuffer(value) ? `bin:${value.toString('base64')}` : value
  }
  return out
}

export async function startLabServer(options: LabServerOptions = {}): Promise<LabServer> {
  const definition = loadDefinition()
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    wbtest: { v1: { Lab: grpc.ServiceClientConstructor } }
  }
  const server = new grpc.Server()
  const cancelled: string[] = []
  const cancelWaiters: { method: string; resolve: () => void }[] = []
  const markCancelled = (method: string): void => {
    cancelled.push(method)
    for (const waiter of cancelWaiters.filter((w) => w.method === method)) waiter.resolve()
  }

  let countSent = 0
  const blockedWaiters: ((sent: number) => void)[] = []

  const handlers: Record<string, Handler> = {
    echo(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      const reply = new grpc.Metadata()
      reply.set('x-reply', 'hello')
      call.sendMetadata(reply)
      const trailer = new grpc.Metadata()
      trailer.set('x-trailer', 'bye')
      callback(null, { text: call.request.text, metadata: metadataRecord(call.metadata) }, trailer)
    },
    count(call: grpc.ServerWritableStream<Json, Json>) {
      const count = Number(call.request.count ?? 0)
      const delay = Number(call.request.delayMs ?? 0)
      const failCode = Number(call.request.failCode ?? 0)
      let index = 0
      let stopped = false
      countSent = 0
      call.on('cancelled', () => {
        stopped = true
        markCancelled('Count')
      })
      const next = (): void => {
        if (stopped) return
        if (index >= count) {
          if (failCode !== 0) call.emit('error', { code: failCode, details: 'count failed' })
          else call.end()
          return
        }
        const ok = call.write({ index: index++ })
        countSent = index
        if (!ok) for (const waiter of blockedWaiters.splice(0)) waiter(index)
        if (delay > 0) setTimeout(next, delay)
        else if (ok) setImmediate(next)
        else call.once('drain', next)
      }
      next()
    },
    sum(call: grpc.ServerReadableStream<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      let total = 0n
      let n = 0
      call.on('data', (message: Json) => {
        total += BigInt((message.value as string | undefined) ?? '0')
        n++
      })
      call.on('end', () => callback(null, { total: total.toString(), count: n }))
    },
    chat(call: grpc.ServerDuplexStream<Json, Json>) {
      call.on('data', (message: Json) =>
        call.write({ text: `echo: ${(message.text as string | undefined) ?? ''}`, seq: message.seq }),
      )
      call.on('end', () => call.end())
      call.on('cancelled', () => markCancelled('Chat'))
    },
    slow(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      const ms = Number(call.request.ms ?? 0)
      const started = Date.now()
      const timer = setTimeout(() => callback(null, { waitedMs: Date.now() - started }), ms)
      call.on('cancelled', () => {
        clearTimeout(timer)
        markCancelled('Slow')
      })
    },
    fail(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      const code = Number(call.request.code ?? 2)
      const message = (call.request.message as string | undefined) ?? 'it failed'
      const metadata = new grpc.Metadata()
      metadata.set('grpc-status-details-bin', richStatus(code, message))
      callback({ code, details: message, metadata })
    },
    kitchen(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      callback(null, call.request)
    },
    tree(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      callback(null, call.request)
    },
  }
  server.addService(loaded.wbtest.v1.Lab.service, handlers)

  let reflectionCalls = 0
  const reflectionRequests: string[] = []
  const counting: Pick<grpc.Server, 'addService'> = {
    addService(service, implementation) {
      const wrapped: grpc.UntypedServiceImplementation = {}
      for (const [name, handler] of Object.entries(implementation)) {
        wrapped[name] = (call: grpc.ServerDuplexStream<Json, Json>) => {
          reflectionCalls++
          call.on('data', (request: Json) => {
            const kind = Object.keys(request).find((k) => k !== 'host' && request[k] !== undefined)
            reflectionRequests.push(kind ?? 'unknown')
          })
          ;(handler as (call: grpc.ServerDuplexStream<Json, Json>) => void)(call)
        }
      }
      server.addService(service, wrapped)
    },
  }
  const mode = options.reflection ?? 'v1+v1alpha'
  if (mode === 'v1+v1alpha') new ReflectionService(definition).addToServer(counting)
  if (mode === 'v1alpha') {
    // The facade always serves both versions; the v1alpha implementation alone is a server that predates v1.
    const { ReflectionV1AlphaImplementation } =
      require('@grpc/reflection/build/src/implementations/reflection-v1alpha.js') as {
        ReflectionV1AlphaImplementation: new (pkg: protoLoader.PackageDefinition) => {
          addToServer(server: Pick<grpc.Server, 'addService'>): void
        }
      }
    new ReflectionV1AlphaImplementation(definition).addToServer(counting)
  }
  let descriptorDir: string | undefined
  if (mode === 'grpc-server-reflection') {
    descriptorDir = await mkdtemp(join(tmpdir(), 'wirebench-lab-'))
    const path = join(descriptorDir, 'lab.binpb')
    await writeFile(path, await compileDescriptorSet(grpcFixturesDir, 'wbtest/v1/lab.proto'))
    addReflection(server, path)
  }

  const credentials = options.tls
    ? grpc.ServerCredentials.createSsl(
        options.tls.clientCa ? Buffer.from(options.tls.clientCa) : null,
        [{ cert_chain: Buffer.from(options.tls.cert), private_key: Buffer.from(options.tls.key) }],
        options.tls.clientCa !== undefined,
      )
    : grpc.ServerCredentials.createInsecure()
  // Our own listener hands connections to grpc-js, so the test can count (and the fixture close) them.
  const injector = server.createConnectionInjector(credentials)
  const sockets = new Set<Socket>()
  const listener = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    injector.injectConnection(socket)
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const port = (listener.address() as AddressInfo).port

  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    reflectionCalls: () => reflectionCalls,
    reflectionRequests: () => [...reflectionRequests],
    cancelled: () => [...cancelled],
    whenCancelled: (method) =>
      cancelled.includes(method)
        ? Promise.resolve()
        : new Promise<void>((resolve) => cancelWaiters.push({ method, resolve })),
    countSent: () => countSent,
    whenCountBlocked: () => new Promise<number>((resolve) => blockedWaiters.push(resolve)),
    openConnections: () => sockets.size,
    async close() {
      injector.destroy()
      server.forceShutdown()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => listener.close(() => resolve()))
      if (descriptorDir !== undefined) await rm(descriptorDir, { recursive: true, force: true })
    },
  }
}
