import type { LiveFrame, StreamFrame } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { createLiveSocket } from '../api/live-socket.js'
import { fakeSockets } from '../api/live-socket.test-helpers.js'
import { createLiveStore, type LiveStart } from './live-store.js'

function setup(logCapacity = 50_000, budgets: { logByteBudget?: number; totalLogByteBudget?: number } = {}) {
  const fake = fakeSockets()
  const socket = createLiveSocket({ url: 'ws://h/api/ws', getToken: () => 't', createSocket: fake.create })
  const pending: Array<() => void> = []
  let clock = 1_000
  const store = createLiveStore({
    socket,
    logCapacity,
    ...budgets,
    schedule: (flush) => pending.push(flush),
    now: () => clock,
  })
  /** Runs the scheduled flush, as the next animation frame would. */
  const frame = () => {
    for (const flush of pending.splice(0)) flush()
  }
  const tick = (ms: number) => (clock += ms)
  return { fake, store, frame, tick, call: (id: string) => store.getState().calls[id]! }
}

const target = { protocol: 'grpc', url: 'http://127.0.0.1:1', service: 'demo.Ticker', method: 'Ticks' }
const streamStart: LiveStart = { targetKey: 'k', mode: 'stream', target, messages: [{ count: 3 }] }

const messages = (from: number, count: number, data = (seq: number): unknown => ({ n: seq })): LiveFrame[] =>
  Array.from({ length: count }, (_, i) => ({ seq: from + i, at: 5, frame: { type: 'message', data: data(from + i) } }))

const frame = (seq: number, f: StreamFrame): LiveFrame => ({ seq, at: 5, frame: f })

