import type { InvokeRequest, InvokeResult } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/api-client.js'
import { ApiError } from '../../api/api-error.js'
import { createLiveSocket } from '../../api/live-socket.js'
import { fakeSockets } from '../../api/live-socket.test-helpers.js'
import { createCallsStore } from '../../state/calls-store.js'
import { createLiveStore } from '../../state/live-store.js'
import { createConsoleRecorder } from './console-recorder.js'
import { createConsoleStore } from './console-store.js'

const request: InvokeRequest = {
  protocol: 'rest',
  url: 'http://127.0.0.1:1/openapi.json',
  service: 'echo',
  method: 'get',
  messages: [{ text: 'hi' }],
}
const result: InvokeResult = { response: { ok: true }, durationMs: 3, status: 'OK', metadata: { http_status: '200' } }

function setup() {
  let clock = 10_000
  const store = createConsoleStore({ schedule: () => undefined })
  const recorder = createConsoleRecorder(store, () => clock)
  const entries = () => store.ring.slice()
  return { store, recorder, entries, tick: (ms: number) => (clock += ms) }
}

/** Only the network edge is replaced: the calls store under test is the real one. */
const apiAnswering = (answer: (r: InvokeRequest) => Promise<InvokeResult>) =>
  ({ invoke: (r: InvokeRequest) => answer(r) }) as unknown as ApiClient

describe('console recorder: unary calls through the calls store', () => {
  it('records the request as sent and the response with its status and duration', async () => {
    const { recorder, entries } = setup()
    const calls = createCallsStore(
      apiAnswering(() => Promise.resolve(result)),
      recorder.callsObserver,
    )
    await calls.getState().send('k', request)
    const [sent, answered] = entries()
    expect(sent).toMatchObject({ kind: 'request', protocol: 'rest', method: 'echo.get', index: 0 })
    expect(sent?.detail).toMatchObject({ messages: [{ text: 'hi' }] })
    expect(answered).toMatchObject({ kind: 'response', status: '200 OK', callId: sent?.callId })
    expect(answered?.durationMs).toBeGreaterThanOrEqual(0)
  })

  it('records a failed call as an error naming the problem', async () => {
    const { recorder, entries } = setup()
    const problem = { type: 'x', title: 'Target unreachable', status: 502, code: 'upstream_unreachable' as const }
    const calls = createCallsStore(
      apiAnswering(() => Promise.reject(new ApiError(problem))),
      recorder.callsObserver,
    )
    await calls.getState().send('k', request)
    expect(entries().map((e) => [e.kind, e.status])).toEqual([
      ['request', undefined],
      ['error', 'Target unreachable'],
    ])
  })
})

describe('console recorder: streams and channels through the live store', () => {
  const target = { protocol: 'grpc', url: 'http://127.0.0.1:1', service: 'demo.Ticker', method: 'Ticks' }

  function live() {
    const fake = fakeSockets()
    const socket = createLiveSocket({ url: 'ws://h/api/ws', getToken: () => 't', createSocket: fake.create })
    const pending: Array<() => void> = []
    const context = setup()
    const liveStore = createLiveStore({
      socket,
      observer: context.recorder.liveObserver,
      schedule: (flush) => pending.push(flush),
    })
    const frame = () => {
      for (const flush of pending.splice(0)) flush()
    }
    return { ...context, fake, liveStore, frame }
  }

  it('records open, every frame in order, and the close with its duration', () => {
    const { fake, liveStore, frame, entries, tick } = live()
    const id = liveStore.getState().start({ targetKey: 'k', mode: 'stream', target, messages: [{ count: 3 }] })
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: false, serverStreaming: true })
    ws.emit({
      op: 'frames',
      id,
      frames: [
        { seq: 1, at: 5, frame: { type: 'headers', metadata: { 'content-type': 'application/grpc' } } },
        ...[1, 2, 3].map((n) => ({ seq: n + 1, at: 6, frame: { type: 'message' as const, data: { n } } })),
        { seq: 5, at: 7, frame: { type: 'end', status: 'OK' } },
      ],
    })
    tick(40)
    ws.emit({ op: 'closed', id })
    frame()
    const log = entries()
    expect(log.map((e) => e.kind)).toEqual(['open', 'frame', 'frame', 'frame', 'frame', 'frame', 'close'])
    expect(log.slice(2, 5).map((e) => e.detail)).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: 3 } }])
    expect(log[0]).toMatchObject({ protocol: 'grpc', method: 'demo.Ticker.Ticks', callId: id })
    expect(log[6]).toMatchObject({ kind: 'close', status: 'OK', durationMs: 40 })
  })

  it('records channel sends and a cancel by the page', () => {
    const { fake, liveStore, frame, entries } = live()
    const id = liveStore.getState().start({ targetKey: 'c', mode: 'channel', target })
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    frame()
    liveStore.getState().send(id, [{ text: 'one' }, { text: 'two' }])
    liveStore.getState().cancel(id)
    expect(entries().map((e) => [e.kind, e.detail])).toEqual([
      ['open', { mode: 'channel', request: target, messages: undefined }],
      ['send', { data: { text: 'one' } }],
      ['send', { data: { text: 'two' } }],
      ['close', expect.objectContaining({ message: 'Cancelled in the workbench.' })],
    ])
  })
})
