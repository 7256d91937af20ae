import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX, type LiveServerMessage, type Problem } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { createLiveSocket, liveSocketUrl } from './live-socket.js'
import { fakeSockets } from './live-socket.test-helpers.js'

function setup(token: string | null = 'tok') {
  const fake = fakeSockets()
  const unrouted: LiveServerMessage[] = []
  const socket = createLiveSocket({
    url: 'ws://127.0.0.1:5080/api/ws',
    getToken: () => token,
    createSocket: fake.create,
    onUnroutedMessage: (m) => unrouted.push(m),
  })
  return { fake, socket, unrouted }
}

function listen() {
  const messages: LiveServerMessage[] = []
  const lost: Problem[] = []
  return {
    messages,
    lost,
    listener: { onMessage: (m: LiveServerMessage) => messages.push(m), onConnectionLost: (p: Problem) => lost.push(p) },
  }
}

describe('live socket URL', () => {
  it('uses ws: or wss: on the page origin under the prefix', () => {
    expect(liveSocketUrl('', { protocol: 'http:', host: '127.0.0.1:5080' })).toBe('ws://127.0.0.1:5080/api/ws')
    expect(liveSocketUrl('/workbench', { protocol: 'https:', host: 'app.test' })).toBe(
      'wss://app.test/workbench/api/ws',
    )
  })
})

describe('createLiveSocket', () => {
  it('opens nothing until the first message, then offers the live protocol and the token as subprotocols', () => {
    const { fake, socket } = setup('abc')
    expect(fake.sockets).toHaveLength(0)
    socket.send({ op: 'cancel', id: 'x' })
    expect(fake.sockets).toHaveLength(1)
    expect(fake.last().url).toBe('ws://127.0.0.1:5080/api/ws')
    expect(fake.last().url).not.toContain('abc')
    expect(fake.last().protocols).toEqual([LIVE_PROTOCOL, `${LIVE_TOKEN_PROTOCOL_PREFIX}abc`])
  })

  it('opens on connect() with nothing to send, once, and again after a drop', () => {
    const { fake, socket } = setup()
    socket.connect()
    socket.connect()
    expect(fake.sockets).toHaveLength(1)
    fake.last().accept()
    expect(socket.isOpen).toBe(true)
    expect(fake.last().sent).toEqual([])
    fake.last().drop()
    socket.connect()
    expect(fake.sockets).toHaveLength(2)
  })

  it('offers only the live protocol when the server needs no token', () => {
    const { fake, socket } = setup(null)
    socket.send({ op: 'cancel', id: 'x' })
    expect(fake.last().protocols).toEqual([LIVE_PROTOCOL])
  })

  it('queues messages until the socket opens and sends them in order on one socket', () => {
    const { fake, socket } = setup()
    socket.send({ op: 'channel.open', id: 'a', protocol: 'grpc', url: 'u', service: 's', method: 'm' })
    socket.send({ op: 'channel.send', id: 'a', ref: 1, message: { text: 'hi' } })
    expect(fake.last().sent).toEqual([])
    fake.last().accept()
    socket.send({ op: 'channel.closeSend', id: 'a' })
    expect(fake.sockets).toHaveLength(1)
    expect(fake.last().sent.map((m) => m.op)).toEqual(['channel.open', 'channel.send', 'channel.closeSend'])
  })

  it('routes server messages to the call they name and reports the rest as unrouted', () => {
    const { fake, socket, unrouted } = setup()
    const a = listen()
    const b = listen()
    socket.register('a', a.listener)
    socket.register('b', b.listener)
    socket.send({ op: 'cancel', id: 'a' })
    fake.last().accept()
    fake.last().emit({ op: 'opened', id: 'b', clientStreaming: false, serverStreaming: true })
    fake.last().emit({ op: 'frames', id: 'a', frames: [{ seq: 1, at: 1, frame: { type: 'message', data: 1 } }] })
    fake.last().emit({ op: 'closed', id: 'zzz' })
    fake.last().emit('not json')
    fake.last().emit({ op: 'error', problem: { type: 't', title: 'Bad', status: 400, code: 'invalid_request' } })
    expect(a.messages.map((m) => m.op)).toEqual(['frames'])
    expect(b.messages.map((m) => m.op)).toEqual(['opened'])
    expect(unrouted.map((m) => m.op)).toEqual(['closed', 'error'])
  })

  it('tells every registered call the connection was lost when the socket drops, and reopens on the next send', () => {
    const { fake, socket } = setup()
    const a = listen()
    const b = listen()
    socket.register('a', a.listener)
    socket.register('b', b.listener)
    socket.send({ op: 'cancel', id: 'a' })
    fake.last().accept()
    fake.last().drop()
    expect(a.lost).toHaveLength(1)
    expect(b.lost).toHaveLength(1)
    expect(a.lost[0]?.title).toBe('Connection lost')
    expect(a.lost[0]?.detail).toContain('1006')
    expect(socket.isOpen).toBe(false)

    socket.send({ op: 'cancel', id: 'c' })
    expect(fake.sockets).toHaveLength(2)
    fake.last().accept()
    expect(fake.last().sent).toEqual([{ op: 'cancel', id: 'c' }])
  })

  it('says the connection could not be opened when the upgrade is refused', () => {
    const { fake, socket } = setup()
    const a = listen()
    socket.register('a', a.listener)
    socket.send({ op: 'cancel', id: 'a' })
    fake.last().drop()
    expect(a.lost[0]?.detail).toMatch(/could not be opened/)
  })

  it('does not tell a released call about a drop', () => {
    const { fake, socket } = setup()
    const a = listen()
    socket.register('a', a.listener)
    socket.release('a')
    socket.send({ op: 'cancel', id: 'a' })
    fake.last().accept()
    fake.last().drop()
    expect(a.lost).toHaveLength(0)
  })

  it('mints distinct call ids', () => {
    const { socket } = setup()
    const ids = new Set(Array.from({ length: 100 }, () => socket.nextId()))
    expect(ids.size).toBe(100)
  })
})