describe('live store: server streams', () => {
  it('opens the stream with the request message and the call target', () => {
    const { fake, store } = setup()
    const id = store.getState().start(streamStart)
    fake.last().accept()
    expect(fake.last().sent).toEqual([{ op: 'stream.open', id, messages: [{ count: 3 }], ...target }])
    expect(store.getState().byTarget.k).toBe(id)
    expect(store.getState().calls[id]?.status).toBe('opening')
  })

  it('takes frames in once per animation frame, in order, and acks the last seq it took', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: false, serverStreaming: true })
    ws.emit({ op: 'frames', id, frames: [frame(1, { type: 'headers', metadata: { 'x-a': '1' } }), ...messages(2, 99)] })
    ws.emit({ op: 'frames', id, frames: messages(101, 100) })
    let updates = 0
    const unsubscribe = store.subscribe(() => updates++)
    expect(call(id).received).toBe(0)
    nextFrame()
    unsubscribe()
    expect(updates).toBe(1)
    const c = call(id)
    expect(c.status).toBe('open')
    expect(c.received).toBe(199)
    expect(c.firstSeq).toBe(1)
    expect(c.lastSeq).toBe(200)
    expect(c.seqGaps).toBe(0)
    expect(c.headers).toEqual({ 'x-a': '1' })
    expect(c.log.size).toBe(200)
    expect(c.log.at(c.log.end - 1)).toMatchObject({ direction: 'in', seq: 200, data: { n: 200 } })
    expect(ws.sent.at(-1)).toEqual({ op: 'ack', id, seq: 200 })
  })

  it('counts a missing or out-of-order seq as a gap', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    fake.last().accept()
    fake.last().emit({ op: 'frames', id, frames: [...messages(1, 2), ...messages(4, 1), ...messages(3, 1)] })
    nextFrame()
    expect(call(id).seqGaps).toBe(2)
  })

  it('records the end status and trailers, then stops routing and acking once closed', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({
      op: 'frames',
      id,
      frames: [
        ...messages(1, 2),
        frame(3, { type: 'trailers', metadata: { 'x-t': 'done' } }),
        frame(4, { type: 'end', status: 'OK' }),
      ],
    })
    ws.emit({ op: 'closed', id })
    nextFrame()
    const c = call(id)
    expect(c.status).toBe('closed')
    expect(c.end).toEqual({ status: 'OK' })
    expect(c.trailers).toEqual({ 'x-t': 'done' })
    expect(c.endedAt).toBeDefined()
    expect(ws.sent.some((m) => m.op === 'ack')).toBe(false)
    ws.emit({ op: 'frames', id, frames: messages(5, 1) })
    nextFrame()
    expect(call(id).received).toBe(2)
  })

  it('marks a call that ended with a non-OK status or a problem as failed', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const a = store.getState().start(streamStart)
    fake.last().accept()
    fake
      .last()
      .emit({ op: 'frames', id: a, frames: [frame(1, { type: 'end', status: 'NotFound', message: 'no such' })] })
    fake.last().emit({ op: 'closed', id: a })
    nextFrame()
    expect(call(a).status).toBe('error')
    expect(call(a).end?.message).toBe('no such')

    const b = store.getState().start({ ...streamStart, targetKey: 'other' })
    const problem = { type: 't', title: 'Unreachable', status: 502, code: 'upstream_unreachable' as const }
    fake.last().emit({ op: 'closed', id: b, problem })
    nextFrame()
    expect(call(b).status).toBe('error')
    expect(call(b).problem).toEqual(problem)
  })

  it('ends a call the server refused before opening it, and keeps an open one running on a message error', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const problem = { type: 't', title: 'Too many calls', status: 409, code: 'conflict' as const }
    const refused = store.getState().start(streamStart)
    fake.last().accept()
    fake.last().emit({ op: 'error', id: refused, problem })
    nextFrame()
    expect(call(refused)).toMatchObject({ status: 'error', problem })

    const running = store.getState().start({ ...streamStart, targetKey: 'k2' })
    fake.last().emit({ op: 'opened', id: running, clientStreaming: false, serverStreaming: true })
    fake.last().emit({ op: 'error', id: running, problem })
    nextFrame()
    expect(call(running)).toMatchObject({ status: 'open', problem })
  })

  it('evicts the oldest entries past the cap and counts them', () => {
    const { fake, store, frame: nextFrame, call } = setup(100)
    const id = store.getState().start(streamStart)
    fake.last().accept()
    fake.last().emit({ op: 'frames', id, frames: messages(1, 250) })
    nextFrame()
    const c = call(id)
    expect(c.received).toBe(250)
    expect(c.log.size).toBe(100)
    expect(c.evicted).toBe(150)
    expect(c.log.at(c.log.first)).toMatchObject({ seq: 151 })
  })

  it('keeps receiving and acking while paused, and shows the new entries only on resume', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'frames', id, frames: messages(1, 10) })
    nextFrame()
    store.getState().setPaused(id, true)
    ws.emit({ op: 'frames', id, frames: messages(11, 5) })
    nextFrame()
    let c = call(id)
    expect(c.isPaused).toBe(true)
    expect(c.pausedEnd).toBe(10)
    expect(c.log.end - c.pausedEnd!).toBe(5)
    expect(ws.sent.at(-1)).toEqual({ op: 'ack', id, seq: 15 })
    store.getState().setPaused(id, false)
    c = call(id)
    expect(c.isPaused).toBe(false)
    expect(c.pausedEnd).toBeUndefined()
  })

  it('lifts a pause when the call ends, showing every message it held', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'frames', id, frames: messages(1, 3) })
    nextFrame()
    store.getState().setPaused(id, true)
    ws.emit({ op: 'frames', id, frames: [...messages(4, 2), frame(6, { type: 'end', status: 'OK' })] })
    ws.emit({ op: 'closed', id })
    nextFrame()
    const c = call(id)
    expect(c.status).toBe('closed')
    expect(c.isPaused).toBe(false)
    expect(c.pausedEnd).toBeUndefined()
    expect(c.log.size).toBe(5)
    // A cancel while paused ends the pause too.
    const second = store.getState().start(streamStart)
    store.getState().setPaused(second, true)
    store.getState().cancel(second)
    expect(call(second).isPaused).toBe(false)
  })

  it('clears the log but keeps the counts', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    fake.last().accept()
    fake.last().emit({ op: 'frames', id, frames: messages(1, 10) })
    nextFrame()
    store.getState().clear(id)
    expect(call(id).log.size).toBe(0)
    expect(call(id).received).toBe(10)
    expect(call(id).evicted).toBe(0)
  })

  it('cancels: tells the server, shows Cancelled, and ignores what still arrives', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(streamStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'frames', id, frames: messages(1, 3) })
    store.getState().cancel(id)
    expect(ws.sent.at(-1)).toEqual({ op: 'cancel', id })
    const c = call(id)
    expect(c.received).toBe(3)
    expect(c.status).toBe('closed')
    expect(c.end?.status).toBe('Cancelled')
    ws.emit({ op: 'frames', id, frames: messages(4, 3) })
    nextFrame()
    expect(call(id).received).toBe(3)
  })

  it('starting again cancels and forgets the previous call of the same method', () => {
    const { fake, store } = setup()
    const first = store.getState().start(streamStart)
    fake.last().accept()
    const second = store.getState().start(streamStart)
    expect(fake.last().sent).toContainEqual({ op: 'cancel', id: first })
    expect(store.getState().calls[first]).toBeUndefined()
    expect(store.getState().byTarget.k).toBe(second)
  })

  it('ends every open call with a visible connection-lost state when the socket drops', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const a = store.getState().start(streamStart)
    const b = store.getState().start({ ...streamStart, targetKey: 'k2' })
    fake.last().accept()
    fake.last().emit({ op: 'frames', id: a, frames: messages(1, 2) })
    fake.last().drop()
    nextFrame()
    for (const id of [a, b]) {
      expect(call(id).status).toBe('error')
      expect(call(id).isConnectionLost).toBe(true)
      expect(call(id).problem?.title).toBe('Connection lost')
    }
    expect(call(a).received).toBe(2)
    store.getState().start({ ...streamStart, targetKey: 'k3' })
    expect(fake.sockets).toHaveLength(2)
  })
})

