import type { InvokeResult } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error.js'
import type { CallRecord } from '../../state/calls-store.js'
import {
  authRefused,
  callHints,
  deprecatedMethod,
  errorStreak,
  largeResponse,
  nextErrorStreak,
  slowResponse,
  undocumentedStatus,
  type CallFacts,
} from './call-rules.js'

const ok: InvokeResult = { response: { ok: true }, durationMs: 5, status: 'OK', metadata: { http_status: '200' } }
const record = (result: Partial<InvokeResult>, extra: Partial<CallRecord> = {}): CallRecord => ({
  isSending: false,
  startedAt: 1,
  result: { ...ok, ...result },
  roundTripMs: 10,
  ...extra,
})
const facts = (over: Partial<CallFacts> = {}): CallFacts => ({
  key: 'tab-1',
  request: { protocol: 'rest', service: 'Diagnostics', method: 'failAlways' },
  record: record({}),
  errorStreak: 0,
  ...over,
})

describe('slow response', () => {
  it('speaks up over 2 s as the browser saw the call, and offers the Timing tab when there is one', () => {
    expect(slowResponse(facts({ record: record({}, { roundTripMs: 2000 }) }))).toBeUndefined()
    const hint = slowResponse(facts({ record: record({ timings: { totalMs: 2100 } }, { roundTripMs: 2100 }) }))
    expect(hint).toMatchObject({ kind: 'slow-response', targetKey: 'tab-1', title: 'Slow response: 2.10 s' })
    expect(hint?.action).toEqual({ kind: 'show-response-view', view: 'timing' })
  })

  it('offers the console when the result has no timings', () => {
    expect(slowResponse(facts({ record: record({}, { roundTripMs: 2500 }) }))?.action).toEqual({ kind: 'open-console' })
  })

  it('offers the console when the tab’s pane has no Timing tab (MCP), even with timings', () => {
    const slow = record({ timings: { totalMs: 2600 } }, { roundTripMs: 2600 })
    const hint = slowResponse(facts({ record: slow, canShowViews: false }))
    expect(hint).toMatchObject({ actionLabel: 'Open console', action: { kind: 'open-console' } })
  })
})

describe('large response', () => {
  it('speaks up over 100 KB and offers Find', () => {
    expect(largeResponse(facts({ record: record({ sizeBytes: 100 * 1024 }) }))).toBeUndefined()
    expect(largeResponse(facts({ record: record({}) }))).toBeUndefined()
    const hint = largeResponse(facts({ record: record({ sizeBytes: 240 * 1024 }) }))
    expect(hint).toMatchObject({ kind: 'large-response', title: 'Large response: 240.0 KB' })
    expect(hint?.action).toEqual({ kind: 'show-response-view', view: 'find' })
  })
})

describe('error streak', () => {
  it('counts failures, resets on a success and leaves a cancelled call out', () => {
    const failed = record({ status: 'Internal', metadata: { http_status: '500' } })
    const unreachable: CallRecord = { isSending: false, startedAt: 1, error: ApiError.fromUnknown(new Error('down')) }
    expect(nextErrorStreak(0, failed)).toBe(1)
    expect(nextErrorStreak(1, unreachable)).toBe(2)
    expect(nextErrorStreak(2, { isSending: false, startedAt: 1, isCancelled: true })).toBe(2)
    expect(nextErrorStreak(2, record({}))).toBe(0)
  })

  it('speaks up at the third failure in a row and offers the console', () => {
    expect(errorStreak(facts({ errorStreak: 2 }))).toBeUndefined()
    const hint = errorStreak(facts({ errorStreak: 3 }))
    expect(hint).toMatchObject({ kind: 'error-streak', title: '3 failed calls in a row' })
    expect(hint?.detail).toContain('Diagnostics.failAlways')
    expect(hint?.action).toEqual({ kind: 'open-console' })
  })
})

describe('refused credentials', () => {
  const unauthorized = record({ status: 'Unauthenticated', metadata: { http_status: '401' } })

  it('points at the auth panel when the environment sends auth', () => {
    const hint = authRefused(facts({ record: unauthorized, environment: { name: 'Local', hasAuth: true } }))
    expect(hint).toMatchObject({ title: '401 with auth sent', actionLabel: 'Open auth' })
    expect(hint?.detail).toContain('“Local”')
  })

  it('suggests adding auth when none is sent, with or without an environment', () => {
    expect(authRefused(facts({ record: unauthorized, environment: { name: 'Local', hasAuth: false } }))).toMatchObject({
      title: '401 without auth',
      actionLabel: 'Add auth',
      action: { kind: 'open-auth' },
    })
    const forbidden = record({ status: 'PermissionDenied', metadata: {} })
    expect(authRefused(facts({ record: forbidden }))?.detail).toMatch(/No environment is active/)
  })

  it('stays quiet for other statuses', () => {
    expect(authRefused(facts({ record: record({ status: 'NotFound', metadata: { http_status: '404' } }) }))).toBe(
      undefined,
    )
  })
})

describe('undocumented status', () => {
  it('speaks up for a status problem of the validation result only', () => {
    const typeProblem = {
      valid: false,
      schema: '#/x',
      problems: [{ pointer: '/id', message: 'not a string', keyword: 'type' }],
    }
    expect(undocumentedStatus(facts({ record: record({ validation: typeProblem }) }))).toBeUndefined()
    const validation = {
      valid: false,
      schema: '#/paths/~1diagnostics~1status~1{code}/get',
      problems: [{ pointer: '', message: 'Status 418 is not documented for this operation.', keyword: 'status' }],
    }
    const hint = undocumentedStatus(facts({ record: record({ validation, metadata: { http_status: '418' } }) }))
    expect(hint).toMatchObject({ title: 'Status 418 is not in the schema', actionLabel: 'Show problems' })
    expect(hint?.action).toEqual({ kind: 'show-response-view', view: 'validation' })
  })

  it('stays quiet for an answer that carries no validation (nothing documented to check it against)', () => {
    const notValidated = record({ metadata: { http_status: '404' } })
    expect(notValidated.result).not.toHaveProperty('validation')
    expect(undocumentedStatus(facts({ record: notValidated }))).toBeUndefined()
  })
})

describe('deprecated method', () => {
  it('speaks up for a deprecated method, quoting the reason when the schema gives one', () => {
    expect(deprecatedMethod(facts({ method: { deprecated: false } }))).toBeUndefined()
    expect(deprecatedMethod(facts())).toBeUndefined()
    const hint = deprecatedMethod(facts({ method: { deprecated: true, deprecationReason: 'Use listBooks.' } }))
    expect(hint).toMatchObject({ title: 'failAlways is deprecated', detail: 'The schema says: Use listBooks.' })
    expect(hint?.action).toEqual({ kind: 'search-methods', query: 'Diagnostics' })
  })
})

describe('every call rule together', () => {
  it('gives nothing for a quick, small, documented success', () => {
    expect(callHints(facts())).toEqual([])
  })

  it('gives one hint per kind, each with the tab’s key in its id', () => {
    const slowFailure = record({ status: 'Internal', metadata: { http_status: '500' } }, { roundTripMs: 3000 })
    const hints = callHints(facts({ record: slowFailure, errorStreak: 3 }))
    expect(hints.map((h) => h.id)).toEqual(['error-streak:tab-1', 'slow-response:tab-1'])
  })
})
