import type { InvokeResult } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/api-client.js'
import { createLiveSocket } from '../api/live-socket.js'
import { fakeSockets } from '../api/live-socket.test-helpers.js'
import { createCallsStore } from './calls-store.js'
import { createLiveStore } from './live-store.js'
import { createResponseMemory } from './response-memory.js'
import { createTabsStore } from './tabs-store.js'

const login: InvokeResult = {
  response: { token: 'tok-1', items: [{ id: 'a' }] },
  durationMs: 3,
  status: 'OK',
  metadata: { http_status: '201', 'x-request-id': 'r-1' },
}

/** A calls store over a client that answers every call with `result` (the server is not what is tested here). */
function callsAnswering(result: InvokeResult) {
  const api = { invoke: () => Promise.resolve(result) } as unknown as ApiClient
  return createCallsStore(api)
}

const request = { protocol: 'rest', url: 'http://h/doc', service: 'S', method: 'm', messages: [{}] }

describe('response memory', () => {
  it("reads a tab's unary result: body, HTTP status and headers", async () => {
    const calls = callsAnswering(login)
    const memory = createResponseMemory({ calls: () => calls, live: () => undefined, tabs: () => undefined })
    const resolve = memory.resolverFor('k')
    expect(resolve('response.token')).toBeUndefined()
    await calls.getState().send('k', request)
    const after = memory.resolverFor('k')
    expect(after('response.token')).toBe('tok-1')
    expect(after('response.items.0.id')).toBe('a')
    expect(after('response.status')).toBe('201')
    expect(after('response.headers.X-Request-Id')).toBe('r-1')
    expect(after('response.nope')).toBeUndefined()
  })

  it("reads a saved request's last response by its path, from the tab it was opened or saved in", async () => {
    const calls = callsAnswering(login)
    const tabs = createTabsStore()
    const memory = createResponseMemory({ calls: () => calls, live: () => undefined, tabs: () => tabs })
    await calls.getState().send('new:1', request)
    expect(memory.resolverFor(undefined)('auth/login.response.token')).toBeUndefined()
    tabs.getState().open({ key: 'new:1', address: request, title: 'login', baseline: '', savedPath: 'auth/login' })
    expect(memory.resolverFor(undefined)('auth/login.response.token')).toBe('tok-1')
    await calls.getState().send('saved:smoke/other', request)
    expect(memory.resolverFor('elsewhere')('smoke/other.response.items.0.id')).toBe('a')
  })

  it("reads the last message a tab's stream or channel received", () => {
    const fake = fakeSockets()
    const socket = createLiveSocket({ url: 'ws://h/api/ws', getToken: () => 't', createSocket: fake.create })
    const pending: Array<() => void> = []
    const live = createLiveStore({ socket, schedule: (flush) => pending.push(flush) })
    const memory = createResponseMemory({ calls: () => undefined, live: () => live, tabs: () => undefined })
    const id = live
      .getState()
      .start({ targetKey: 'ws', mode: 'channel', target: { ...request, protocol: 'websocket' } })
    const ws = fake.last()
    ws.accept()
    ws.emit({ op: 'opened', id, clientStreaming: true, serverStreaming: true })
    ws.emit({
      op: 'frames',
      id,
      frames: [
        { seq: 1, at: 1, frame: { type: 'headers', metadata: { 'sec-websocket-protocol': 'chat' } } },
        { seq: 2, at: 2, frame: { type: 'message', data: '{"session":"s-1"}' } },
        { seq: 3, at: 3, frame: { type: 'message', data: '{"session":"s-2"}' } },
      ],
    })
    for (const flush of pending.splice(0)) flush()
    const resolve = memory.resolverFor('ws')
    expect(resolve('response.session')).toBe('s-2')
    expect(resolve('response.headers.sec-websocket-protocol')).toBe('chat')
  })
})
