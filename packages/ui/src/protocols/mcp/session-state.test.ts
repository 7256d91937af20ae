import { describe, expect, it } from 'vitest'
import type { McpSessionEvent } from '@wirebench/core'
import { emptySessionState, foldSessionEvent, progressOf, replyOf } from './session-state.js'

const fold = (events: McpSessionEvent[]) =>
  events.reduce((state, event, index) => foldSessionEvent(state, event, 1000 + index), emptySessionState)

describe('MCP session state from channel frames', () => {
  it('keeps waiting requests until they are answered, expire or are withdrawn, request id 0 included', () => {
    const state = fold([
      { kind: 'request', requestId: 0, method: 'elicitation/create', params: {}, expiresAt: 5 },
      { kind: 'request', requestId: 1, method: 'sampling/createMessage', params: {}, expiresAt: 5 },
      { kind: 'request', requestId: 2, method: 'elicitation/create', params: {}, expiresAt: 5 },
      { kind: 'requestAnswered', requestId: 0, method: 'elicitation/create', by: 'user' },
      { kind: 'requestExpired', requestId: 1, method: 'sampling/createMessage', timeoutMs: 120_000 },
    ])
    expect(state.pending.map((p) => p.requestId)).toEqual([2])
    expect(state.settled.map((s) => [s.requestId, s.outcome])).toEqual([
      [0, 'answered'],
      [1, 'expired'],
    ])
    expect(state.settled[1]?.detail).toMatch(/within 120 s/)
    const withdrawn = foldSessionEvent(
      state,
      { kind: 'requestCancelled', requestId: 2, method: 'elicitation/create' },
      9,
    )
    expect(withdrawn.pending).toEqual([])
    expect(withdrawn.settled.at(-1)?.outcome).toBe('cancelled')
  })

  it('tells progress tokens 1 and "1" apart, keeps replies by id, and drops waiting requests when the session closes', () => {
    const state = fold([
      { kind: 'progress', progressToken: 1, progress: 1, total: 4 },
      { kind: 'progress', progressToken: '1', progress: 3, message: 'three' },
      { kind: 'reply', op: 'complete', id: 'c1', result: { completion: { values: ['Ada'] } } },
      { kind: 'request', requestId: 7, method: 'elicitation/create', params: {}, expiresAt: 5 },
      { kind: 'session', state: 'closed', reason: 'gone' },
    ])
    expect(progressOf(state, 1)).toEqual({ progress: 1, total: 4 })
    expect(progressOf(state, '1')).toEqual({ progress: 3, message: 'three' })
    expect(replyOf(state, 'c1')?.result).toEqual({ completion: { values: ['Ada'] } })
    expect(state.pending).toEqual([])
    expect(state.closedReason).toBe('gone')
  })

  it('keeps the ids of URL elicitations the server reports complete, and nothing of other notifications', () => {
    const state = fold([
      { kind: 'notification', method: 'notifications/elicitation/complete', params: { elicitationId: 'e-1' } },
      { kind: 'notification', method: 'notifications/message', params: { elicitationId: 'e-2' } },
      { kind: 'notification', method: 'notifications/elicitation/complete', params: {} },
    ])
    expect(state.completedElicitations).toEqual(['e-1'])
  })
})
