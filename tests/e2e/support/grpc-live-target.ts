/** A real @grpc/grpc-js server with reflection for the live-call browser tests; it records every call the client cancelled. */
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadPackageDefinition, Server, ServerCredentials } from '@grpc/grpc-js'
import type { GrpcObject, ServerWritableStream, ServiceClientConstructor } from '@grpc/grpc-js'
import { loadSync } from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'

export interface GrpcLiveTarget {
  /** Discovery URL (plaintext h2c). */
  url: string
  /** Streams that started, and those the client cancelled. */
  started: () => number
  cancelled: () => number
  /** The `authorization` metadata of each stream, in order (undefined when there was none). */
  authorizations: () => Array<string | undefined>
  /** Resolves when a cancellation has been seen (or rejects after `ms`). */
  waitForCancel: (ms?: number) => Promise<void>
  close: () => Promise<void>
}

interface TicksRequest {
  count: number
  intervalMs: number
}

export async function startGrpcLiveTarget(): Promise<GrpcLiveTarget> {
  const definition = loadSync(fileURLToPath(new URL('./grpc-live-target.proto', import.meta.url)), {
    keepCase: false,
    longs: String,
    defaults: true,
  })
  const ticker = ((loadPackageDefinition(definition).wirebench as GrpcObject).e2e as GrpcObject).live as GrpcObject
  let started = 0
  let cancelled = 0
  const authorizations: Array<string | undefined> = []
  const cancelWaiters = new Set<() => void>()
  const server = new Server()
  server.addService((ticker.Ticker as ServiceClientConstructor).service, {
    Ticks: (call: ServerWritableStream<TicksRequest, { n: number }>) => {
      void tick(call)
    },
  })
  async function tick(call: ServerWritableStream<TicksRequest, { n: number }>): Promise<void> {
    started++
    authorizations.push(call.metadata.get('authorization')[0]?.toString())
    let isCancelled = false
    call.once('cancelled', () => {
      isCancelled = true
      cancelled++
      for (const wake of cancelWaiters) wake()
    })
    for (let n = 1; n <= call.request.count && !isCancelled; n++) {
      if (!call.write({ n })) {
        await new Promise((go) => {
          call.once('drain', go)
          call.once('cancelled', go)
        })
      }
      if (call.request.intervalMs > 0) await sleep(call.request.intervalMs)
    }
    if (!isCancelled) call.end()
  }
  new ReflectionService(definition).addToServer(server)
  const port = await new Promise<number>((bound, fail) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, p) => (error ? fail(error) : bound(p))),
  )
  return {
    url: `http://127.0.0.1:${port}`,
    started: () => started,
    cancelled: () => cancelled,
    authorizations: () => [...authorizations],
    waitForCancel: (ms = 10_000) =>
      new Promise((done, fail) => {
        if (cancelled > 0) return done()
        const timer = setTimeout(() => {
          cancelWaiters.delete(wake)
          fail(new Error(`The gRPC server saw no cancellation within ${ms} ms.`))
        }, ms)
        const wake = () => {
          clearTimeout(timer)
          cancelWaiters.delete(wake)
          done()
        }
        cancelWaiters.add(wake)
      }),
    close: () =>
      new Promise((done) => {
        server.tryShutdown(() => done())
        // A stream still open would hold tryShutdown forever.
        setTimeout(() => server.forceShutdown(), 2000).unref()
      }),
  }
}
