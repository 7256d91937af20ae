import type { InvokeRequest, InvokeResult, LiveServerMessage } from '@wirebench/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../api/api-client.js'
import { createCallsStore } from '../../state/calls-store.js'
import type { LiveCallState } from '../../state/live-store.js'
import { createHintEngine, type HintEngineDeps } from './hint-engine.js'
import { createHintsStore, mutedKindsSpec } from './hints-store.js'
import { silentStreamMs } from './page-rules.js'

const request: InvokeRequest = {
  protocol: 'rest',
  url: 'http://127.0.0.1:1/openapi.json',
  service: 'Diagnostics',
  method: 'failAlways',
  messages: [{}],
}
const failed: InvokeResult = {
  response: { error: 'boom' },
  durationMs: 2,
  status: 'Internal',
  metadata: { http_status: '500' },
}
const ok: InvokeResult = { response: {}, durationMs: 2, status: 'OK', metadata: { http_status: '200' } }

/** Only the network edge is replaced: the calls store and the engine under test are the real ones. */
const apiAnswering = (answers: InvokeResult[]) => {
  const sent: InvokeRequest[] = []
  const api = {
    invoke: (r: InvokeRequest) => {
      sent.push(r)
      return Promise.resolve(answers.shift() ?? ok)
    },
  } as unknown as ApiClient
  return { api, sent }
}

const deps = (over: Partial<HintEngineDeps> = {}): HintEngineDeps => ({
  environment: () => undefined,
  unknownVariables: () => [],
  methodOf: () => undefined,
  liveCall: () => undefined,
  ...over,
})

function setup(answers: InvokeResult[], over: Partial<HintEngineDeps> = {}) {
  const engine = createHintEngine(deps(over))
  const { api, sent } = apiAnswering(answers)
  const calls = createCallsStore(api, engine.callsObserver)
  const kinds = () => engine.store.getState().hints.map((h) => h.kind)
  return { engine, calls, sent, kinds }
}

describe('hint engine over the calls store', () => {
  it('shows the streak hint at the third failure of a tab and drops it after a success', async () => {
    const { calls, kinds } = setup([failed, failed, failed, ok])
    await calls.getState().send('tab', request)
    await calls.getState().send('tab', request)
    expect(kinds()).toEqual([])
    await calls.getState().send('tab', request)
    expect(kinds()).toEqual(['error-streak'])
    await calls.getState().send('tab', request)
    expect(kinds()).toEqual([])
  })

  it('counts each tab on its own', async () => {
    const { calls, kinds } = setup([failed, failed, failed])
    await calls.getState().send('a', request)
    await calls.getState().send('b', request)
    await calls.getState().send('a', request)
    expect(kinds()).toEqual([])
  })

  it('keeps a dismissed hint dismissed when its condition holds again', async () => {
    const { engine, calls, kinds } = setup([failed, failed, failed, failed])
    for (let i = 0; i < 3; i++) await calls.getState().send('tab', request)
    engine.store.getState().dismiss('error-streak:tab')
    await calls.getState().send('tab', request)
    expect(kinds()).toEqual([])
  })

  it('flags unknown variables when the call leaves, as written', async () => {
    const { calls, engine } = setup([ok], {
      unknownVariables: (_key, r) => (r.method === 'failAlways' ? ['token'] : []),
    })
    const sending = calls.getState().send('tab', request)
    expect(engine.store.getState().hints.map((h) => h.title)).toEqual(['Unknown variable ${token}'])
    await sending
  })

  it('offers Timing, Find and problems only on a tab whose response pane can show them', async () => {
    const big: InvokeResult = {
      ...ok,
      sizeBytes: 200 * 1024,
      validation: { valid: false, schema: 's', problems: [{ pointer: '', keyword: 'status', message: 'HTTP 418.' }] },
    }
    const { engine, calls } = setup([big, big])
    const offered = () => engine.store.getState().hints.map((h) => `${h.kind}:${h.actionLabel}`)
    // An MCP pane never said it follows views: Find and problems would do nothing there, so they are not offered.
    await calls.getState().send('mcp', request)
    expect(offered()).toEqual([])
    engine.store.getState().followViews('rest')
    await calls.getState().send('rest', request)
    expect(offered()).toEqual(['undocumented-status:Show problems', 'large-response:Find in body'])
  })

  it('never holds back or changes a call when a rule throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { calls, sent } = setup([ok], {
      methodOf: () => {
        throw new Error('broken catalog')
      },
    })
    await calls.getState().send('tab', request)
    expect(sent).toEqual([request])
    expect(calls.getState().calls.tab?.result).toEqual(ok)
    expect(calls.getState().calls.tab?.error).toBeUndefined()
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})

describe('muted kinds', () => {
  const saved = new Map<string, string>()
  afterEach(() => {
    saved.clear()
    vi.unstubAllGlobals()
  })

  it('hides a muted kind and remembers it for the next page load', async () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => saved.get(k) ?? null,
        setItem: (k: string, v: string) => saved.set(k, v),
      },
    })
    const { engine, calls, kinds } = setup([failed, failed, failed])
    engine.store.getState().mute('error-streak')
    for (let i = 0; i < 3; i++) await calls.getState().send('tab', request)
    expect(kinds()).toEqual([])
    expect(JSON.parse(saved.get(mutedKindsSpec.key) ?? '')).toEqual({ version: 1, data: ['error-streak'] })
    expect([...createHintsStore().getState().muted]).toEqual(['error-streak'])
  })

  it('ignores a stored list naming kinds that do not exist', () => {
    saved.set(mutedKindsSpec.key, JSON.stringify({ version: 1, data: ['slow-response', 'toString'] }))
    vi.stubGlobal('window', {
      localStorage: { getItem: (k: string) => saved.get(k) ?? null, setItem: () => undefined },
    })
    expect([...createHintsStore().getState().muted]).toEqual([])
  })
})

