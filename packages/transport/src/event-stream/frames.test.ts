import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { eventData, eventSourceFrames } from './frames.js'

describe('eventData', () => {
  it('parses JSON data and keeps anything else as the text', () => {
    expect(eventData('{"a":1}')).toEqual({ a: 1 })
    expect(eventData('[1,2]')).toEqual([1, 2])
    expect(eventData('42')).toBe(42)
    expect(eventData('true')).toBe(true)
    expect(eventData('hello world')).toBe('hello world')
    expect(eventData('{not json')).toBe('{not json')
    expect(eventData('')).toBe('')
  })
})

describe('eventSourceFrames', () => {
  it('makes a message frame whose meta holds only the fields the event carried', () => {
    expect(eventSourceFrames({ type: 'event', event: { data: 'x' } }, 'u')).toEqual([
      { type: 'message', data: 'x', meta: {} },
    ])
    expect(eventSourceFrames({ type: 'event', event: { data: '1', id: '9', retry: 50 } }, 'u')).toEqual([
      { type: 'message', data: 1, meta: { id: '9', retry: 50 } },
    ])
  })

  it('announces a reconnection with the attempt and the Last-Event-ID sent', () => {
    expect(eventSourceFrames({ type: 'reconnect', attempt: 2, lastEventId: '5', delayMs: 1000 }, 'u')).toEqual([
      {
        type: 'message',
        data: 'Reconnected (attempt 2, Last-Event-ID: 5)',
        meta: { kind: 'reconnect', attempt: 2, lastEventId: '5' },
      },
    ])
  })

  it('ends Unavailable when reconnection gave up, naming the last failure', () => {
    const error = new WorkbenchError('upstream_unreachable', 'Cannot reach h: connection refused.')
    expect(eventSourceFrames({ type: 'end', reason: 'gave-up', attempts: 10, error }, 'u')).toEqual([
      {
        type: 'end',
        status: 'Unavailable',
        message: 'Gave up after 10 failed reconnection attempts in a row: Cannot reach h: connection refused.',
      },
    ])
  })

  it('maps a refused answer to its HTTP status with the body in the details', () => {
    const frames = eventSourceFrames(
      {
        type: 'refused',
        status: 401,
        statusMessage: 'Unauthorized',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from('{"error":"token"}'),
        truncated: false,
      },
      'http://h/events',
    )
    expect(frames).toEqual([
      { type: 'headers', metadata: { 'content-type': 'application/json', http_status: '401' } },
      {
        type: 'end',
        status: 'Unauthenticated',
        message: 'HTTP 401 Unauthorized',
        details: { http_status: 401, body: { error: 'token' } },
      },
    ])
  })
})
