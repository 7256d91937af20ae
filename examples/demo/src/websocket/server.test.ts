import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ClientOptions, RawData } from 'ws'
import { WebSocket } from 'ws'
import { rawStatusLine, upgradeHeaders } from '../raw-request.test-helpers.js'
import type { DemoServiceHandle } from '../service-handle.js'
import { startWebSocketDemo } from './server.js'

interface Received {
  text?: unknown
  binary?: Buffer
}

/** A ws client that queues what arrives, so tests can await the next frame in order. */
class TestClient {
  readonly socket: WebSocket
  private readonly queue: Received[] = []
  private readonly waiters: ((value: Received) => void)[] = []
  readonly pings: string[] = []

  constructor(url: string, protocols?: string | string[], options?: ClientOptions) {
    this.socket = new WebSocket(url, protocols, options)
    this.socket.on('message', (data: RawData, isBinary) => {
      const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer)
      this.push(isBinary ? { binary: buffer } : { text: JSON.parse(buffer.toString('utf8')) as unknown })
    })
    this.socket.on('ping', (payload) => this.pings.push(payload.toString('utf8')))
  }

  private push(value: Received): void {
    const waiter = this.waiters.shift()
    if (waiter) waiter(value)
    else this.queue.push(value)
  }

  opened(): Promise<void> {
    return new Promise((resolve, reject) => this.socket.once('open', () => resolve()).once('error', reject))
  }

  next(): Promise<Received> {
    const queued = this.queue.shift()
    return queued ? Promise.resolve(queued) : new Promise((resolve) => this.waiters.push(resolve))
  }

  async nextText(): Promise<Record<string, unknown>> {
    return (await this.next()).text as Record<string, unknown>
  }

  closed(): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) =>
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    )
  }
}

