import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { encodeBody, readCallMessage } from './message.js'

describe('readCallMessage', () => {
  it('accepts an absent or empty message as all defaults', () => {
    expect(readCallMessage([])).toEqual({})
    expect(readCallMessage([{}])).toEqual({})
    expect(readCallMessage([null])).toEqual({})
  })

  it('reads method (any case), body, lastEventId and reconnect', () => {
    expect(readCallMessage([{ method: 'post', body: { a: 1 }, lastEventId: '7', reconnect: true }])).toEqual({
      method: 'POST',
      body: { a: 1 },
      lastEventId: '7',
      reconnect: true,
    })
  })

  it.each([
    [[{ method: 'PUT' }], 'GET or POST'],
    [[{ lastEventId: 7 }], 'lastEventId'],
    [[{ reconnect: 'yes' }], 'reconnect'],
    [['text'], 'JSON object'],
    [[{}, {}], 'one message'],
  ])('refuses %j naming what is wrong', (messages, words) => {
    let error: unknown
    try {
      readCallMessage(messages)
    } catch (e) {
      error = e
    }
    expect(WorkbenchError.is(error, 'invalid_request')).toBe(true)
    expect((error as WorkbenchError).message).toContain(words)
  })
})

describe('encodeBody', () => {
  it('sends strings as text and everything else as JSON, and nothing for null', () => {
    expect(encodeBody('hi')).toEqual({ body: 'hi', contentType: 'text/plain; charset=utf-8' })
    expect(encodeBody({ q: [1] })).toEqual({ body: '{"q":[1]}', contentType: 'application/json' })
    expect(encodeBody(0)).toEqual({ body: '0', contentType: 'application/json' })
    expect(encodeBody(null)).toBeUndefined()
  })
})
