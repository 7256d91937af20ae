import { describe, expect, it } from 'vitest'
import { received, sent } from './live-entries.test-helpers.js'
import { rowViewOf } from './live-row-view.js'

describe('rowViewOf: received frames', () => {
  it('shows SSE event, id and retry as chips, in that order', () => {
    const view = rowViewOf(received({ n: 1 }, { meta: { event: 'tick', id: '42', retry: 3000 } }))
    expect(view.preview).toBe('{"n":1}')
    expect(view.chips.map((c) => c.text)).toEqual(['tick', 'id 42', 'retry 3000 ms'])
    expect(view.variant).toBe('')
  })

  it('marks WebSocket pings and pongs as control frames and shows the size', () => {
    const view = rowViewOf(received('hb', { meta: { opcode: 'pong', bytes: 2 } }))
    expect(view.chips.map((c) => [c.tone, c.text])).toEqual([
      ['opcode', 'pong'],
      ['size', '2 B'],
    ])
    expect(view.variant).toBe(' is-control')
  })

  it('previews binary frames as their first bytes in hex', () => {
    const view = rowViewOf(received(null, { binary: 'AAEC/w==', meta: { opcode: 'binary', bytes: 4 } }))
    expect(view.preview).toBe('00 01 02 ff')
    const long = rowViewOf(received(null, { binary: btoa('x'.repeat(40)) }))
    expect(long.preview).toBe(`40 B · ${Array(24).fill('78').join(' ')} …`)
  })

  it('shows a reconnect notice as a notice, without the id chip repeating its Last-Event-ID', () => {
    const view = rowViewOf(
      received('Reconnected (attempt 1, Last-Event-ID: 7)', {
        meta: { kind: 'reconnect', attempt: 1, lastEventId: '7' },
      }),
    )
    expect(view.variant).toBe(' is-notice')
    expect(view.chips.map((c) => c.text)).toEqual(['reconnect'])
  })

  it('computes a row once per entry', () => {
    const entry = received({ a: 1 }, { meta: { event: 'x' } })
    expect(rowViewOf(entry)).toBe(rowViewOf(entry))
  })
})

describe('rowViewOf: sent WebSocket frames', () => {
  it('shows text, binary, ping and close frames by kind', () => {
    expect(rowViewOf(sent({ text: 'hi\nthere' }), 'websocket')).toMatchObject({ preview: 'hi there', variant: '' })
    expect(rowViewOf(sent({ binary: 'AAE=' }), 'websocket').preview).toBe('2 B · 00 01')
    expect(rowViewOf(sent({ ping: 'p' }), 'websocket')).toMatchObject({ preview: 'p', variant: ' is-control' })
    expect(rowViewOf(sent({ close: { code: 4001, reason: 'bye' } }), 'websocket').preview).toBe('Close 4001: bye')
    expect(rowViewOf(sent({ other: 1 }), 'websocket').preview).toBe('{"other":1}')
  })

  it('leaves other protocols’ sent messages as JSON', () => {
    const view = rowViewOf(sent({ text: 'hi' }))
    expect(view.preview).toBe('{"text":"hi"}')
    expect(view.chips).toEqual([])
  })
})
