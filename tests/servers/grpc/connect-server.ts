/**
 * A @connectrpc/connect-node server of the `wbtest.v1.Lab` fixture speaking gRPC-Web, the Connect protocol and gRPC,
 * over HTTP/1.1 or over cleartext HTTP/2 (h2c). connect-node refuses duplex calls over HTTP/1.1 (505). Descriptors
 * come from compiling the fixture .proto files with buf at start-up; the routes serve other connect adapters too.
 * Server reflection is our own small fixture (connect-node has none): it answers from the same compiled descriptors,
 * with the reflection schema compiled from the .proto that @grpc/reflection ships.
 */
import { createServer } from 'node:http'
import { createServer as createH2cServer, createSecureServer } from 'node:http2'
import type { AddressInfo, Socket } from 'node:net'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { create, toBinary } from '@bufbuild/protobuf'
import type { DescFile, DescService, Message } from '@bufbuild/protobuf'
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt'
import { Code, ConnectError } from '@connectrpc/connect'
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect'
import { connectNodeAdapter } from '@connectrpc/connect-node'
import { compileRegistry } from './buf-compile.js'
import { grpcFixturesDir } from './lab-server.js'

const require = createRequire(import.meta.url)

export interface ConnectLabServer {
  url: string
  reflectionCalls(): number
  /** Paths of the requests that came over HTTP/1.1. */
  http1Requests(): string[]
  close(): Promise<void>
}

type Json = Record<string, unknown>

export interface LabRoutes {
  routes: (router: ConnectRouter) => void
  reflectionCalls: () => number
}

/** The Lab service and our reflection fixture as connect routes, for any connect server adapter. */
export async function createLabRoutes(): Promise<LabRoutes> {
  const reflectionRoot = join(dirname(require.resolve('@grpc/reflection/package.json')), 'build', 'proto')
  const [lab, reflection] = await Promise.all([
    compileRegistry(grpcFixturesDir, 'wbtest/v1/lab.proto'),
    compileRegistry(reflectionRoot, 'grpc/reflection/v1/reflection.proto'),
  ])
  const labService = lab.getService('wbtest.v1.Lab') as DescService
  const reflectionService = reflection.getService('grpc.reflection.v1.ServerReflection') as DescService
  const method = (name: string) => labService.methods.find((m) => m.name === name)!
  const reply = (name: string, init: Json): Message => create(method(name).output, init as never)
  let reflectionCalls = 0

  const filesWithDeps = (file: DescFile): DescFile[] => {
    const out = new Map<string, DescFile>()
    const visit = (f: DescFile): void => {
      if (out.has(f.name)) return
      out.set(f.name, f)
      f.dependencies.forEach(visit)
    }
    visit(file)
    return [...out.values()]
  }
  const fileResponse = (files: DescFile[]): Json => ({
    messageResponse: {
      case: 'fileDescriptorResponse',
      value: { fileDescriptorProto: files.map((f) => toBinary(FileDescriptorProtoSchema, f.proto)) },
    },
  })
  const answer = (request: Json): Json => {
    const inner = request.messageRequest as { case: string; value?: string }
    const notFound = {
      messageResponse: { case: 'errorResponse', value: { errorCode: Code.NotFound, errorMessage: 'not found' } },
    }
    switch (inner.case) {
      case 'listServices':
        return {
          messageResponse: {
            case: 'listServicesResponse',
            value: { service: [{ name: labService.typeName }, { name: reflectionService.typeName }] },
          },
        }
      case 'fileContainingSymbol': {
        const symbol = inner.value ?? ''
        const found = lab.get(symbol) ?? lab.getService(symbol)
        const file = found && 'file' in found ? found.file : undefined
        return file ? fileResponse(filesWithDeps(file)) : notFound
      }
      case 'fileByFilename': {
        const file = lab.getFile(inner.value ?? '')
        return file ? fileResponse([file]) : notFound
      }
      default:
        return notFound
    }
  }

  const routes = (router: ConnectRouter): void => {
    router.service(labService, {
      echo(request: Json, context: HandlerContext) {
        const metadata: Record<string, string> = {}
        context.requestHeader.forEach((value, key) => (metadata[key] = value))
        context.responseHeader.set('x-reply', 'hello')
        context.responseTrailer.set('x-trailer', 'bye')
        return reply('Echo', { text: request.text, metadata })
      },
      async *count(request: Json) {
        for (let i = 0; i < Number(request.count); i++) {
          // One reply per tick, like a server producing them over time.
          await new Promise((resolve) => setImmediate(resolve))
          yield reply('Count', { index: i })
        }
        if (Number(request.failCode)) throw new ConnectError('count failed', Number(request.failCode))
      },
      async sum(requests: AsyncIterable<Json>) {
        let total = 0n
        let count = 0
        for await (const r of requests) {
          total += BigInt(r.value as bigint)
          count++
        }
        return reply('Sum', { total, count })
      },
      async *chat(requests: AsyncIterable<Json>) {
        for await (const r of requests) yield reply('Chat', { text: `echo: ${r.text as string}`, seq: r.seq })
      },
      async slow(request: Json, context: HandlerContext) {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, Number(request.ms))
          context.signal.addEventListener('abort', () => clearTimeout(timer))
        })
        return reply('Slow', { waitedMs: Number(request.ms) })
      },
      fail(request: Json) {
        throw new ConnectError(request.message as string, Number(request.code))
      },
      kitchen: (request: Message) => request,
      tree: (request: Message) => request,
    } as never)
    router.service(reflectionService, {
      async *serverReflectionInfo(requests: AsyncIterable<Json>) {
        reflectionCalls++
        for await (const request of requests)
          yield create(reflectionService.methods[0]!.output, answer(request) as never)
      },
    } as never)
  }
  return { routes, reflectionCalls: () => reflectionCalls }
}

export interface ConnectLabServerOptions {
  http: '1.1' | '2'
  /** HTTPS instead: HTTP/2 and HTTP/1.1 on one port (ALPN), no client certificate asked for; `http` is ignored. */
  tls?: { cert: string; key: string }
}

export async function startConnectLabServer(options: ConnectLabServerOptions): Promise<ConnectLabServer> {
  const { routes, reflectionCalls } = await createLabRoutes()
  const handler = connectNodeAdapter({ routes })
  const server = options.tls
    ? createSecureServer({ cert: options.tls.cert, key: options.tls.key, allowHTTP1: true }, handler)
    : options.http === '1.1'
      ? createServer(handler)
      : createH2cServer(handler)
  const http1Requests: string[] = []
  if (options.http === '1.1' && !options.tls)
    server.on('request', (request: { url?: string }) => http1Requests.push(request.url ?? ''))
  const sockets = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reflectionCalls,
    http1Requests: () => [...http1Requests],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
