import { describe, expect, it } from 'vitest'
import { bodyFromText, readSseRequest, textFromBody, withSseField } from './sse-request.js'

describe('the SSE request the pane edits', () => {
  it('reads defaults from an empty draft, taking the method discovery chose', () => {
    expect(readSseRequest({}, 'POST')).toEqual({ method: 'POST', lastEventId: '', reconnect: false })
    expect(readSseRequest({ method: 'GET', lastEventId: '7', reconnect: true }, 'POST')).toMatchObject({
      method: 'GET',
      lastEventId: '7',
      reconnect: true,
    })
  })

  it('sends a body as JSON when it parses, else as text', () => {
    expect(bodyFromText('{"topic":"a"}')).toEqual({ topic: 'a' })
    expect(bodyFromText('plain words')).toBe('plain words')
    expect(bodyFromText('  ')).toBeUndefined()
    expect(textFromBody({ a: 1 })).toBe('{\n  "a": 1\n}')
    expect(textFromBody('x')).toBe('x')
  })

  it('leaves empty fields out of the message', () => {
    expect(withSseField({ method: 'GET', lastEventId: '3' }, { lastEventId: '', reconnect: false })).toEqual({
      method: 'GET',
    })
    expect(withSseField({}, { reconnect: true, body: { a: 1 } })).toEqual({ reconnect: true, body: { a: 1 } })
  })
})
