/**
 * One policy for benchmarks of methods that may change data: a REST DELETE/POST, a GraphQL mutation, an MCP tool not
 * marked read-only and a gRPC method (no safety information) are refused by `POST /api/bench/start` and `wirebench
 * bench` before any call — the targets' handlers are spies that see nothing — unless the request says
 * `allowStateChanging: true` or the CLI gets `--allow-writes`; a GET and a GraphQL query run unasked. An event
 * stream runs unasked only when its message opens it with GET (its verb is the message's choice).
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as grpc from '@grpc/grpc-js'
import * as protoLoader from '@grpc/proto-loader'
import { ReflectionService } from '@grpc/reflection'
import { createSchema, createYoga } from 'graphql-yoga'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BenchStartRequest, BenchStatus, DiscoverResponse, Problem } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { grpcFixturesDir } from '../servers/grpc/lab-server.js'
import { startLabServer as startMcpLab } from '../servers/mcp/lab-server.js'
import type { LabServer as McpLab } from '../servers/mcp/lab-server.js'
import { runCli } from '../servers/cli/run-cli.js'

type Json = Record<string, unknown>

/** Every call a target handled, by target. */
const rest = vi.fn<(method: string, path: string) => void>()
const graphql = vi.fn<(field: string) => void>()
const grpcEcho = vi.fn<() => void>()
const sse = vi.fn<(method: string) => void>()
const grpcReader = vi.fn<(method: string) => void>()

/** gRPC methods that declare their side effects (idempotency_level), served by reflection beside the lab's. */
const readerProto = `syntax = "proto3";
package wbtest.reader;
message Note { string text = 1; }
service Reader {
  rpc Peek(Note) returns (Note) { option idempotency_level = NO_SIDE_EFFECTS; }
  rpc Touch(Note) returns (Note) { option idempotency_level = IDEMPOTENT; }
}
`

function openApi(origin: string): Json {
  const op = (operationId: string, parameters: unknown[] = []) => ({
    tags: ['items'],
    operationId,
    parameters,
    responses: { '200': { description: 'ok' } },
  })
  const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]
  return {
    openapi: '3.0.3',
    info: { title: 'Items', version: '1.0.0' },
    servers: [{ url: origin }],
    paths: {
      '/items': { get: op('listItems'), post: op('createItem') },
      '/items/{id}': { delete: op('deleteItem', id) },
    },
  }
}

async function startRest(): Promise<{ server: Server; url: string }> {
  let origin = ''
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    if (path === '/openapi.json') return void response.end(JSON.stringify(openApi(origin)))
    rest(request.method ?? '', path)
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { server, url: `${origin}/openapi.json` }
}

/** An event stream that sends one event and ends, on GET and on POST. */
async function startSse(): Promise<{ server: Server; url: string }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    sse(request.method ?? '')
    request.resume()
    response.writeHead(200, { 'content-type': 'text/event-stream' }).end('data: {"n":1}\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events` }
}

async function startGraphql(): Promise<{ server: Server; url: string }> {
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: 'type Query { count: Int! } type Mutation { reset: Int! }',
      resolvers: {
        Query: { count: () => (graphql('count'), 1) },
        Mutation: { reset: () => (graphql('reset'), 0) },
      },
    }),
    logging: false,
  })
  const server = createServer((request, response) => void yoga(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql` }
}

async function startGrpc(protoDir: string): Promise<{ url: string; close(): void }> {
  await writeFile(join(protoDir, 'reader.proto'), readerProto)
  const definition = protoLoader.loadSync(['wbtest/v1/lab.proto', 'reader.proto'], {
    includeDirs: [grpcFixturesDir, protoDir],
  })
  const loaded = grpc.loadPackageDefinition(definition) as unknown as {
    wbtest: { v1: { Lab: grpc.ServiceClientConstructor }; reader: { Reader: grpc.ServiceClientConstructor } }
  }
  const server = new grpc.Server()
  server.addService(loaded.wbtest.v1.Lab.service, {
    echo(call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) {
      grpcEcho()
      callback(null, { text: call.request.text })
    },
  })
  const reader = (name: string) => (call: grpc.ServerUnaryCall<Json, Json>, callback: grpc.sendUnaryData<Json>) => {
    grpcReader(name)
    callback(null, { text: call.request.text })
  }
  server.addService(loaded.wbtest.reader.Reader.service, { peek: reader('Peek'), touch: reader('Touch') })
  new ReflectionService(definition).addToServer(server)
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  )
  return { url: `http://127.0.0.1:${port}`, close: () => server.forceShutdown() }
}

let restTarget: { server: Server; url: string }
let graphqlTarget: { server: Server; url: string }
let grpcTarget: { url: string; close(): void }
let sseTarget: { server: Server; url: string }
/** The discovered SSE method's address. */
let sseAddress = { protocol: 'sse', service: '', method: '' }
let mcp: McpLab
let wb: StandaloneServer
let base = ''
let configDir = ''
/** Discovered origin URL of each target, by protocol. */
const origins: Record<string, string> = {}

beforeAll(async () => {
  restTarget = await startRest()
  graphqlTarget = await startGraphql()
  mcp = await startMcpLab()
  sseTarget = await startSse()
  configDir = await mkdtemp(join(tmpdir(), 'wb-bench-writes-'))
  grpcTarget = await startGrpc(configDir)
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
  for (const url of [restTarget.url, graphqlTarget.url, grpcTarget.url, mcp.url, sseTarget.url]) {
    const discovered = (await api('/api/discover', { urls: [url] })).json as unknown as DiscoverResponse
    const service = discovered.services[0]
    expect(service, JSON.stringify(discovered.attempts)).toBeDefined()
    origins[service!.protocol] = service!.originUrl ?? url
    if (service!.protocol === 'sse') {
      sseAddress = { protocol: 'sse', service: service!.name, method: service!.methods[0]!.name }
    }
  }
}, 60_000)
afterAll(async () => {
  await wb?.close()
  grpcTarget?.close()
  await new Promise((resolve) => restTarget?.server.close(resolve))
  await new Promise((resolve) => graphqlTarget?.server.close(resolve))
  await new Promise((resolve) => sseTarget?.server.close(resolve))
  await mcp?.close()
  await rm(configDir, { recursive: true, force: true })
})
beforeEach(() => {
  rest.mockClear()
  graphql.mockClear()
  grpcEcho.mockClear()
  sse.mockClear()
  grpcReader.mockClear()
})

async function api(path: string, body: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: (await response.json()) as Json }
}

