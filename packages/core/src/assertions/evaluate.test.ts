import { describe, expect, it } from 'vitest'
import type { InvokeResult } from '../model/wire.js'
import type { SavedAssertion } from '../model/saved-request.js'
import { assertionProblem, assertionsProblem } from './check-assertions.js'
import { assertionSubjectOf, assertionsPassed, evaluateAssertions } from './evaluate.js'
import type { AssertionSubject } from './evaluate.js'

const rest: AssertionSubject = {
  status: 201,
  statusName: 'OK',
  headers: { 'content-type': 'application/json; charset=utf-8', 'x-id': 'abc-123' },
  body: { token: 'tok-9', items: [{ id: 3 }], empty: null, nested: { a: [1, 2] } },
  durationMs: 42,
}

const outcome = (assertion: SavedAssertion, subject: AssertionSubject = rest) => {
  const [result] = evaluateAssertions([assertion], subject)
  return result?.outcome
}

describe('evaluateAssertions', () => {
  it.each<[SavedAssertion, string]>([
    [{ type: 'status', is: 201 }, 'pass'],
    [{ type: 'status', is: '201' }, 'pass'],
    [{ type: 'status', is: '2xx' }, 'pass'],
    [{ type: 'status', is: 'OK' }, 'pass'],
    [{ type: 'status', is: 200 }, 'fail'],
    [{ type: 'status', is: '4xx' }, 'fail'],
    [{ type: 'status', in: [200, 201, 204] }, 'pass'],
    [{ type: 'status', in: [400, 500] }, 'fail'],
    [{ type: 'json', path: 'token', equals: 'tok-9' }, 'pass'],
    [{ type: 'json', path: 'token', equals: 'other' }, 'fail'],
    [{ type: 'json', path: 'items.0.id', equals: 3 }, 'pass'],
    [{ type: 'json', path: 'items.0.id', equals: '3' }, 'fail'],
    [{ type: 'json', path: 'nested', equals: { a: [1, 2] } }, 'pass'],
    [{ type: 'json', path: 'nested', equals: { a: [2, 1] } }, 'fail'],
    [{ type: 'json', path: 'empty', equals: null }, 'pass'],
    [{ type: 'json', path: 'token', matches: '^tok-\\d+$' }, 'pass'],
    [{ type: 'json', path: 'token', matches: '^x' }, 'fail'],
    [{ type: 'json', path: 'items.0.id', matches: '^3$' }, 'pass'],
    [{ type: 'json', path: 'missing', matches: '.*' }, 'fail'],
    [{ type: 'json', path: 'token', exists: true }, 'pass'],
    [{ type: 'json', path: 'empty', exists: true }, 'pass'],
    [{ type: 'json', path: 'missing', exists: true }, 'fail'],
    [{ type: 'json', path: 'missing', exists: false }, 'pass'],
    [{ type: 'json', path: 'token', exists: false }, 'fail'],
    [{ type: 'header', name: 'X-ID', equals: 'abc-123' }, 'pass'],
    [{ type: 'header', name: 'x-id', equals: 'abc' }, 'fail'],
    [{ type: 'header', name: 'Content-Type', matches: '^application/json' }, 'pass'],
    [{ type: 'header', name: 'x-missing', exists: false }, 'pass'],
    [{ type: 'header', name: 'x-missing', equals: '' }, 'fail'],
    [{ type: 'latency', below: 100 }, 'pass'],
    [{ type: 'latency', below: 42 }, 'fail'],
    [{ type: 'schema-valid' }, 'not-validated'],
    [{ type: 'schema-valid' }, 'not-validated'],
  ])('%j → %s', (assertion, expected) => {
    expect(outcome(assertion)).toBe(expected)
  })

  it('reads schema-valid from the validation the response carries', () => {
    expect(outcome({ type: 'schema-valid' }, { ...rest, validation: { valid: true } })).toBe('pass')
    const [failed] = evaluateAssertions([{ type: 'schema-valid' }], {
      ...rest,
      validation: { valid: false, problems: [{ pointer: '/items/0/id', message: 'must be string' }] },
    })
    expect(failed).toMatchObject({ outcome: 'fail', message: '1 schema problem: /items/0/id must be string' })
  })

  it('says what it saw when an assertion fails', () => {
    const results = evaluateAssertions(
      [
        { type: 'status', is: 200 },
        { type: 'json', path: 'token', equals: 'x' },
        { type: 'latency', below: 10 },
      ],
      rest,
    )
    expect(results.map((r) => `${r.label}: ${r.message}`)).toEqual([
      'status is 200: status 201 (OK)',
      'token equals "x": token is "tok-9", expected "x"',
      'latency below 10 ms: took 42 ms, not below 10 ms',
    ])
    expect(assertionsPassed(results)).toBe(false)
  })

  it('does not count not-validated as a pass', () => {
    expect(assertionsPassed(evaluateAssertions([{ type: 'schema-valid' }], rest))).toBe(false)
    expect(assertionsPassed(evaluateAssertions([{ type: 'status', is: 201 }], rest))).toBe(true)
  })

  it('fails a malformed assertion with its problem instead of throwing', () => {
    const [result] = evaluateAssertions([{ type: 'json', path: 'a', matches: '(' }], rest)
    expect(result?.outcome).toBe('fail')
    expect(result?.message).toMatch(/not a regular expression/)
  })

  it('compares gRPC and other protocols by status name', () => {
    const grpc: AssertionSubject = {
      status: 'NotFound',
      statusName: 'NotFound',
      headers: {},
      body: {},
      durationMs: 1,
    }
    expect(outcome({ type: 'status', is: 'NotFound' }, grpc)).toBe('pass')
    expect(outcome({ type: 'status', is: 'OK' }, grpc)).toBe('fail')
    expect(outcome({ type: 'status', is: '2xx' }, grpc)).toBe('fail')
  })
})

