/**
 * gRPC-Web and the Connect protocol (the `grpcweb` and `connect` plugins) against real connect-node servers over
 * HTTP/2 (h2c) and HTTP/1.1, and how the three gRPC plugins share a URL in the discovery fan-out.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createGrpcPlugins } from '@wirebench/protocol-grpc'
import { startConnectLabServer } from '../servers/grpc/connect-server.js'
import type { ConnectLabServer } from '../servers/grpc/connect-server.js'
import { grpcFixturesDir, startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'
import { testContext } from '../servers/rest/call-context.js'

const service = 'wbtest.v1.Lab'

async function collect(frames: AsyncIterable<StreamFrame>): Promise<StreamFrame[]> {
  const out: StreamFrame[] = []
  for await (const frame of frames) out.push(frame)
  return out
}

describe.each(['grpcweb', 'connect'])('the %s plugin against a connect-node h2c server', (wire) => {
  let server: ConnectLabServer
  const plugins = createGrpcPlugins()
  const plugin = plugins.find((p) => p.id === wire) as ProtocolPlugin
  const call = (method: string, messages: unknown[]) => ({ target: server.url, service, method, messages })

  beforeAll(async () => {
    server = await startConnectLabServer({ http: '2' })
  })
  afterAll(async () => {
    for (const p of plugins) await p.dispose?.()
    await server.close()
  })

  it('discovers the services by reflection over its own wire protocol (HTTP/2: reflection is a duplex call)', async () => {
    const services = await plugin.discover({ kind: 'url', url: server.url }, testContext())
    expect(services.map((s) => [s.name, s.protocol])).toEqual([[service, wire]])
    expect(server.reflectionCalls()).toBeGreaterThan(0)
  })

  it('answers a unary call with headers and trailers', async () => {
    const result = await plugin.invoke(call('Echo', [{ text: 'web' }]), testContext({ metadata: { 'x-who': 'me' } }))
    expect(result).toMatchObject({ status: 'OK', response: { text: 'web' } })
    expect((result.response as { metadata: Record<string, string> }).metadata['x-who']).toBe('me')
    expect(result.metadata['x-reply']).toBe('hello')
    expect(result.trailers?.['x-trailer'] ?? result.metadata['trailer-x-trailer']).toBe('bye')
  })

  it('streams server replies and reports a failing status in the end frame', async () => {
    const frames = await collect(plugin.invokeStream!(call('Count', [{ count: 3 }]), testContext()))
    expect(frames.filter((f) => f.type === 'message')).toHaveLength(3)
    expect(frames.at(-1)).toEqual({ type: 'end', status: 'OK' })
    const failed = await collect(plugin.invokeStream!(call('Count', [{ count: 1, failCode: 7 }]), testContext()))
    expect(failed.at(-1)).toMatchObject({ type: 'end', status: 'PermissionDenied', message: 'count failed' })
  })

  it('sends a client stream as a batch', async () => {
    const result = await plugin.invoke(call('Sum', [{ value: '4' }, { value: '5' }]), testContext())
    expect(result.response).toEqual({ total: '9', count: 2 })
  })

  it('maps an error status into the result', async () => {
    const result = await plugin.invoke(call('Fail', [{ code: 16, message: 'who are you' }]), testContext())
    expect(result).toMatchObject({ status: 'Unauthenticated', statusMessage: 'who are you' })
  })

  it('ends a call at its deadline with timeout', async () => {
    const fired = new AbortController()
    const ctx = testContext({ deadline: Date.now() + 150 })
    ctx.signal = fired.signal
    setTimeout(() => fired.abort(new WorkbenchError('timeout', 'No answer within 150 ms.')), 150)
    const error = await plugin.invoke(call('Slow', [{ ms: 5_000 }]), ctx).catch((e: unknown) => e)
    expect((error as WorkbenchError).code).toBe('timeout')
  })
})

describe('gRPC-Web and Connect over HTTP/1.1, and the fan-out of the three gRPC plugins', () => {
  let h2: LabServer
  let h1: ConnectLabServer
  const plugins = createGrpcPlugins()
  const byId = (id: string) => plugins.find((p) => p.id === id) as ProtocolPlugin

  beforeAll(async () => {
    ;[h2, h1] = await Promise.all([startLabServer(), startConnectLabServer({ http: '1.1' })])
  })
  afterAll(async () => {
    for (const p of plugins) await p.dispose?.()
    await Promise.all([h2.close(), h1.close()])
  })

  // The server starts every plugin's attempt in registration order within one tick, as here.
  const fanOut = (url: string) =>
    Promise.all(
      plugins.map((p) =>
        p.discover({ kind: 'url', url }, testContext()).then(
          (services) => ({ id: p.id, outcome: 'ok', services: services.length, hint: undefined }),
          (error: unknown) => ({
            id: p.id,
            outcome: (error as WorkbenchError).code,
            services: 0,
            hint: (error as WorkbenchError).hint,
          }),
        ),
      ),
    )

  it('lists an HTTP/2 gRPC server once, under grpc', async () => {
    const attempts = await fanOut(h2.url)
    expect(attempts.map((a) => [a.id, a.outcome, a.services])).toEqual([
      ['grpc', 'ok', 1],
      ['grpcweb', 'no_services', 0],
      ['connect', 'no_services', 0],
    ])
  })

  it('says why an HTTP/1.1-only server has no reflection, and suggests uploading its .proto files', async () => {
    const attempts = await fanOut(h1.url)
    expect(attempts.map((a) => [a.id, a.outcome])).toEqual([
      ['grpc', 'no_services'],
      ['grpcweb', 'no_services'],
      ['connect', 'no_services'],
    ])
    for (const attempt of attempts.slice(1)) expect(attempt.hint).toMatch(/upload/i)
  })

  it('calls an uploaded service over gRPC-Web and Connect on HTTP/1.1', async () => {
    const files = ['wbtest/v1/lab.proto', 'wbtest/v1/types.proto'].map((name) => ({
      name,
      content: new Uint8Array(readFileSync(join(grpcFixturesDir, name))),
    }))
    const services = await byId('grpc').discover({ kind: 'files', files }, testContext())
    expect(services.map((s) => s.name)).toEqual([service])
    for (const wire of ['grpcweb', 'connect']) {
      const result = await byId(wire).invoke(
        { target: 'wbtest/v1/lab.proto', serverUrl: h1.url, service, method: 'Echo', messages: [{ text: wire }] },
        testContext(),
      )
      expect(result).toMatchObject({ status: 'OK', response: { text: wire } })
      const frames = await collect(
        byId(wire).invokeStream!(
          { target: 'wbtest/v1/lab.proto', serverUrl: h1.url, service, method: 'Count', messages: [{ count: 2 }] },
          testContext(),
        ),
      )
      expect(frames.filter((f) => f.type === 'message')).toHaveLength(2)
    }
    // The last four requests that reached the HTTP/1.1 server are these calls.
    expect(h1.http1Requests().slice(-4)).toEqual(
      ['/wbtest.v1.Lab/Echo', '/wbtest.v1.Lab/Count', '/wbtest.v1.Lab/Echo', '/wbtest.v1.Lab/Count'].map(
        (path): unknown => expect.stringContaining(path),
      ),
    )
  })

  it('says a gRPC call needs HTTP/2 when the server speaks HTTP/1.1 only, and which pins reach it', async () => {
    const call = { target: 'wbtest/v1/lab.proto', serverUrl: h1.url, service, messages: [{ text: 'x' }] }
    const unary = await byId('grpc')
      .invoke({ ...call, method: 'Echo' }, testContext())
      .then(
        () => undefined,
        (e: unknown) => WorkbenchError.from(e),
      )
    expect(unary?.message).toBe(`${h1.url} does not speak HTTP/2, which gRPC needs: it speaks HTTP/1.1 only.`)
    expect(unary?.hint).toBe(`If it serves gRPC-Web or Connect, call it as grpcweb@${h1.url} or connect@${h1.url}.`)
    const count = { ...call, method: 'Count', messages: [{ count: 2 }] }
    const streamed = await collect(byId('grpc').invokeStream!(count, testContext())).then(
      () => undefined,
      (e: unknown) => WorkbenchError.from(e),
    )
    expect(streamed?.message).toContain('does not speak HTTP/2, which gRPC needs')
    const channel = await byId('grpc').openChannel!({ ...call, method: 'Chat', messages: [] }, testContext())
    await channel.closeSend()
    const chat = await collect(channel.frames()).then(
      () => undefined,
      (e: unknown) => WorkbenchError.from(e),
    )
    await channel.dispose()
    expect(chat?.message).toContain('does not speak HTTP/2, which gRPC needs')
  })

  it('refuses bidi over HTTP/1.1 without suggesting gRPC, which needs HTTP/2 as well', async () => {
    for (const wire of ['grpcweb', 'connect']) {
      const refused = await byId(wire).openChannel!(
        { target: 'wbtest/v1/lab.proto', serverUrl: h1.url, service, method: 'Chat', messages: [] },
        testContext(),
      ).then(
        () => undefined,
        (e: unknown) => WorkbenchError.from(e),
      )
      expect(refused?.code).toBe('unsupported')
      expect(refused?.message).toContain('needs HTTP/2')
      expect(refused?.hint).not.toMatch(/grpc@/)
      expect(refused?.hint).toContain('HTTP/2')
    }
  })
})