const settings: BenchStartRequest['settings'] = { mode: 'closed', calls: 6, concurrency: 2, warmup: 2 }

function start(
  address: { protocol: string; service: string; method: string },
  message: unknown,
  allowStateChanging?: boolean,
): Promise<{ status: number; json: Json }> {
  const request: BenchStartRequest = {
    call: { ...address, url: origins[address.protocol]!, messages: [message] },
    settings,
    ...(allowStateChanging === undefined ? {} : { allowStateChanging }),
  }
  return api('/api/bench/start', request)
}

async function finished(run: unknown): Promise<BenchStatus> {
  for (;;) {
    const status = (await api('/api/bench/status', { run })).json as unknown as BenchStatus
    if (status.state !== 'running') return status
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const toolCalls = (): number => mcp.methods().filter((m) => m === 'tools/call').length

describe('benchmarks of methods that may change data', () => {
  it('refuses each one before any call, naming the method, why and the count of calls', async () => {
    const toolsBefore = toolCalls()
    const refused: Array<[{ protocol: string; service: string; method: string }, unknown, RegExp]> = [
      [{ protocol: 'rest', service: 'items', method: 'deleteItem' }, { id: '7' }, /^DELETE \/items\/\{id\}$/],
      [{ protocol: 'rest', service: 'items', method: 'createItem' }, {}, /^POST \/items$/],
      [{ protocol: 'graphql', service: 'Mutation', method: 'reset' }, {}, /^Mutation\.reset$/],
      [{ protocol: 'graphql', service: 'Query', method: 'count' }, { query: 'mutation { reset }' }, /^Query\.count$/],
      [{ protocol: 'mcp', service: 'Tools', method: 'echo' }, { text: 'x' }, /^MCP tool echo$/],
      [{ protocol: 'mcp', service: 'Tools', method: 'fails' }, {}, /^MCP tool fails$/],
      [{ protocol: 'grpc', service: 'wbtest.v1.Lab', method: 'Echo' }, { text: 'x' }, /^wbtest\.v1\.Lab\/Echo$/],
    ]
    for (const [address, message, label] of refused) {
      for (const allow of [undefined, false]) {
        const answer = await start(address, message, allow)
        const problem = answer.json as unknown as Problem
        expect(answer.status, JSON.stringify(problem)).toBe(403)
        expect(problem.stateChange?.method).toMatch(label)
        expect(problem.stateChange?.calls).toBe('8 calls')
        expect(problem.detail).toContain('would send it 8 calls')
        expect(problem.hint).toContain('allowStateChanging')
      }
    }
    expect((await api('/api/bench/start', { call: {}, settings })).status).toBe(400)
    // The spies: nothing reached any target, and no run was kept.
    expect(rest).not.toHaveBeenCalled()
    expect(graphql).not.toHaveBeenCalled()
    expect(grpcEcho).not.toHaveBeenCalled()
    expect(toolCalls()).toBe(toolsBefore)
    expect((await api('/api/bench/list', {})).json.runs).toEqual([])
  })

  it('refuses an event stream opened with POST, and runs one opened with GET unasked', async () => {
    const post = await start(sseAddress, { method: 'POST', body: { n: 1 } })
    expect(post.status, JSON.stringify(post.json)).toBe(403)
    // Named by its path, as the page names it: the plugin describes the discovered method.
    expect((post.json as unknown as Problem).stateChange?.method).toBe('POST /events')
    expect(sse).not.toHaveBeenCalled()
    const get = await start(sseAddress, { method: 'GET' })
    expect(get.status, JSON.stringify(get.json)).toBe(200)
    expect((await finished(get.json.run)).state).toBe('finished')
    expect(sse.mock.calls.every(([method]) => method === 'GET')).toBe(true)
    // A message naming no method opens the stream as discovery found it (GET here): the plugin describes the method.
    sse.mockClear()
    const unnamed = await start(sseAddress, {})
    expect(unnamed.status, JSON.stringify(unnamed.json)).toBe(200)
    expect((await finished(unnamed.json.run)).state).toBe('finished')
    expect(sse).toHaveBeenCalled()
    expect(sse.mock.calls.every(([method]) => method === 'GET')).toBe(true)
  })

  it('runs a gRPC method that declares no side effects unasked, and asks for one that is only idempotent', async () => {
    const touch = await start({ protocol: 'grpc', service: 'wbtest.reader.Reader', method: 'Touch' }, { text: 'x' })
    expect(touch.status, JSON.stringify(touch.json)).toBe(403)
    expect(grpcReader).not.toHaveBeenCalled()
    const peek = await start({ protocol: 'grpc', service: 'wbtest.reader.Reader', method: 'Peek' }, { text: 'x' })
    expect(peek.status, JSON.stringify(peek.json)).toBe(200)
    expect((await finished(peek.json.run)).result?.calls).toBe(6)
    expect(grpcReader).toHaveBeenCalledTimes(8)
    expect(grpcReader).toHaveBeenLastCalledWith('Peek')
  })

  it('says why a destructive tool is not run', async () => {
    const problem = (await start({ protocol: 'mcp', service: 'Tools', method: 'fails' }, {})).json as unknown as Problem
    expect(problem.stateChange?.reason).toMatch(/destructive/)
  })

  it('runs one with allowStateChanging: true', async () => {
    const answer = await start({ protocol: 'rest', service: 'items', method: 'deleteItem' }, { id: '7' }, true)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect((await finished(answer.json.run)).result?.calls).toBe(6)
    expect(rest).toHaveBeenCalledTimes(8)
    expect(rest).toHaveBeenLastCalledWith('DELETE', '/items/7')
  })

  it('runs a GET and a GraphQL query unasked', async () => {
    // One run at a time (the server refuses a second while one runs).
    const get = await start({ protocol: 'rest', service: 'items', method: 'listItems' }, {})
    expect(get.status, JSON.stringify(get.json)).toBe(200)
    expect((await finished(get.json.run)).state).toBe('finished')
    const query = await start({ protocol: 'graphql', service: 'Query', method: 'count' }, {})
    expect(query.status, JSON.stringify(query.json)).toBe(200)
    expect((await finished(query.json.run)).state).toBe('finished')
    expect(rest).toHaveBeenCalledTimes(8)
    expect(graphql).toHaveBeenCalledTimes(8)
    // MCP's ping (a liveness check by the spec) too; setting the server's log level asks.
    const ping = await start({ protocol: 'mcp', service: 'Session', method: 'ping' }, {})
    expect(ping.status, JSON.stringify(ping.json)).toBe(200)
    expect((await finished(ping.json.run)).state).toBe('finished')
    const setLevel = await start({ protocol: 'mcp', service: 'Session', method: 'setLevel' }, { level: 'debug' })
    expect(setLevel.status).toBe(403)
  })

  it('reads a target the server never discovered before deciding, and names a method it does not describe', async () => {
    // Another address of the same document: a target this server has not discovered (a script driving the API).
    const fresh = `${restTarget.url}?fresh=1`
    const run = (method: string) =>
      api('/api/bench/start', {
        call: { protocol: 'rest', url: fresh, service: 'items', method, messages: [{}] },
        settings,
      })
    const get = await run('listItems')
    expect(get.status, JSON.stringify(get.json)).toBe(200)
    expect((await finished(get.json.run as string)).state).toBe('finished')
    const unknown = await run('listWidgets')
    expect(unknown.status).toBe(403)
    expect(JSON.stringify(unknown.json)).toContain('the workbench found no description of this method at')
    expect(rest.mock.calls.every(([method]) => method === 'GET')).toBe(true)
  })

  it('wirebench bench refuses one unless --allow-writes is given', async () => {
    const cli = (extra: string[]) =>
      runCli(['bench', '--url', restTarget.url, 'items/deleteItem', '-d', '{"id": "9"}', '-n', '5', '--json', ...extra])
    const refused = await cli(['--config-dir', configDir])
    expect(refused.code).toBe(2)
    expect(refused.err).toContain('DELETE /items/{id} may change the server')
    expect(refused.err).toContain('5 calls')
    expect(refused.err).toContain('--allow-writes')
    expect(rest).not.toHaveBeenCalled()
    const allowed = await cli(['--allow-writes', '--config-dir', configDir])
    expect(allowed.code, allowed.err).toBe(0)
    expect((JSON.parse(allowed.out) as { calls: number }).calls).toBe(5)
    expect(rest).toHaveBeenCalledTimes(5)
  })
})
