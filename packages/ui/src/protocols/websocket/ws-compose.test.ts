import { describe, expect, it } from 'vitest'
import type { HeaderRow } from '../../state/drafts-store.js'
import {
  buildClose,
  buildWsMessage,
  formatJson,
  jsonProblem,
  parseSubprotocols,
  subprotocolsOf,
  withSubprotocols,
} from './ws-compose.js'

describe('buildWsMessage', () => {
  it('turns each composer kind into the channel message the plugin reads', () => {
    expect(buildWsMessage('text', 'hi')).toEqual({ message: { text: 'hi' } })
    expect(buildWsMessage('json', '{ "a": 1 }')).toEqual({ message: { text: '{ "a": 1 }' } })
    expect(buildWsMessage('binary', 'AAE C\n/w==')).toEqual({ message: { binary: 'AAEC/w==' } })
    expect(buildWsMessage('ping', '')).toEqual({ message: { ping: '' } })
  })

  it('refuses invalid JSON, non-base64 binary and oversized pings, saying what is wrong', () => {
    expect(buildWsMessage('json', '{ a: 1 }')).toMatchObject({
      error: expect.stringMatching(/^Not valid JSON/) as string,
    })
    expect(buildWsMessage('json', '  ')).toEqual({ error: 'Type a JSON value.' })
    expect(buildWsMessage('binary', 'zz!')).toMatchObject({ error: expect.stringMatching(/base64/) as string })
    expect(buildWsMessage('ping', 'x'.repeat(126))).toEqual({ error: 'A ping payload is at most 125 bytes.' })
  })
})

describe('buildClose', () => {
  it('defaults to 1000 and keeps a reason', () => {
    expect(buildClose('', '')).toEqual({ message: { close: { code: 1000 } } })
    expect(buildClose('4001', 'bye')).toEqual({ message: { close: { code: 4001, reason: 'bye' } } })
  })

  it('refuses codes a client may not send', () => {
    expect(buildClose('1006', '')).toMatchObject({ error: expect.stringMatching(/1000, or 3000–4999/) as string })
    expect(buildClose('abc', '')).toHaveProperty('error')
  })
})

describe('JSON and subprotocol helpers', () => {
  it('formats JSON and leaves other text alone', () => {
    expect(formatJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')
    expect(formatJson('{oops')).toBe('{oops')
    expect(jsonProblem('[1]')).toBeNull()
  })

  it('splits a subprotocol list', () => {
    expect(parseSubprotocols(' chat.v2, ,json ')).toEqual(['chat.v2', 'json'])
  })
})

describe('the subprotocols field over the header rows', () => {
  const row = (name: string, value: string, isEnabled = true): HeaderRow => ({ id: name, name, value, isEnabled })
  const newRow = () => row('', '')

  it('adds, updates and removes the Sec-WebSocket-Protocol row, leaving other headers alone', () => {
    const auth = row('X-Team', 'a')
    const added = withSubprotocols([auth], 'chat.v2', newRow)
    expect(added.map((r) => [r.name, r.value])).toEqual([
      ['X-Team', 'a'],
      ['Sec-WebSocket-Protocol', 'chat.v2'],
    ])
    expect(subprotocolsOf(added)).toBe('chat.v2')
    const updated = withSubprotocols([auth, row('sec-websocket-protocol', 'x', false)], 'json', newRow)
    expect(updated[1]).toMatchObject({ name: 'sec-websocket-protocol', value: 'json', isEnabled: true })
    expect(withSubprotocols(updated, ' ', newRow)).toEqual([auth])
  })

  it('reads no subprotocols from a disabled row', () => {
    expect(subprotocolsOf([row('Sec-WebSocket-Protocol', 'chat', false)])).toBe('')
  })
})