describe('live store: calls prepared before they open', () => {
  it('opens nothing until open(), keeps sends made meanwhile, and sends them after the server confirms', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().begin('chat', 'channel')
    store.getState().send(id, [{ text: 'early' }])
    expect(fake.sockets).toHaveLength(0)
    expect(call(id)).toMatchObject({ status: 'opening', sent: 1 })
    store.getState().open(id, { target: { ...target, metadata: { authorization: 'Bearer t' } } })
    const ws = fake.last()
    ws.accept()
    expect(ws.sent).toEqual([{ op: 'channel.open', id, ...target, metadata: { authorization: 'Bearer t' } }])
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    nextFrame()
    expect(ws.sent.map((m) => m.op)).toEqual(['channel.open', 'channel.send'])
    store.getState().open(id, { target })
    expect(ws.sent.filter((m) => m.op === 'channel.open')).toHaveLength(1)
  })

  it('ends with the problem when preparing failed, without contacting the server', () => {
    const { fake, store, call } = setup()
    const id = store.getState().begin('k', 'stream')
    const problem = { type: 't', title: 'The auth step failed', status: 0, code: 'upstream_error' as const }
    store.getState().fail(id, problem)
    expect(call(id)).toMatchObject({ status: 'error', problem })
    store.getState().open(id, { target })
    expect(fake.sockets).toHaveLength(0)
  })

  it('cancels a call that is still being prepared without a message to the server', () => {
    const { fake, store, call } = setup()
    const id = store.getState().begin('k', 'stream')
    store.getState().cancel(id)
    expect(call(id).end?.status).toBe('Cancelled')
    store.getState().open(id, { target })
    expect(fake.sockets).toHaveLength(0)
  })
})

describe('live store: channels', () => {
  const channelStart: LiveStart = { targetKey: 'chat', mode: 'channel', target }

  it('sends messages with refs, logs them as pending, and marks the outcome the server reports', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(channelStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    nextFrame()
    store.getState().send(id, [{ text: 'a' }, { text: 'b' }])
    expect(ws.sent.slice(-2)).toEqual([
      { op: 'channel.send', id, ref: 1, message: { text: 'a' } },
      { op: 'channel.send', id, ref: 2, message: { text: 'b' } },
    ])
    expect(call(id).sent).toBe(2)
    expect(call(id).log.at(0)).toMatchObject({ direction: 'out', ref: 1, outcome: 'pending' })
    const problem = { type: 't', title: 'Closed', status: 409, code: 'conflict' as const }
    ws.emit({ op: 'sent', id, ref: 1, accepted: true })
    ws.emit({ op: 'sent', id, ref: 2, accepted: false, problem })
    ws.emit({ op: 'frames', id, frames: messages(1, 1, () => ({ text: 'echo: a' })) })
    nextFrame()
    const c = call(id)
    expect(c.log.at(0)).toMatchObject({ outcome: 'accepted' })
    expect(c.log.at(1)).toMatchObject({ outcome: 'refused', problem })
    expect(c.refused).toBe(1)
    expect(c.log.at(2)).toMatchObject({ direction: 'in', data: { text: 'echo: a' } })
  })

  it('holds sends and the half-close made before the channel is confirmed open, then sends them in order', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(channelStart)
    const ws = fake.last()
    ws.accept()
    store.getState().send(id, [{ text: 'early' }])
    store.getState().closeSend(id)
    expect(ws.sent.map((m) => m.op)).toEqual(['channel.open'])
    expect(call(id).log.at(0)).toMatchObject({ direction: 'out', outcome: 'pending' })
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    nextFrame()
    expect(ws.sent.map((m) => m.op)).toEqual(['channel.open', 'channel.send', 'channel.closeSend'])
    expect(call(id).status).toBe('half-closed')
  })

  it('half-closes once and refuses to send afterwards', () => {
    const { fake, store, frame: nextFrame, call } = setup()
    const id = store.getState().start(channelStart)
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    nextFrame()
    store.getState().closeSend(id)
    store.getState().closeSend(id)
    store.getState().send(id, [{ text: 'late' }])
    expect(ws.sent.filter((m) => m.op === 'channel.closeSend')).toHaveLength(1)
    expect(ws.sent.some((m) => m.op === 'channel.send')).toBe(false)
    expect(call(id).status).toBe('half-closed')
  })
})