describe('WebSocket demo: the chat', () => {
  let handle: DemoServiceHandle
  let url: string
  const clients: TestClient[] = []
  const connect = async (path = '/chat', protocols?: string | string[], options?: ClientOptions) => {
    const client = new TestClient(url.replace('/chat', path), protocols, options)
    clients.push(client)
    await client.opened()
    return client
  }
  beforeEach(async () => {
    handle = await startWebSocketDemo({ host: '127.0.0.1', port: 0 })
    url = handle.service.url
  })
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.terminate()
    await handle.close()
  })

  it('describes itself with the ws:// chat URL on loopback', () => {
    expect(handle.service).toEqual({
      protocol: 'websocket',
      name: 'Chat (WebSocket)',
      url: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/chat$/),
    })
  })

  it('welcomes each client, negotiating chat.v1 when offered and none otherwise', async () => {
    const plain = await connect()
    expect(plain.socket.protocol).toBe('')
    expect(await plain.nextText()).toMatchObject({ type: 'welcome', you: 'guest-1', subprotocol: null, online: 1 })
    const negotiated = await connect('/chat', ['chat.v2', 'chat.v1'])
    expect(negotiated.socket.protocol).toBe('chat.v1')
    expect(await negotiated.nextText()).toMatchObject({
      type: 'welcome',
      you: 'guest-2',
      subprotocol: 'chat.v1',
      online: 2,
    })
    expect(await plain.nextText()).toEqual({ type: 'joined', name: 'guest-2', online: 2 })
  })

  it('echoes text to the sender and broadcasts it to everyone else', async () => {
    const alice = await connect()
    await alice.nextText()
    const bob = await connect()
    await bob.nextText()
    await alice.nextText() // bob joined
    alice.socket.send('/nick alice')
    expect(await alice.nextText()).toEqual({ type: 'nick', name: 'alice' })
    expect(await bob.nextText()).toEqual({ type: 'renamed', from: 'guest-1', to: 'alice' })
    alice.socket.send('hello {"not": "parsed"}')
    expect(await alice.nextText()).toMatchObject({ type: 'echo', text: 'hello {"not": "parsed"}' })
    expect(await bob.nextText()).toMatchObject({ type: 'chat', from: 'alice', text: 'hello {"not": "parsed"}' })
    bob.socket.send('/who')
    expect(await bob.nextText()).toEqual({ type: 'who', names: ['alice', 'guest-2'] })
  })

  it('echoes binary frames as binary and tells the others their size', async () => {
    const sender = await connect()
    await sender.nextText()
    const other = await connect()
    await other.nextText()
    await sender.nextText()
    sender.socket.send(Buffer.from([0, 1, 2, 255]))
    expect((await sender.next()).binary).toEqual(Buffer.from([0, 1, 2, 255]))
    expect(await other.nextText()).toEqual({ type: 'binary', from: 'guest-1', bytes: 4 })
    sender.socket.send('/binary 300')
    const generated = (await sender.next()).binary
    expect(generated).toHaveLength(300)
    expect(generated?.[299]).toBe(299 % 256)
  })

  it('pings on request, answers pings with pongs, and closes with the code and reason asked for', async () => {
    const client = await connect()
    await client.nextText()
    const pinged = new Promise<void>((resolve) => client.socket.once('ping', () => resolve()))
    client.socket.send('/ping are you there')
    await pinged
    expect(client.pings).toEqual(['are you there'])
    const pong = new Promise<string>((resolve) => client.socket.once('pong', (data) => resolve(data.toString())))
    client.socket.ping('from the client')
    expect(await pong).toBe('from the client')
    const closed = client.closed()
    client.socket.send('/close 4001 bye now')
    expect(await closed).toEqual({ code: 4001, reason: 'bye now' })
  })

  it('cuts /ping payloads to 125 bytes and /close reasons to 123 bytes on a UTF-8 boundary, and keeps serving', async () => {
    const pinger = await connect()
    await pinger.nextText()
    const pinged = new Promise<void>((resolve) => pinger.socket.once('ping', () => resolve()))
    pinger.socket.send(`/ping ${'a'.repeat(200)}`)
    await pinged
    expect(pinger.pings).toEqual(['a'.repeat(125)])
    const closer = await connect()
    await closer.nextText()
    const closed = closer.closed()
    closer.socket.send(`/close 1000 ${'é'.repeat(99)}`)
    // é is two bytes: 61 of them fit in 123 bytes, the 62nd would be split.
    expect(await closed).toEqual({ code: 1000, reason: 'é'.repeat(61) })
    const later = await connect()
    expect(await later.nextText()).toMatchObject({ type: 'welcome' })
  })

  it('answers unknown commands with an error message naming /help', async () => {
    const client = await connect()
    await client.nextText()
    client.socket.send('/dance')
    expect(await client.nextText()).toEqual({ type: 'error', message: 'Unknown command /dance; try /help.' })
  })

  it('closes with 1009 on a frame above the payload limit and 1008 past the message rate', async () => {
    const big = await connect()
    await big.nextText()
    const bigClosed = big.closed()
    big.socket.send('x'.repeat(70 * 1024))
    expect((await bigClosed).code).toBe(1009)
    const chatty = await connect()
    await chatty.nextText()
    const chattyClosed = chatty.closed()
    for (let i = 0; i < 150; i++) chatty.socket.send(`message ${i}`)
    expect(await chattyClosed).toEqual({ code: 1008, reason: 'Too many messages (at most 100 per second)' })
  })

  it('refuses upgrades elsewhere (404) and to /private without the demo credentials (401)', async () => {
    const refusal = (path: string, options?: ClientOptions) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url.replace('/chat', path), options)
        // Terminating a refused socket reports "closed before the connection was established".
        socket.on('error', () => undefined)
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0)
          socket.terminate()
        })
        socket.once('open', () => reject(new Error(`${path} upgraded`)))
      })
    expect(await refusal('/nope')).toBe(404)
    expect(await refusal('/private')).toBe(401)
    const byKey = await connect('/private?api_key=demo-key')
    expect(await byKey.nextText()).toMatchObject({ type: 'welcome' })
    const byToken = await connect('/private', undefined, { headers: { authorization: 'Bearer demo-token' } })
    expect(await byToken.nextText()).toMatchObject({ type: 'welcome' })
  })

  it('refuses upgrades and plain HTTP from a web page of another origin or cross-site with 403', async () => {
    const refusal = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { headers })
        socket.on('error', () => undefined)
        socket.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0)
          socket.terminate()
        })
        socket.once('open', () => reject(new Error('upgraded')))
      })
    expect(await refusal({ origin: 'https://evil.example' })).toBe(403)
    expect(await refusal({ 'sec-fetch-site': 'cross-site' })).toBe(403)
    const own = await connect('/chat', undefined, { origin: url.replace('ws:', 'http:').replace('/chat', '') })
    expect(await own.nextText()).toMatchObject({ type: 'welcome' })
    const page = await fetch(url.replace('ws:', 'http:'), { headers: { origin: 'https://evil.example' } })
    expect(page.status).toBe(403)
  })

  it('answers an upgrade to a target that is no valid path (GET //) with 400 and keeps serving', async () => {
    expect(await rawStatusLine(url, ['GET // HTTP/1.1', ...upgradeHeaders])).toBe('HTTP/1.1 400 Bad Request')
    const client = await connect()
    expect(await client.nextText()).toMatchObject({ type: 'welcome' })
  })

  it('answers plain HTTP with 426 Upgrade Required', async () => {
    const response = await fetch(url.replace('ws:', 'http:'))
    expect(response.status).toBe(426)
  })

  it('sends every client close 1001 on close() and stops listening', async () => {
    const client = await connect()
    await client.nextText()
    const closed = client.closed()
    await handle.close()
    expect(await closed).toEqual({ code: 1001, reason: 'Demo shutting down' })
    await expect(fetch(url.replace('ws:', 'http:'))).rejects.toThrow()
  })
})
