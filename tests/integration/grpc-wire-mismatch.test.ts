/**
 * gRPC-Web and Connect pinned at a server that speaks plain gRPC (@grpc/grpc-js with the v1alpha-only
 * `grpc-server-reflection` package): discovery and calls say what the server speaks, by its content type, instead of
 * "ok" followed by every call failing on the framing ("protocol error: missing trailer"). At REST servers over
 * HTTP/1.1 (json-server, an API that answers any POST with JSON) they stand back without blaming reflection.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGrpcPlugins } from '@wirebench/protocol-grpc'
import { grpcFixturesDir, startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { startJsonServer } from '../servers/rest/json-server.js'
import type { JsonServer } from '../servers/rest/json-server.js'
import { failure } from '../support/workbench-failure.js'

const service = 'wbtest.v1.Lab'
const upload = 'wbtest/v1/lab.proto'

describe('gRPC-Web and Connect pinned at a plain gRPC server', () => {
  let server: LabServer
  const plugins = createGrpcPlugins()
  const byId = (id: string) => plugins.find((p) => p.id === id) as ProtocolPlugin

  beforeAll(async () => {
    server = await startLabServer({ reflection: 'grpc-server-reflection' })
    const files = [upload, 'wbtest/v1/types.proto'].map((name) => ({
      name,
      content: new Uint8Array(readFileSync(join(grpcFixturesDir, name))),
    }))
    await byId('grpc').discover({ kind: 'files', files }, testContext())
  })
  afterAll(async () => {
    for (const p of plugins) await p.dispose?.()
    await server.close()
  })

  it('is discovered by the gRPC plugin through its v1alpha-only reflection', async () => {
    const services = await byId('grpc').discover({ kind: 'url', url: server.url }, testContext())
    expect(services.map((s) => s.name)).toEqual([service])
    expect(services[0]?.methods.map((m) => m.name)).toContain('Chat')
  })

  it('grpcweb@ says the server speaks gRPC, with the content type it answered', async () => {
    const error = await failure(byId('grpcweb').discover({ kind: 'url', url: server.url }, testContext()))
    expect(error.code).toBe('no_services')
    expect(error.message).toBe(
      `${server.url} speaks gRPC (it answered with content type application/grpc+proto), not gRPC-Web.`,
    )
    expect(error.hint).toBe(`Use grpc@${server.url} (the gRPC plugin) for this server.`)
  })

  it('connect@ says the same, although grpc-js refuses the Connect content type without naming its own', async () => {
    const error = await failure(byId('connect').discover({ kind: 'url', url: server.url }, testContext()))
    expect(error.code).toBe('no_services')
    expect(error.message).toMatch(
      /speaks gRPC \(it answered with content type application\/grpc\+proto\), not Connect\.$/,
    )
  })

  it('a gRPC-Web call of an uploaded service at that server fails naming what the server speaks', async () => {
    const call = { target: upload, serverUrl: server.url, service, method: 'Echo', messages: [{ text: 'x' }] }
    const unary = await failure(byId('grpcweb').invoke(call, testContext()))
    expect(unary.code).toBe('upstream_invalid')
    expect(unary.message).toMatch(
      /speaks gRPC \(it answered with content type application\/grpc\+proto\), not gRPC-Web/,
    )

    const frames: StreamFrame[] = []
    const stream = byId('grpcweb').invokeStream!({ ...call, method: 'Count', messages: [{ count: 2 }] }, testContext())
    const streamed = await failure(
      (async () => {
        for await (const frame of stream) frames.push(frame)
      })(),
    )
    expect(streamed.message).toMatch(/speaks gRPC/)
    // Nothing decoded from the gRPC framing was passed off as gRPC-Web replies.
    expect(frames.filter((f) => f.type === 'message')).toEqual([])
  })
})

describe('gRPC-Web and Connect at REST servers over HTTP/1.1', () => {
  let rest: JsonServer
  let created: { url: string; close(): Promise<void> }
  const plugins = createGrpcPlugins()
  const byId = (id: string) => plugins.find((p) => p.id === id) as ProtocolPlugin

  beforeAll(async () => {
    rest = await startJsonServer()
    // An API that answers every POST with 201 and the created record as JSON, whatever the path.
    const server = createServer((request, response) => {
      request.resume()
      request.on('end', () => {
        const status = request.method === 'POST' ? 201 : 200
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        response.end(JSON.stringify({ id: 1, created: request.method === 'POST' }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    created = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    }
  })
  afterAll(async () => {
    for (const p of plugins) await p.dispose?.()
    await Promise.all([rest.close(), created.close()])
  })

  it.each(['grpcweb', 'connect'])('%s stands back from an answer in JSON without blaming reflection', async (id) => {
    for (const url of [rest.base, `${rest.base}/posts`, created.url]) {
      const error = await failure(byId(id).discover({ kind: 'url', url }, testContext()))
      expect({ url, code: error.code }).toEqual({ url, code: 'no_services' })
      expect(error.message).toMatch(/ is not a (gRPC-Web|Connect) server: it answered HTTP \d+ with application\/json/)
      expect(error.message).not.toMatch(/reflection|message size/i)
      expect(error.hint).toBeUndefined()
    }
  })
})
