/**
 * POST-only event streams (better-sse and @fastify/sse servers whose GET is 404): an unpinned discovery leaves them
 * alone, a pinned `sse@` discovery offers them with POST, and a call with method POST streams their events — through
 * the real workbench's discovery and live WebSocket, and through the plugin's unary read. A POST-only JSON API (Koa
 * with @koa/router: GET is 405 with `Allow: POST`) is not taken for a stream unless pinned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult, StreamFrame } from '@wirebench/core'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import { startKoaPostOnlyApi } from '../servers/sse/koa-post-only.mjs'
import type { KoaPostOnlyApi } from '../servers/sse/koa-post-only.mjs'
import { startBetterSseServer, startFastifySseServer } from '../servers/sse/post-only-servers.js'
import type { PostOnlySseServer } from '../servers/sse/post-only-servers.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

describe.each([
  ['better-sse', startBetterSseServer],
  ['@fastify/sse', startFastifySseServer],
])('a POST-only event stream on %s', (_name, start) => {
  let server: PostOnlySseServer
  let wb: TestWorkbench

  const discover = async (url: string): Promise<DiscoverResponse> => {
    const response = await wb.api('/api/discover', { body: { urls: [url] } })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }

  beforeAll(async () => {
    ;[server, wb] = await Promise.all([start(), startWorkbench()])
  })
  afterAll(async () => {
    await Promise.all([wb.close(), server.close()])
  })

  it('is not listed by an unpinned discovery, which sends it no POST and says how to pin it', async () => {
    const discovered = await discover(server.url)
    expect(discovered.services.filter((s) => s.protocol === 'sse')).toEqual([])
    const attempt = discovered.attempts.find((a) => a.pluginId === 'sse')
    expect(attempt).toMatchObject({ outcome: 'empty' })
    expect(attempt?.message).toContain('HTTP 404')
    expect(attempt?.hint).toContain(`sse@${server.url}`)
    expect(server.bodies()).toEqual([])
  })

  it('is offered with POST when pinned sse@, though its GET answered 404', async () => {
    const discovered = await discover(`sse@${server.url}`)
    const method = discovered.services[0]?.methods[0]
    expect(method).toMatchObject({ name: 'subscribe', httpMethod: 'POST', methodType: 'ServerStreaming' })
    expect(method?.description).toContain('HTTP 404')
    expect(method?.inputType.fields.find((f) => f.name === 'method')?.defaultValue).toBe('POST')
    expect(server.bodies()).toEqual([])
  })

  it('streams the events of a POST with the body as JSON over the live WebSocket', async () => {
    await discover(`sse@${server.url}`)
    const client = await connectLive(liveUrl(wb.base), { token: wb.token })
    try {
      client.send({
        op: 'stream.open',
        id: 's',
        protocol: 'sse',
        url: server.url,
        service: 'chat',
        method: 'subscribe',
        messages: [{ method: 'POST', body: { prompt: 'hello there' } }],
      })
      const closed = await client.waitFor(isOp('closed', 's'))
      expect(closed.problem).toBeUndefined()
      const frames: StreamFrame[] = client.frames('s').map((f) => f.frame)
      const events = frames.flatMap((f) => (f.type === 'message' ? [[f.meta?.event, f.data]] : []))
      expect(events).toEqual([
        ['token', { word: 'hello' }],
        ['token', { word: 'there' }],
        ['done', ''],
      ])
      expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
      expect(server.bodies()).toEqual([{ prompt: 'hello there' }])
    } finally {
      await client.close()
    }
  })

  it('answers a unary call with POST with the events, the method coming from discovery', async () => {
    await discover(`sse@${server.url}`)
    const response = await wb.api('/api/invoke', {
      body: {
        protocol: 'sse',
        url: server.url,
        service: 'chat',
        method: 'subscribe',
        messages: [{ body: { prompt: 'one' } }],
      },
    })
    const result = (await response.json()) as InvokeResult
    expect(result.status).toBe('OK')
    // better-sse gives every event an id (and a retry with the first); only type and data matter here.
    expect(result.response).toEqual([
      expect.objectContaining({ event: 'token', data: { word: 'one' } }),
      expect.objectContaining({ event: 'done', data: '' }),
    ])
  })
})

describe('a POST-only JSON API whose GET is 405 with Allow: POST (Koa, @koa/router)', () => {
  let api: KoaPostOnlyApi
  let wb: TestWorkbench

  beforeAll(async () => {
    ;[api, wb] = await Promise.all([startKoaPostOnlyApi(), startWorkbench()])
  })
  afterAll(async () => {
    await Promise.all([wb.close(), api.close()])
  })

  it('is not listed as an event stream unpinned; the attempt is empty and hints at sse@ for a POST-only stream', async () => {
    const response = await wb.api('/api/discover', { body: { urls: [api.url] } })
    const discovered = (await response.json()) as DiscoverResponse
    expect(discovered.services.filter((s) => s.protocol === 'sse')).toEqual([])
    const attempt = discovered.attempts.find((a) => a.pluginId === 'sse')
    expect(attempt).toMatchObject({ outcome: 'empty' })
    expect(attempt?.message).toContain('HTTP 405')
    expect(attempt?.hint).toContain(`sse@${api.url}`)
    expect(api.stored()).toEqual([])
  })

  it('is offered with POST when pinned sse@ (the user says it streams)', async () => {
    const response = await wb.api('/api/discover', { body: { urls: [`sse@${api.url}`] } })
    const discovered = (await response.json()) as DiscoverResponse
    expect(discovered.services[0]?.methods[0]).toMatchObject({ name: 'subscribe', httpMethod: 'POST' })
    expect(api.stored()).toEqual([])
  })
})
