import { describe, expect, it } from 'vitest'
import { received, sent } from './live-entries.test-helpers.js'
import { createMessageMatcher, searchTextOf } from './live-search.js'

describe('the live log filter', () => {
  it('finds text anywhere in a message, past the point where its preview is cut, whatever the case', () => {
    const entry = received({ padding: 'z'.repeat(1000), station: 'St-Harbor' })
    expect(createMessageMatcher('st-harbor')(entry)).toBe(true)
    expect(createMessageMatcher('  ST-HARBOR ')(entry)).toBe(true)
    expect(createMessageMatcher('st-ridge')(entry)).toBe(false)
  })

  it('matches a query written as the inspector shows JSON ("key": value) against the stored compact JSON', () => {
    const entry = received({ sequence: '4242', kind: 'SENSOR_KIND_WIND_SPEED', ok: true })
    expect(createMessageMatcher('"sequence": "4242"')(entry)).toBe(true)
    expect(createMessageMatcher('"sequence":"4242"')(entry)).toBe(true)
    expect(createMessageMatcher('"sequence": "424"')(entry)).toBe(false)
    expect(createMessageMatcher('"kind": "SENSOR_KIND_WIND_SPEED", "ok": true')(entry)).toBe(true)
    // A comma and a space inside a string value are kept as typed.
    expect(createMessageMatcher('a, b')(received({ text: 'a, b' }))).toBe(true)
  })

  it('searches headers and trailers by name and value, and the kind of the entry', () => {
    const trailers = received({ 'grpc-status': '0', 'x-request-id': 'abc' }, { kind: 'trailers' })
    expect(createMessageMatcher('x-request-id: abc')(trailers)).toBe(true)
    expect(createMessageMatcher('trailers')(trailers)).toBe(true)
    expect(createMessageMatcher('headers')(trailers)).toBe(false)
  })

  it('searches chips (SSE event names, WebSocket opcodes) and binary frames by the hex their row shows', () => {
    expect(createMessageMatcher('tick')(received('payload', { meta: { event: 'tick' } }))).toBe(true)
    expect(createMessageMatcher('ping')(received('', { meta: { opcode: 'ping' } }))).toBe(true)
    const binary = received(null, { binary: 'AAH/', meta: { opcode: 'binary', bytes: 3 } })
    expect(createMessageMatcher('00 01 ff')(binary)).toBe(true)
  })

  it('searches sent messages by what was sent', () => {
    expect(createMessageMatcher('hello there')(sent({ text: 'Hello there' }, 'accepted'))).toBe(true)
    expect(searchTextOf(sent({ text: 'Hello there' }, 'accepted'), 'websocket')).toContain('hello there')
  })
})
