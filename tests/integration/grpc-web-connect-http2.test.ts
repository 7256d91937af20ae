/**
 * Which HTTP version gRPC-Web and Connect calls use, against Fastify servers with @connectrpc/connect-fastify: calls
 * of an uploaded service reach an h2c-only server over HTTP/2 (learnt from the server, no request sent to learn it),
 * an HTTP/1.1-only server over HTTP/1.1, and a bidirectional stream there is refused saying it needs HTTP/2.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGrpcPlugins } from '@wirebench/protocol-grpc'
import { startConnectFastifyServer } from '../servers/grpc/connect-fastify-server.js'
import type { ConnectFastifyServer } from '../servers/grpc/connect-fastify-server.js'
import { grpcFixturesDir } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'
import { failure } from '../support/workbench-failure.js'

const service = 'wbtest.v1.Lab'
const upload = 'wbtest/v1/lab.proto'

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

describe('gRPC-Web and Connect calls of an uploaded service, by the HTTP version the server speaks', () => {
  let h2c: ConnectFastifyServer
  let h1: ConnectFastifyServer
  const plugins = createGrpcPlugins()
  const byId = (id: string) => plugins.find((p) => p.id === id) as ProtocolPlugin
  const call = (serverUrl: string, method: string, messages: unknown[]): Call => ({
    target: upload,
    serverUrl,
    service,
    method,
    messages,
  })

  beforeAll(async () => {
    ;[h2c, h1] = await Promise.all([
      startConnectFastifyServer({ http: 'h2c' }),
      startConnectFastifyServer({ http: '1.1' }),
    ])
    const files = [upload, 'wbtest/v1/types.proto'].map((name) => ({
      name,
      content: new Uint8Array(readFileSync(join(grpcFixturesDir, name))),
    }))
    await byId('grpc').discover({ kind: 'files', files }, testContext())
  })
  afterAll(async () => {
    for (const p of plugins) await p.dispose?.()
    await Promise.all([h2c?.close(), h1?.close()])
  })

  it.each(['grpcweb', 'connect'])(
    '%s reaches an h2c-only server over HTTP/2: unary, server stream and bidi',
    async (wire) => {
      const before = h2c.httpVersions().length
      const result = await byId(wire).invoke(call(h2c.url, 'Echo', [{ text: wire }]), testContext())
      expect(result).toMatchObject({ status: 'OK', response: { text: wire } })

      const streamed = await collect(byId(wire).invokeStream!(call(h2c.url, 'Count', [{ count: 3 }]), testContext()))
      expect(streamed.filter((f) => f.type === 'message').map((f) => f.data)).toEqual([
        { index: 0 },
        { index: 1 },
        { index: 2 },
      ])

      const channel = await byId(wire).openChannel!(call(h2c.url, 'Chat', [{ text: 'a', seq: 1 }]), testContext())
      expect(await channel.send({ text: 'b', seq: 2 })).toBe(true)
      await channel.closeSend()
      const chat = await collect(channel.frames())
      expect(chat.filter((f) => f.type === 'message').map((f) => f.data)).toEqual([
        { text: 'echo: a', seq: 1 },
        { text: 'echo: b', seq: 2 },
      ])
      expect(chat.at(-1)).toEqual({ type: 'end', status: 'OK' })
      // Three calls, three HTTP/2 requests: learning the version sent none.
      expect(h2c.httpVersions().slice(before)).toEqual(['2.0', '2.0', '2.0'])
    },
  )

  it.each(['grpcweb', 'connect'])('%s reaches an HTTP/1.1-only server over HTTP/1.1', async (wire) => {
    const before = h1.httpVersions().length
    const result = await byId(wire).invoke(call(h1.url, 'Echo', [{ text: wire }]), testContext())
    expect(result).toMatchObject({ status: 'OK', response: { text: wire } })
    // The HTTP/2 preface that found out is refused by the server before routing: no request of it arrives.
    expect(h1.httpVersions().slice(before)).toEqual(['1.1'])
  })

  it.each(['grpcweb', 'connect'])(
    '%s says a bidirectional stream needs HTTP/2 when the server speaks only HTTP/1.1',
    async (wire) => {
      const before = h1.httpVersions().length
      const error = await failure(byId(wire).openChannel!(call(h1.url, 'Chat', [{ text: 'a', seq: 1 }]), testContext()))
      expect(error.code).toBe('unsupported')
      expect(error.message).toMatch(/Chat is a bidirectional stream, which needs HTTP\/2; .* over HTTP\/1\.1 only\./)
      expect(error.hint).toMatch(/HTTP\/2/)
      expect(h1.httpVersions().slice(before)).toEqual([])
    },
  )
})
