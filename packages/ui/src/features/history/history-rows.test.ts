import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '@wirebench/core'
import { historyLabel, responseText, toneOf } from './history-rows.js'

const request = (protocol: string, messages: unknown[], url = 'http://127.0.0.1:1/api'): HistoryEntry['request'] => ({
  protocol,
  url,
  service: 'HTTP',
  method: 'request',
  messages,
})

describe('history rows', () => {
  it('reads a stream the user closed as closed, not failed', () => {
    expect(toneOf({ ok: false, kind: 'stream', status: 'cancelled' })).toBe('closed')
    expect(toneOf({ ok: false, kind: 'channel', status: 'cancelled' })).toBe('closed')
    expect(toneOf({ ok: false, kind: 'unary', status: 'cancelled' })).toBe('failed')
    expect(toneOf({ ok: false, kind: 'stream', status: 'error' })).toBe('failed')
    expect(toneOf({ ok: true, kind: 'unary', status: '200' })).toBe('ok')
  })

  it('names a plain HTTP request by its verb and URL, any other by its method and address', () => {
    expect(historyLabel({ request: request('http', [{ method: 'post', url: '/items?x=1' }]) })).toEqual({
      title: 'POST',
      url: 'http://127.0.0.1:1/api/items?x=1',
    })
    expect(historyLabel({ request: request('http', [{}], 'http://h/x') })).toEqual({ title: 'GET', url: 'http://h/x' })
    expect(historyLabel({ request: { ...request('rest', [{}]), method: 'getBook' } })).toEqual({
      title: 'getBook',
      url: 'http://127.0.0.1:1/api',
    })
  })

  it('shows a stored JSON body indented and a text body as it is', () => {
    expect(responseText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(responseText('plain')).toBe('plain')
  })
})
