import { describe, expect, it } from 'vitest'
import type { SavedRequest } from '@wirebench/core'
import { serializeSavedRequest, validateSavedRequest } from './file-format.js'

const request: SavedRequest = {
  version: 1,
  name: 'Login',
  protocol: 'rest',
  url: 'http://127.0.0.1:8080/openapi.json',
  service: 'Auth',
  method: 'login',
  messages: [{}],
}

describe('saved request assertions', () => {
  it('loads a request with assertions and writes them after the other keys', () => {
    const withAssertions: SavedRequest = {
      ...request,
      notes: 'n',
      assertions: [
        { type: 'status', in: [200, 201] },
        { type: 'json', path: 'token', exists: true },
        { type: 'latency', below: 500 },
      ],
    }
    expect(validateSavedRequest(JSON.parse(serializeSavedRequest(withAssertions)))).toEqual({
      ok: true,
      value: withAssertions,
    })
    expect(Object.keys(JSON.parse(serializeSavedRequest(withAssertions)) as object).slice(-2)).toEqual([
      'notes',
      'assertions',
    ])
  })

  it.each([
    [{ type: 'status' }, '"assertions[0]": a "status" assertion needs "is" or "in" (one of them)'],
    [{ type: 'json', path: 'token', matches: '(' }, /^"assertions\[0\]": "matches" is not a regular expression/],
    [{ type: 'run', script: 'process.exit()' }, /^"assertions\[0\]": "type" must be "status", "json", "header"/],
  ])('refuses a file whose assertion %j cannot be evaluated, naming it', (assertion, reason) => {
    const result = validateSavedRequest({ ...request, assertions: [assertion] })
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toMatch(reason)
  })

  it('refuses assertions that are not a list', () => {
    expect(validateSavedRequest({ ...request, assertions: { type: 'status', is: 200 } })).toEqual({
      ok: false,
      reason: '"assertions" must be an array',
    })
  })
})
