/** The gRPC plugins inside the real workbench server: the discovery fan-out and POST /api/invoke over real sockets. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startLabServer } from '../servers/grpc/lab-server.js'
import type { LabServer } from '../servers/grpc/lab-server.js'

describe('gRPC through the workbench server', () => {
  let wb: StandaloneServer
  let base: string
  let configDir: string
  let lab: LabServer

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-grpc-server-'))
    lab = await startLabServer()
    wb = await createStandaloneServer({ host: '127.0.0.1', port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
  })
  afterAll(async () => {
    await wb?.close()
    await lab?.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const api = async <T>(path: string, body: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token! },
      body: JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as T }
  }

  it('registers gRPC, gRPC-Web and Connect next to REST', async () => {
    const response = await fetch(`${base}/api/protocols`, { headers: { 'x-workbench-token': wb.token! } })
    const { protocols } = (await response.json()) as { protocols: { id: string; capabilities: unknown }[] }
    expect(protocols.map((p) => p.id)).toEqual(expect.arrayContaining(['rest', 'grpc', 'grpcweb', 'connect']))
    expect(protocols.find((p) => p.id === 'grpc')?.capabilities).toEqual({
      unary: true,
      serverStreaming: true,
      channels: true,
    })
  })

  it('discovers a gRPC server once in the fan-out, and no other plugin reports an error for it', async () => {
    const { status, body } = await api<DiscoverResponse>('/api/discover', { urls: [lab.url] })
    expect(status).toBe(200)
    expect(body.services.map((s) => [s.name, s.protocol, s.originUrl])).toEqual([['wbtest.v1.Lab', 'grpc', lab.url]])
    const outcomes = Object.fromEntries(body.attempts.map((a) => [a.pluginId, a.outcome]))
    expect(outcomes).toMatchObject({ grpc: 'ok', grpcweb: 'empty', connect: 'empty' })
    expect(Object.values(outcomes)).not.toContain('error')
  })

  it('accepts a grpc:// address, which REST reports as not its own', async () => {
    const address = lab.url.replace(/^http:/, 'grpc:')
    const { status, body } = await api<DiscoverResponse>('/api/discover', { urls: [address] })
    expect(status).toBe(200)
    expect(body.services.map((s) => [s.name, s.protocol, s.originUrl])).toEqual([['wbtest.v1.Lab', 'grpc', address]])
    const outcomes = Object.fromEntries(body.attempts.map((a) => [a.pluginId, a.outcome]))
    expect(outcomes).toMatchObject({ rest: 'empty', grpc: 'ok' })
  })

  it('invokes a unary method, and reports a target status as a result', async () => {
    const ok = await api<InvokeResult>('/api/invoke', {
      protocol: 'grpc',
      url: lab.url,
      service: 'wbtest.v1.Lab',
      method: 'Echo',
      messages: [{ text: 'through the server' }],
      metadata: { 'x-env': 'dev' },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      status: 'OK',
      response: { text: 'through the server', metadata: { 'x-env': 'dev' } },
    })
    const failed = await api<InvokeResult>('/api/invoke', {
      protocol: 'grpc',
      url: lab.url,
      service: 'wbtest.v1.Lab',
      method: 'Fail',
      messages: [{ code: 7, message: 'no' }],
    })
    expect(failed.body).toMatchObject({ status: 'PermissionDenied', statusMessage: 'no' })
  })

  it('answers a request that is not proto3 JSON with a 400 problem naming the field', async () => {
    const { status, body } = await api<{ detail: string; hint?: string }>('/api/invoke', {
      protocol: 'grpc',
      url: lab.url,
      service: 'wbtest.v1.Lab',
      method: 'Kitchen',
      messages: [{ origin: { x: 'abc' } }],
    })
    expect(status).toBe(400)
    expect(body.detail).toContain('origin.x')
    expect(body.hint).toMatch(/proto3 JSON/)
  })

  it('ends a call at the requested timeout', async () => {
    const { status } = await api('/api/invoke', {
      protocol: 'grpc',
      url: lab.url,
      service: 'wbtest.v1.Lab',
      method: 'Slow',
      messages: [{ ms: 5_000 }],
      timeoutMs: 200,
    })
    expect(status).toBe(504)
  })
})