describe('live store: memory bounds', () => {
  const big = (seq: number): unknown => ({ blob: String(seq).padEnd(10_000, '.') })

  it('evicts the oldest entries once a call log passes its byte budget, however few entries it holds', () => {
    const { fake, store, frame: nextFrame, call } = setup(50_000, { logByteBudget: 100_000 })
    const id = store.getState().start(streamStart)
    fake.last().accept()
    fake.last().emit({ op: 'frames', id, frames: messages(1, 50, big) })
    nextFrame()
    const c = call(id)
    expect(c.received).toBe(50)
    expect(c.log.size).toBeLessThan(10)
    expect(c.log.size).toBeGreaterThan(0)
    expect(c.log.bytes).toBeLessThanOrEqual(100_000)
    expect(c.evicted).toBe(50 - c.log.size)
    expect(c.log.at(c.log.end - 1)).toMatchObject({ seq: 50 })
  })

  it('clears the logs of ended calls, the longest-ended first, when all logs pass the tab budget', () => {
    const { fake, store, frame: nextFrame, tick, call } = setup(50_000, { totalLogByteBudget: 250_000 })
    const fill = (targetKey: string, close: boolean) => {
      const id = store.getState().start({ ...streamStart, targetKey })
      fake.last().accept()
      fake.last().emit({ op: 'frames', id, frames: messages(1, 10, big) })
      if (close) fake.last().emit({ op: 'closed', id })
      nextFrame()
      tick(10)
      return id
    }
    const oldest = fill('a', true)
    const newer = fill('b', true)
    expect(call(oldest).log.size).toBe(10)
    const running = fill('c', false)
    expect(call(oldest)).toMatchObject({ memoryCleared: 10, evicted: 0, received: 10 })
    expect(call(oldest).log.size).toBe(0)
    expect(call(newer)).toMatchObject({ memoryCleared: 0 })
    expect(call(newer).log.size).toBe(10)
    expect(call(running).log.size).toBe(10)
  })

  it('trims the largest running log when no ended log is left to clear', () => {
    const { fake, store, frame: nextFrame, call } = setup(50_000, { totalLogByteBudget: 120_000 })
    const a = store.getState().start(streamStart)
    const b = store.getState().start({ ...streamStart, targetKey: 'k2' })
    fake.last().accept()
    fake.last().emit({ op: 'frames', id: a, frames: messages(1, 10, big) })
    fake.last().emit({ op: 'frames', id: b, frames: messages(1, 4, big) })
    nextFrame()
    expect(call(a).log.bytes + call(b).log.bytes).toBeLessThanOrEqual(120_000)
    expect(call(a).evicted).toBeGreaterThan(0)
    expect(call(b).evicted).toBe(0)
    expect(call(a).memoryCleared).toBe(0)
  })
})

describe('live store: sends the call never answered', () => {
  const channelStart: LiveStart = { targetKey: 'chat', mode: 'channel', target }
  const openChannel = () => {
    const t = setup()
    const id = t.store.getState().start(channelStart)
    const ws = t.fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    t.frame()
    t.store.getState().send(id, [{ text: 'a' }, { text: 'b' }])
    ws.emit({ op: 'sent', id, ref: 1, accepted: true })
    return { ...t, id, ws }
  }

  it('marks sends still pending as refused when the server closes the call', () => {
    const { ws, id, frame: nextFrame, call } = openChannel()
    ws.emit({ op: 'closed', id })
    nextFrame()
    const c = call(id)
    expect(c.log.at(0)).toMatchObject({ outcome: 'accepted' })
    expect(c.log.at(1)).toMatchObject({ outcome: 'refused', problem: { detail: 'The call ended before it was sent.' } })
    expect(c.refused).toBe(1)
  })

  it('marks sends still pending as refused when the connection is lost', () => {
    const { ws, id, frame: nextFrame, call } = openChannel()
    const before = call(id).version
    ws.drop()
    nextFrame()
    const c = call(id)
    expect(c.isConnectionLost).toBe(true)
    expect(c.log.at(1)).toMatchObject({ outcome: 'refused' })
    expect(c.refused).toBe(1)
    expect(c.version).toBeGreaterThan(before)
  })

  it('marks sends still pending as refused when the call is cancelled', () => {
    const { store, id, call } = openChannel()
    store.getState().cancel(id)
    expect(call(id).log.at(1)).toMatchObject({ outcome: 'refused' })
    expect(call(id).refused).toBe(1)
  })
})