describe('assertionSubjectOf', () => {
  const result: InvokeResult = {
    response: { ok: true },
    durationMs: 12,
    status: 'NotFound',
    metadata: { http_status: '404', 'x-a': '1' },
  }

  it('takes the HTTP status when the protocol has one, the status name otherwise', () => {
    expect(assertionSubjectOf(result)).toMatchObject({ status: 404, statusName: 'NotFound', durationMs: 12 })
    expect(assertionSubjectOf({ ...result, metadata: {} }).status).toBe('NotFound')
  })

  it('reads validation when the result carries it, and MCP output validation otherwise', () => {
    expect(assertionSubjectOf(result).validation).toBeUndefined()
    expect(assertionSubjectOf({ ...result, validation: { valid: false, problems: [] } }).validation?.valid).toBe(false)
    expect(
      assertionSubjectOf({ ...result, outputValidation: { valid: false, errors: [{ path: '/a', message: 'm' }] } })
        .validation,
    ).toEqual({ valid: false, problems: [{ path: '/a', message: 'm' }] })
  })
})

describe('assertionsProblem', () => {
  it.each<[unknown, string | undefined]>([
    [undefined, undefined],
    [[{ type: 'status', is: 200 }, { type: 'schema-valid' }, { type: 'latency', below: 500 }], undefined],
    [{}, '"assertions" must be an array'],
    [
      [{ type: 'status', is: 200, in: [200] }],
      '"assertions[0]": a "status" assertion needs "is" or "in" (one of them)',
    ],
    [
      [{ type: 'schema-valid' }, { type: 'status', in: [] }],
      '"assertions[1]": "in" must be a non-empty list of status codes, classes or names',
    ],
    [
      [{ type: 'json', path: 'a..b', exists: true }],
      '"assertions[0]": "path" must be a dotted path into the body ("data.items.0.id"; "" is the whole body)',
    ],
    [
      [{ type: 'json', path: 'a', equals: 1, exists: true }],
      '"assertions[0]": needs exactly one of "equals", "matches", "exists" (found 2)',
    ],
    [
      [{ type: 'json', path: 'a', matches: '[' }],
      expect.stringMatching(/^"assertions\[0\]": "matches" is not a regular expression/),
    ],
    [[{ type: 'header', name: '', exists: true }], '"assertions[0]": "name" must be a header name'],
    [[{ type: 'header', name: 'a', equals: 1 }], '"assertions[0]": "equals" of a header must be a string'],
    [[{ type: 'latency', below: -1 }], '"assertions[0]": "below" must be a number of milliseconds'],
    [
      [{ type: 'script', source: 'x' }],
      '"assertions[0]": "type" must be "status", "json", "header", "latency" or "schema-valid" (found "script")',
    ],
    [['status'], '"assertions[0]": must be an object with a "type"'],
  ])('%j → %s', (value, problem) => {
    expect(assertionsProblem(value)).toEqual(problem)
  })

  it('accepts every assertion the evaluator knows', () => {
    expect(assertionProblem({ type: 'json', path: '', equals: { a: 1 } })).toBeUndefined()
    expect(assertionProblem({ type: 'header', name: 'etag', matches: '^W/' })).toBeUndefined()
  })
})