describe('hint engine over live calls', () => {
  const target = { protocol: 'sse', url: 'http://127.0.0.1:1/events', service: 'Feed', method: 'ticks' }
  const liveCall = (over: Partial<LiveCallState> = {}) =>
    ({ id: 'c1', targetKey: 'feed', status: 'open', received: 0, startedAt: 0, ...over }) as LiveCallState
  const event: LiveServerMessage = {
    op: 'frames',
    id: 'c1',
    frames: [{ seq: 1, at: 1, frame: { type: 'message', data: { n: 1 } } }],
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  function setupLive() {
    vi.useFakeTimers()
    let current = liveCall()
    const engine = createHintEngine(deps({ liveCall: () => current, now: () => Date.now() }))
    const titles = () => engine.store.getState().hints.map((h) => h.title)
    return { engine, titles, set: (call: LiveCallState) => (current = call) }
  }

  it('flags an event stream that stays silent for the whole wait, and drops the hint at its first event', () => {
    const { engine, titles, set } = setupLive()
    set(liveCall({ startedAt: Date.now() }))
    engine.liveObserver.onOpen(liveCall(), { target })
    vi.advanceTimersByTime(silentStreamMs - 1)
    expect(titles()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(titles()).toEqual(['No event in 10 s'])
    engine.liveObserver.onServerMessages(liveCall(), [event])
    expect(titles()).toEqual([])
  })

  it('waits as long as the engine is told before flagging a silent stream', () => {
    vi.useFakeTimers()
    const current = liveCall({ startedAt: Date.now() })
    const engine = createHintEngine(deps({ liveCall: () => current, now: () => Date.now(), silentStreamMs: 50 }))
    engine.liveObserver.onOpen(current, { target })
    vi.advanceTimersByTime(49)
    expect(engine.store.getState().hints).toEqual([])
    vi.advanceTimersByTime(1)
    expect(engine.store.getState().hints.map((h) => h.kind)).toEqual(['silent-event-stream'])
  })

  it('counts live calls that end in failure towards the tab’s streak; a cancel changes nothing, a success resets', () => {
    const { engine, titles } = setupLive()
    const grpc = { ...target, protocol: 'grpc', service: 'Chat', method: 'Watch' }
    const ended = (id: string, status: 'OK' | 'Unavailable'): LiveServerMessage[] => [
      { op: 'frames', id, frames: [{ seq: 1, at: 1, frame: { type: 'end', status } }] },
      { op: 'closed', id },
    ]
    const run = (id: string, end: (call: LiveCallState) => void) => {
      const call = liveCall({ id, targetKey: 'watch' })
      engine.liveObserver.onOpen(call, { target: grpc })
      end(call)
    }
    run('a', (call) => engine.liveObserver.onServerMessages(call, ended('a', 'Unavailable')))
    run('b', (call) =>
      engine.liveObserver.onServerMessages(call, [
        { op: 'closed', id: 'b', problem: { type: 'x', title: 'Refused', status: 502, code: 'upstream_unreachable' } },
      ]),
    )
    run('c', (call) => engine.liveObserver.onLocalEnd({ ...call, status: 'closed' }))
    expect(titles()).toEqual([])
    run('d', (call) => engine.liveObserver.onLocalEnd({ ...call, status: 'error' }))
    expect(titles()).toEqual(['3 failed calls in a row'])
    expect(engine.store.getState().hints[0]?.detail).toContain('Chat.Watch')
    run('e', (call) => engine.liveObserver.onServerMessages(call, ended('e', 'OK')))
    expect(titles()).toEqual([])
  })

  it('flags a `${name}` left in a live call’s open request or in a message sent on its channel', () => {
    const { engine, titles } = setupLive()
    const engineWith = createHintEngine(
      deps({
        unknownVariables: (_key, r) =>
          JSON.stringify([r.messages, r.metadata ?? {}])
            .match(/\$\{(\w+)\}/g)
            ?.map((m) => m.slice(2, -1)) ?? [],
      }),
      engine.store,
    )
    const ws = { ...target, protocol: 'websocket' }
    engineWith.liveObserver.onOpen(liveCall({ targetKey: 'ws' }), { target: { ...ws, metadata: { 'x-a': '${a}' } } })
    expect(titles()).toEqual(['Unknown variable ${a}'])
    engineWith.liveObserver.onOpen(liveCall({ targetKey: 'ws' }), { target: ws })
    expect(titles()).toEqual([])
    engineWith.liveObserver.onSend(liveCall({ targetKey: 'ws' }), [{ text: 'hi ${who}' }])
    expect(titles()).toEqual(['Unknown variable ${who}'])
  })

  it('stays quiet when an event came in time, and for other protocols', () => {
    const { engine, titles, set } = setupLive()
    engine.liveObserver.onOpen(liveCall(), { target })
    engine.liveObserver.onServerMessages(liveCall(), [event])
    set(liveCall({ received: 1 }))
    engine.liveObserver.onOpen(liveCall({ id: 'c2', targetKey: 'ws' }), {
      target: { ...target, protocol: 'websocket' },
    })
    vi.advanceTimersByTime(silentStreamMs * 2)
    expect(titles()).toEqual([])
  })
})
