/**
 * The WebSocket plugin against real `ws` servers: discovery by handshake, text and binary both ways, JSON parsing,
 * subprotocols, headers and the API key on the upgrade, close codes, pings and pongs, refused upgrades.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Channel, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { contractContext } from '../contract/protocol-contract.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'
import type { WsServers } from '../servers/websocket/ws-servers.js'
import { failure } from '../support/workbench-failure.js'

type MessageFrame = Extract<StreamFrame, { type: 'message' }>

/** Reads frames until `done` says stop (or the channel ends). */
async function readUntil(
  frames: AsyncIterator<StreamFrame>,
  done: (seen: StreamFrame[]) => boolean,
): Promise<StreamFrame[]> {
  const seen: StreamFrame[] = []
  while (!done(seen)) {
    const next = await frames.next()
    if (next.done === true) break
    seen.push(next.value)
  }
  return seen
}

const messages = (frames: StreamFrame[]): MessageFrame[] =>
  frames.filter((f): f is MessageFrame => f.type === 'message')

describe('WebSocket plugin against ws servers', () => {
  let servers: WsServers
  let plugin: ProtocolPlugin
  const channels: Channel[] = []

  beforeAll(async () => {
    servers = await startWsServers()
    plugin = createWebSocketPlugin()
  })
  afterAll(async () => {
    await Promise.all(channels.map((c) => c.dispose()))
    await servers.close()
  })

  const open = async (path: string, metadata: Record<string, string> = {}) => {
    const url = servers.url(path)
    const name = path.split('/').filter(Boolean).at(-1) ?? ''
    const channel = await plugin.openChannel!(
      { target: url, service: name, method: 'connect', messages: [] },
      contractContext({ metadata }),
    )
    channels.push(channel)
    return { channel, frames: channel.frames()[Symbol.asyncIterator]() }
  }

  it('discovers a WebSocket address as one service with a duplex connect method, and closes the probe with 1000', async () => {
    const closing = servers.nextClientClose()
    const [service, ...rest] = await plugin.discover({ kind: 'url', url: servers.url('/echo') }, contractContext())
    expect(rest).toEqual([])
    expect(service).toMatchObject({ name: 'echo', package: '', protocol: 'websocket', originUrl: servers.url('/echo') })
    expect(service!.methods.map((m) => [m.name, m.methodType])).toEqual([['connect', 'Duplex']])
    expect(service!.methods[0]!.inputType.fields.map((f) => [f.name, f.type])).toEqual([
      ['text', 'string'],
      ['binary', 'bytes'],
      ['ping', 'string'],
      ['close', 'message'],
    ])
    expect(await closing).toEqual({ code: 1000, reason: '' })
  })

  it('names the host when the address has no path, and answers no_services at once for other schemes', async () => {
    const [service] = await plugin.discover({ kind: 'url', url: servers.origin }, contractContext())
    expect(service!.name).toBe(new URL(servers.origin).host)
    const error = await failure(plugin.discover({ kind: 'url', url: 'http://127.0.0.1:1/' }, contractContext()))
    expect(error.code).toBe('no_services')
  })

  it('reports a refused upgrade in discovery as upstream_error naming the HTTP status, with a hint', async () => {
    const error = await failure(plugin.discover({ kind: 'url', url: servers.url('/forbidden') }, contractContext()))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('HTTP 403')
    expect(error.hint).toMatch(/auth/)
  })

  it('shows the handshake headers first, then echoes text (JSON parsed) and binary (base64 both ways)', async () => {
    const { channel, frames } = await open('/echo')
    const [headers] = await readUntil(frames, (seen) => seen.length === 1)
    expect(headers).toMatchObject({ type: 'headers', metadata: { upgrade: 'websocket' } })
    expect(await channel.send({ text: '{"n":1,"list":[true]}' })).toBe(true)
    expect(await channel.send({ text: 'plain words' })).toBe(true)
    expect(await channel.send({ binary: 'AAEC/w==' })).toBe(true)
    expect(await channel.send({ any: 'json' })).toBe(true)
    const got = messages(await readUntil(frames, (seen) => seen.length === 4))
    expect(got.map((f) => [f.data, f.binary, f.meta])).toEqual([
      [{ n: 1, list: [true] }, undefined, { opcode: 'text', bytes: 21 }],
      ['plain words', undefined, { opcode: 'text', bytes: 11 }],
      [null, 'AAEC/w==', { opcode: 'binary', bytes: 4 }],
      [{ any: 'json' }, undefined, { opcode: 'text', bytes: 14 }],
    ])
    await channel.closeSend()
    expect(await channel.send({ text: 'late' })).toBe(false)
    const rest = await readUntil(frames, () => false)
    expect(rest.at(-1)).toEqual({
      type: 'end',
      status: 'OK',
      message: 'Closed 1000',
      details: { code: 1000, reason: '' },
    })
  })

  it('refuses a binary message that is not base64 with invalid_request, keeping the channel open', async () => {
    const { channel, frames } = await open('/echo')
    const error = await failure(channel.send({ binary: '***' }))
    expect(error.code).toBe('invalid_request')
    expect(await channel.send({ text: 'still here' })).toBe(true)
    const got = messages(await readUntil(frames, (seen) => messages(seen).length === 1))
    expect(got[0]!.data).toBe('still here')
  })

  it('negotiates the subprotocol listed in Sec-WebSocket-Protocol and shows it in discovery and headers', async () => {
    const metadata = { 'Sec-WebSocket-Protocol': 'chat.v1, chat.v2' }
    const [service] = await plugin.discover({ kind: 'url', url: servers.url('/chat') }, contractContext({ metadata }))
    // The discovery handshake's choice is told on the service and in the summary; the description speaks of connections.
    expect(service!.description).toContain('chat.v2')
    expect(service!.methods[0]!.summary).toContain('chat.v2')
    const { frames } = await open('/chat', metadata)
    const [headers] = await readUntil(frames, (seen) => seen.length === 1)
    expect(headers).toMatchObject({ type: 'headers', metadata: { 'sec-websocket-protocol': 'chat.v2' } })
  })

  it('explains a handshake where the server chose none of the listed subprotocols', async () => {
    const error = await failure(open('/echo', { 'Sec-WebSocket-Protocol': 'mqtt' }))
    expect(error.code).toBe('upstream_invalid')
    expect(error.message).toContain('no subprotocol')
    expect(error.hint).toMatch(/Sec-WebSocket-Protocol/)
  })

  it('is refused by the subprotocol-only server without chat.v2: invoke gets the HTTP status, a channel an error', async () => {
    const url = servers.url('/chat')
    const result = await plugin.invoke(
      { target: url, service: 'chat', method: 'connect', messages: [{ text: 'hi' }] },
      contractContext(),
    )
    expect(result.status).toBe('InvalidArgument')
    expect(result.metadata.http_status).toBe('400')
    expect(result.response).toBe('chat.v2 subprotocol required')
    const error = await failure(open('/chat'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('HTTP 400')
  })

  it('sends custom headers on the upgrade and the API key in its query string only', async () => {
    const metadata = {
      Authorization: 'Bearer secret-token',
      'X-Trace': 't-1',
      __workbenchApiKeyQuery__: JSON.stringify({ name: 'api_key', value: 'k 1' }),
    }
    const result = await plugin.invoke(
      { target: servers.url('/echo?room=7'), service: 'echo', method: 'connect', messages: [{ text: '@upgrade' }] },
      contractContext({ metadata }),
    )
    const echo = result.response as { url: string; headers: Record<string, string> }
    expect(echo.url).toBe('/echo?room=7&api_key=k%201')
    expect(echo.headers).toMatchObject({ authorization: 'Bearer secret-token', 'x-trace': 't-1' })
    expect(JSON.stringify(echo.headers)).not.toContain('k 1')
  })

  it('answers a unary exchange with its transcript, the last frame received as response, and the handshake headers', async () => {
    const url = servers.url('/echo')
    const result = await plugin.invoke(
      { target: url, service: 'echo', method: 'connect', messages: [{ text: '1' }, { ping: 'p' }, { binary: 'AQI=' }] },
      contractContext(),
    )
    expect(result.status).toBe('OK')
    expect(result.responses).toEqual([
      { sent: '1' },
      { received: 1 },
      { sent: { ping: 'p' } },
      { sent: { binary: 'AQI=' } },
      { received: { binary: 'AQI=' } },
    ])
    expect(result.response).toBeNull()
    expect(result.responseBinary).toBe('AQI=')
    expect(result.metadata.upgrade).toBe('websocket')
  })

  it('ends with the server close code and reason mapped to a status', async () => {
    const { frames } = await open('/binary-bye')
    const all = await readUntil(frames, () => false)
    expect(messages(all).map((f) => [f.binary, f.meta?.opcode])).toEqual([
      ['AAEC', 'binary'],
      ['//4=', 'binary'],
    ])
    expect(all.at(-1)).toEqual({
      type: 'end',
      status: 'Unknown',
      message: 'Closed 4001: bye',
      details: { code: 4001, reason: 'bye' },
    })
    const { channel, frames: more } = await open('/echo')
    await channel.send({ text: '@close 1011 broke' })
    expect((await readUntil(more, () => false)).at(-1)).toMatchObject({
      type: 'end',
      status: 'Internal',
      message: 'Closed 1011: broke',
    })
    const result = await plugin.invoke(
      { target: servers.url('/echo'), service: 'echo', method: 'connect', messages: [{ text: '@close 1009 big' }] },
      contractContext(),
    )
    expect(result).toMatchObject({ status: 'ResourceExhausted', statusMessage: 'Closed 1009: big' })
  })

  it('sends a close with the code and reason the user chose', async () => {
    const { channel, frames } = await open('/echo')
    const closing = servers.nextClientClose()
    expect(await channel.send({ close: { code: 4100, reason: 'done here' } })).toBe(true)
    expect(await closing).toEqual({ code: 4100, reason: 'done here' })
    expect((await readUntil(frames, () => false)).at(-1)).toMatchObject({
      type: 'end',
      message: 'Closed 4100: done here',
    })
    expect(await channel.send({ text: 'after close' })).toBe(false)
  })

  it('shows pings the server sends and the pongs that answer ours', async () => {
    const { channel, frames } = await open('/pinger')
    const [, ping] = await readUntil(frames, (seen) => seen.length === 2)
    expect(ping).toEqual({ type: 'message', data: 'are you there?', meta: { opcode: 'ping', bytes: 14 } })
    expect(await channel.send({ ping: 'hello' })).toBe(true)
    const [pong] = messages(await readUntil(frames, (seen) => seen.length === 1))
    expect(pong).toEqual({ type: 'message', data: 'hello', meta: { opcode: 'pong', bytes: 5 } })
    await channel.send({ text: '@ping server side' })
    const [serverPing] = messages(await readUntil(frames, (seen) => seen.length === 1))
    expect(serverPing!.meta).toEqual({ opcode: 'ping', bytes: 11 })
  })

  it('closes the connection on a message above the payload limit and says why in the end frame', async () => {
    const small = createWebSocketPlugin({ maxPayloadBytes: 1024 })
    const channel = await small.openChannel!(
      { target: servers.url('/echo'), service: 'echo', method: 'connect', messages: [{ text: 'x'.repeat(2048) }] },
      contractContext(),
    )
    channels.push(channel)
    const end = (await readUntil(channel.frames()[Symbol.asyncIterator](), () => false)).at(-1)
    expect(end).toEqual({
      type: 'end',
      status: 'ResourceExhausted',
      message: 'Closed 1009: Max payload size exceeded',
      details: { code: 1009, reason: 'Max payload size exceeded', error: 'Max payload size exceeded' },
    })
  })

  it('refuses a cookie-jar marker as unsupported and an unknown method as not_found', async () => {
    const url = servers.url('/echo')
    const cookie = await failure(
      plugin.openChannel!(
        { target: url, service: 'echo', method: 'connect', messages: [] },
        contractContext({ metadata: { __workbenchCookieEnv__: 'env-1' } }),
      ),
    )
    expect(cookie.code).toBe('unsupported')
    const unknown = await failure(
      plugin.invoke({ target: url, service: 'other', method: 'connect', messages: [] }, contractContext()),
    )
    expect(unknown.code).toBe('not_found')
  })

  it('ends an open channel when its signal fires, with the reason', async () => {
    const controller = new AbortController()
    const url = servers.url('/slow')
    const channel = await plugin.openChannel!(
      { target: url, service: 'slow', method: 'connect', messages: [] },
      contractContext({ signal: controller.signal }),
    )
    channels.push(channel)
    const frames = channel.frames()[Symbol.asyncIterator]()
    await frames.next()
    controller.abort()
    const error = await failure(frames.next())
    expect(error.code).toBe('cancelled')
    expect(await channel.send({ text: 'x' })).toBe(false)
  })
})
