import { describe, expect, it } from 'vitest'
import type { SavedAssertion } from '@wirebench/core'
import { newRow, rowOf, toAssertion, type AssertionRow } from './assertion-rows.js'

describe('assertion rows', () => {
  it.each<SavedAssertion>([
    { type: 'status', is: 200 },
    { type: 'status', in: [200, '2xx', 'OK'] },
    { type: 'json', path: 'data.items.0.id', equals: 42 },
    { type: 'json', path: 'name', equals: 'x' },
    { type: 'json', path: 'tags', equals: ['a'] },
    { type: 'json', path: 'token', matches: '^ey' },
    { type: 'json', path: 'error', exists: false },
    { type: 'header', name: 'etag', equals: 'W/"1"' },
    { type: 'header', name: 'content-type', matches: 'json' },
    { type: 'header', name: 'x-id', exists: true },
    { type: 'latency', below: 250 },
    { type: 'schema-valid' },
  ])('reads %j back from its row', (assertion) => {
    expect(toAssertion(rowOf(assertion))).toEqual({ assertion })
  })

  it.each<[AssertionRow, RegExp]>([
    [{ type: 'status', target: '', op: 'is', value: '' }, /"is" must be a status code/],
    [{ type: 'json', target: 'a..b', op: 'exists', value: '' }, /"path" must be a dotted path/],
    [{ type: 'json', target: 'a', op: 'matches', value: '(' }, /not a regular expression/],
    [{ type: 'header', target: ' ', op: 'equals', value: 'x' }, /"name" must be a header name/],
    [{ type: 'latency', target: '', op: 'below', value: 'soon' }, /"below" must be a number of milliseconds/],
  ])('says what is wrong with %j', (row, problem) => {
    const result = toAssertion(row)
    expect('problem' in result ? result.problem : '').toMatch(problem)
  })

  it('takes text that is not JSON as a string to compare with', () => {
    expect(toAssertion({ type: 'json', target: 'name', op: 'equals', value: 'plain text' })).toEqual({
      assertion: { type: 'json', path: 'name', equals: 'plain text' },
    })
  })

  it.each([
    ['rest', 200],
    ['graphql', 200],
    ['grpc', 'OK'],
    ['mcp', 'OK'],
    ['signalr', 'OK'],
    ['websocket', 'OK'],
  ] as const)("starts a %s request's status row at its protocol's success (%s)", (protocol, status) => {
    expect(toAssertion(newRow('status', protocol))).toEqual({ assertion: { type: 'status', is: status } })
  })

  it('refuses an empty expected value instead of saving an empty string, and takes "" typed as one', () => {
    for (const type of ['json', 'header'] as const) {
      const result = toAssertion({ type, target: type === 'json' ? 'name' : 'etag', op: 'equals', value: ' ' })
      expect('problem' in result ? result.problem : '').toMatch(/^Type the expected/)
    }
    expect(toAssertion({ type: 'json', target: 'name', op: 'equals', value: '""' })).toEqual({
      assertion: { type: 'json', path: 'name', equals: '' },
    })
  })
})
