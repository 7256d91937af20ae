/**
 * Each protocol's runner path: `POST /api/bench/start` through the server's invoke path against a real server of that
 * protocol (grpc-js with reflection, graphql-yoga, the MCP SDK lab server, our SignalR hub server — the one the SignalR
 * tests prove with the official client — and the Python example sidecar with the toy server). Each run's calls are
 * counted at the target, its percentiles are present, and its failures are counted by the protocol's status.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { createSchema, createYoga } from 'graphql-yoga'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import type { BenchStartRequest, BenchStatus, DiscoverResponse } from '@wirebench/core'
import { HubError, startHubServer, startToyServer } from '@wirebench/demo'
import type { HubServer, ToyServer } from '@wirebench/demo'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { grpcFixturesDir } from '../servers/grpc/lab-server.js'
import { startLabServer as startMcpLab } from '../servers/mcp/lab-server.js'
import type { LabServer as McpLab } from '../servers/mcp/lab-server.js'
import { pythonExampleDir } from '../servers/sidecar/plugin-dirs.js'
import { runCli } from '../servers/cli/run-cli.js'

type Json = Record<string, unknown>

/** Calls each target saw, by what it counts. */
const seen = { grpc: 0, graphql: 0, hub: 0 }

/** A grpc-js server of the lab proto's Echo (every 10th call refused with RESOURCE_EXHAUSTED), with reflection. */
async function startGrpc(): Promise<{ url: string; close(): void }> {
  const definition = protoLoader.loadSync(['wbtest/v1/lab.proto'], { includeDirs: [grpcFixturesDir] })
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    wbtest: { v1: { Lab: grpc.ServiceClientConstructor } }
  }
  const server = new grpc.Server()
  server.addService(loaded.wbtest.v1.Lab.service, {
    echo(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      seen.grpc += 1
      if (seen.grpc % 10 === 0) return callback({ code: grpc.status.RESOURCE_EXHAUSTED, details: 'every 10th' })
      callback(null, { text: call.request.text })
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

/** graphql-yoga with one query field whose every 10th resolution fails (a GraphQL error, HTTP 200). */
async function startGraphql(): Promise<{ server: Server; url: string }> {
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type Query { next: Int! }',
      resolvers: {
        Query: {
          next: () => {
            seen.graphql += 1
            if (seen.graphql % 10 === 0) throw new Error('every 10th')
            return seen.graphql
          },
        },
      },
    }),
    logging: false,
  })
  // yoga's node handler returns a promise the http server ignores; it answers every request itself.
  const server = createServer((request, response) => void yoga(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql` }
}

let grpcTarget: { url: string; close(): void }
let graphqlTarget: { server: Server; url: string }
let mcp: McpLab
let hubs: HubServer
let toy: ToyServer
let wb: StandaloneServer
let base = ''
let configDir = ''

beforeAll(async () => {
  grpcTarget = await startGrpc()
  graphqlTarget = await startGraphql()
  mcp = await startMcpLab()
  hubs = await startHubServer({
    hubs: [
      {
        path: '/hubs/bench',
        hub: {
          methods: {
            Add({ args }) {
              seen.hub += 1
              if (seen.hub % 10 === 0) throw new HubError('every 10th')
              return Number(args[0]) + Number(args[1])
            },
          },
        },
      },
    ],
  })
  toy = await startToyServer({ host: '127.0.0.1' })
  configDir = await mkdtemp(join(tmpdir(), 'wb-bench-protocols-'))
  wb = await createStandaloneServer({
    port: 0,
    configDir,
    uiDir: null,
    logLevel: false,
    pluginDirs: [pythonExampleDir],
    sidecarLimits: { pingIntervalMs: 0 },
  })
  base = await wb.listen()
}, 60_000)
afterAll(async () => {
  await wb?.close()
  grpcTarget?.close()
  await new Promise((resolve) => graphqlTarget?.server.close(resolve))
  await mcp?.close()
  await hubs?.close()
  await toy?.close()
  await rm(configDir, { recursive: true, force: true })
})

async function api(path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Json }
}

/** Discovers `url`, benchmarks `service/method` with `message` and returns the finished run's result. */
async function benchRun(
  url: string,
  address: { protocol: string; service: string; method: string },
  message: unknown,
  settings: BenchStartRequest['settings'],
): Promise<NonNullable<BenchStatus['result']>> {
  const discovered = (await api('/api/discover', { urls: [url] })).json as unknown as DiscoverResponse
  const service = discovered.services.find((s) => s.protocol === address.protocol && s.name === address.service)
  expect(
    service?.methods.map((m) => m.name),
    JSON.stringify(discovered.attempts),
  ).toContain(address.method)
  const started = await api('/api/bench/start', {
    call: { ...address, url: service?.originUrl ?? url, messages: [message] },
    settings,
    // These targets count calls only: whatever the method may change is the test server's own.
    allowStateChanging: true,
  } satisfies BenchStartRequest)
  expect(started.status, JSON.stringify(started.json)).toBe(200)
  for (;;) {
    const status = (await api('/api/bench/status', { run: started.json.run })).json as unknown as BenchStatus
    if (status.state !== 'running') {
      expect(status.state).toBe('finished')
      return status.result!
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Percentiles present and ordered, every call in the histogram. */
function expectFigures(result: NonNullable<BenchStatus['result']>): void {
  const l = result.latencyMs
  expect(l.min).toBeGreaterThan(0)
  expect([l.min, l.p50, l.p90, l.p99, l.max]).toEqual([...[l.min, l.p50, l.p90, l.p99, l.max]].sort((a, b) => a - b))
  expect(result.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(result.calls)
  expect(result.throughput).toBeGreaterThan(0)
}

const closed100 = { mode: 'closed', calls: 100, concurrency: 4, warmup: 10 } as const

describe('each protocol through the server-side runner', () => {
  it('gRPC (grpc-js): calls counted at the server, failures by gRPC status name', async () => {
    seen.grpc = 0
    const result = await benchRun(
      grpcTarget.url,
      { protocol: 'grpc', service: 'wbtest.v1.Lab', method: 'Echo' },
      { text: 'hi' },
      closed100,
    )
    expect(seen.grpc).toBe(110)
    expect(result.calls).toBe(100)
    expectFigures(result)
    // Warm-up took the 10th call's failure; of the measured 11th–110th, every 10th is one of 20, 30 … 110.
    expect(result.byStatus).toEqual({ OK: 90, ResourceExhausted: 10 })
    expect(result.errors).toBe(10)
  })

  it('GraphQL (graphql-yoga): calls counted at the resolver, GraphQL errors under a status of their own', async () => {
    seen.graphql = 0
    const result = await benchRun(
      graphqlTarget.url,
      { protocol: 'graphql', service: 'Query', method: 'next' },
      {},
      closed100,
    )
    expect(seen.graphql).toBe(110)
    expect(result.calls).toBe(100)
    expectFigures(result)
    // A GraphQL error comes with HTTP 200: it counts under the plugin's status, not as a "200" failure.
    expect(result.byStatus).toEqual({ '200': 90, Unknown: 10 })
    expect(result.errors).toBe(10)
  })

  it('GraphQL errors count under the same status through wirebench bench', async () => {
    seen.graphql = 0
    const { code, out, err } = await runCli([
      'bench',
      '--url',
      graphqlTarget.url,
      'Query/next',
      '-n',
      '20',
      '--json',
      '--config-dir',
      configDir,
    ])
    expect(code, err).toBe(0)
    expect((JSON.parse(out) as { byStatus: Record<string, number> }).byStatus).toEqual({ '200': 18, Unknown: 2 })
  })

  it('an MCP tool (SDK server): tools/call counted at the server, tool errors counted', async () => {
    const before = mcp.methods().filter((m) => m === 'tools/call').length
    const result = await benchRun(
      mcp.url,
      { protocol: 'mcp', service: 'Tools', method: 'echo' },
      { text: 'hi' },
      {
        mode: 'closed',
        calls: 60,
        concurrency: 3,
        warmup: 5,
      },
    )
    expect(mcp.methods().filter((m) => m === 'tools/call').length - before).toBe(65)
    expect(result.calls).toBe(60)
    expect(result.errors).toBe(0)
    expectFigures(result)
    const failing = await benchRun(
      mcp.url,
      { protocol: 'mcp', service: 'Tools', method: 'fails' },
      {},
      {
        mode: 'closed',
        calls: 10,
        concurrency: 2,
      },
    )
    // A tool result with isError is a failure of the call, counted under the plugin's status.
    expect(failing.byStatus).toEqual({ Unknown: 10 })
  })

  it('a SignalR invoke (our hub server): invocations counted at the hub, hub errors counted', async () => {
    seen.hub = 0
    const result = await benchRun(
      hubs.url('/hubs/bench'),
      { protocol: 'signalr', service: 'bench', method: 'invoke' },
      { target: 'Add', arguments: [1, 2] },
      closed100,
    )
    expect(seen.hub).toBe(110)
    expect(result.calls).toBe(100)
    expectFigures(result)
    expect(result.byStatus).toEqual({ OK: 90, Unknown: 10 })
  })

  it('a sidecar unary method (the Python example sidecar and the toy server): calls counted, failures by status', async () => {
    const calls = () => toy.calls.filter((c) => c.method === 'Lab/Hello').length
    const before = calls()
    const result = await benchRun(
      toy.service.url,
      { protocol: 'toy', service: 'Lab', method: 'Hello' },
      { name: 'b' },
      {
        mode: 'closed',
        calls: 60,
        concurrency: 3,
        warmup: 5,
      },
    )
    expect(calls() - before).toBe(65)
    expect(result.calls).toBe(60)
    expect(result.byStatus).toEqual({ OK: 60 })
    expectFigures(result)
    const failing = await benchRun(
      toy.service.url,
      { protocol: 'toy', service: 'Lab', method: 'Fail' },
      { status: 'NotFound', message: 'no such thing' },
      { mode: 'closed', calls: 10, concurrency: 2 },
    )
    expect(failing.byStatus).toEqual({ NotFound: 10 })
  })

  it('a WebSocket exchange through wirebench bench: connect, send, read the answer, close — every call at the server', async () => {
    let messages = 0
    let connections = 0
    const server = createServer()
    const wss = new WebSocketServer({ server })
    wss.on('connection', (socket) => {
      connections += 1
      socket.on('message', (data) => {
        messages += 1
        socket.send(`echo ${Buffer.from(data as Buffer).toString()}`)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/echo`
    try {
      const cli = (extra: string[]) =>
        runCli([
          'bench',
          '--url',
          url,
          'echo/connect',
          '-d',
          '{"text":"hi"}',
          '-n',
          '30',
          '-c',
          '3',
          '--json',
          ...extra,
        ])
      // It sends a frame the server may act on: asked first.
      const refused = await cli(['--config-dir', configDir])
      expect(refused.code, refused.err).toBe(2)
      expect(refused.err).toContain('WebSocket methods say nothing about whether they change data')
      expect(messages).toBe(0)
      const { code, out, err } = await cli(['--allow-writes', '--config-dir', configDir])
      expect(code, err).toBe(0)
      const result = JSON.parse(out) as { calls: number; errors: number; latencyMs: { p50: number } }
      expect(result.calls).toBe(30)
      expect(result.errors).toBe(0)
      expect(result.latencyMs.p50).toBeGreaterThan(0)
      // One connection and one message a call (discovery may have connected once more, sending nothing).
      expect(messages).toBe(30)
      expect(connections).toBeGreaterThanOrEqual(30)
    } finally {
      for (const client of wss.clients) client.terminate()
      wss.close()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
