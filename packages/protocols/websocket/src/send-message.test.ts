import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { toOutgoing } from './send-message.js'

describe('toOutgoing', () => {
  it('reads the four message shapes', () => {
    expect(toOutgoing({ text: 'hi' })).toEqual({ kind: 'text', data: 'hi' })
    expect(toOutgoing({ binary: 'AAEC/w==' })).toEqual({ kind: 'binary', data: Buffer.from([0, 1, 2, 255]) })
    expect(toOutgoing({ ping: 'p' })).toEqual({ kind: 'ping', data: 'p' })
    expect(toOutgoing({ ping: null })).toEqual({ kind: 'ping', data: '' })
    expect(toOutgoing({ close: { code: 4001, reason: 'bye' } })).toEqual({ kind: 'close', code: 4001, reason: 'bye' })
    expect(toOutgoing({ close: {} })).toEqual({ kind: 'close', code: 1000, reason: '' })
  })

  it('sends bare strings as text and any other JSON stringified', () => {
    expect(toOutgoing('plain')).toEqual({ kind: 'text', data: 'plain' })
    expect(toOutgoing({ text: 5 })).toEqual({ kind: 'text', data: '{"text":5}' })
    expect(toOutgoing({ text: 'a', extra: 1 })).toEqual({ kind: 'text', data: '{"text":"a","extra":1}' })
    expect(toOutgoing([1, 2])).toEqual({ kind: 'text', data: '[1,2]' })
    expect(toOutgoing(42)).toEqual({ kind: 'text', data: '42' })
    expect(toOutgoing(null)).toEqual({ kind: 'text', data: 'null' })
  })

  it('refuses binary that is not base64, naming the format', () => {
    let error: unknown
    try {
      toOutgoing({ binary: 'not base64!' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(WorkbenchError)
    expect((error as WorkbenchError).code).toBe('invalid_request')
    expect((error as WorkbenchError).message).toContain('base64')
  })

  it('refuses close codes a client may not send and over-long control payloads', () => {
    for (const code of [1005, 1006, 1015, 999, 2000, 5000, 1000.5]) {
      expect(() => toOutgoing({ close: { code } })).toThrow(/close code/)
    }
    expect(() => toOutgoing({ close: { code: 1000, reason: 'x'.repeat(124) } })).toThrow(/123 bytes/)
    expect(() => toOutgoing({ ping: 'x'.repeat(126) })).toThrow(/125 bytes/)
  })
})
