import { describe, expect, it } from 'vitest'
import { chainReferenceFor, createChainResolver, parseChainPath, parseChainReference } from './chain.js'
import type { ResponseSnapshot } from './chain.js'
import { substitute, substituteDeep } from './substitute.js'

const login: ResponseSnapshot = {
  body: { token: 'tok-1', user: { id: 7, roles: ['a', 'b'] }, items: [{ id: 'x' }], 'a.b': { c: 1 }, status: 'active' },
  status: 200,
  headers: { 'Content-Type': 'application/json', 'x-request-id': 'r-9' },
}

describe('parseChainReference', () => {
  it.each([
    ['response', { source: 'current', path: [] }],
    ['response.token', { source: 'current', path: ['token'] }],
    ['response.items.0.id', { source: 'current', path: ['items', '0', 'id'] }],
    ['response."a.b".c', { source: 'current', path: ['a.b', 'c'] }],
    ['smoke/login.response.token', { source: 'saved', request: 'smoke/login', path: ['token'] }],
    ['login.response', { source: 'saved', request: 'login', path: [] }],
    ['my folder/log in v1.2.response.token', { source: 'saved', request: 'my folder/log in v1.2', path: ['token'] }],
    ['a/get.responses.response.x', { source: 'saved', request: 'a/get.responses', path: ['x'] }],
    ['"a/v1.response.x".response.token', { source: 'saved', request: 'a/v1.response.x', path: ['token'] }],
  ])('reads %s', (name, expected) => {
    expect(parseChainReference(name)).toEqual(expected)
  })

  it.each(['token', 'responses.x', 'response.', 'response..x', 'response."open', '.response.x', 'a/b.responsex'])(
    'does not read %s as a reference',
    (name) => {
      expect(parseChainReference(name)).toBeUndefined()
    },
  )
})

describe('parseChainPath', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a.0.b', ['a', '0', 'b']],
    ['"x y".z', ['x y', 'z']],
    ['"q\\"uote"', ['q"uote']],
  ])('splits %s', (text, segments) => {
    expect(parseChainPath(text)).toEqual(segments)
  })

  it.each(['a.', '.a', 'a..b', '"a', '"a"b'])('refuses %s', (text) => {
    expect(parseChainPath(text)).toBeUndefined()
  })
})

describe('chaining through substitute', () => {
  const resolve = createChainResolver({
    current: login,
    saved: (path) => (path === 'smoke/login' ? login : undefined),
  })
  const run = (template: string) => substitute(template, { resolve })

  it.each([
    ['${response.token}', 'tok-1'],
    ['${response.user.id}', '7'],
    ['${response.user.roles.1}', 'b'],
    ['${response.user.roles}', '["a","b"]'],
    ['${response.user}', '{"id":7,"roles":["a","b"]}'],
    ['${response.status}', '200'],
    ['${response.body.status}', 'active'],
    ['${response.headers.content-type}', 'application/json'],
    ['${response.headers.X-Request-ID}', 'r-9'],
    ['${response."a.b".c}', '1'],
    ['Bearer ${smoke/login.response.token}', 'Bearer tok-1'],
    ['${ smoke/login.response.items.0.id }', 'x'],
  ])('%s gives %s', (template, value) => {
    expect(run(template)).toEqual({ value, unknown: [] })
  })

  it.each([
    ['${response.nope}', 'response.nope'],
    ['${response.user.roles.x}', 'response.user.roles.x'],
    ['${response.user.roles.5}', 'response.user.roles.5'],
    ['${response.headers.missing}', 'response.headers.missing'],
    ['${other/req.response.token}', 'other/req.response.token'],
    ['${response.token.length}', 'response.token.length'],
  ])('leaves %s visible and reports it', (template, name) => {
    expect(run(template)).toEqual({ value: template, unknown: [name] })
  })

  it('reports every reference when there is no previous response', () => {
    expect(substitute('${response.token}', { resolve: createChainResolver({}) })).toEqual({
      value: '${response.token}',
      unknown: ['response.token'],
    })
  })

  it('keeps user variables first, and escapes as written', () => {
    expect(
      substitute('${response.token} $${response.token}', { scopes: [{ 'response.token': 'mine' }], resolve }).value,
    ).toBe('mine ${response.token}')
  })

  it('reads JSON text of a frame as the JSON it holds', () => {
    const frame = createChainResolver({ current: { body: '{"session":{"id":"s-1"}}' } })
    expect(substitute('${response.session.id}', { resolve: frame }).value).toBe('s-1')
    expect(substitute('${response}', { resolve: frame }).value).toBe('{"session":{"id":"s-1"}}')
  })

  it('substitutes inside JSON messages, string by string', () => {
    expect(substituteDeep({ auth: '${response.token}', n: 1 }, { resolve }).value).toEqual({ auth: 'tok-1', n: 1 })
  })

  it('renders null as null and a status name as written', () => {
    const grpc = createChainResolver({ current: { body: { v: null }, status: 'OK' } })
    expect(substitute('${response.v} ${response.status}', { resolve: grpc }).value).toBe('null OK')
  })
})

describe('chainReferenceFor', () => {
  it.each([
    [['token'], undefined, '${response.token}'],
    [['items', 0, 'id'], undefined, '${response.items.0.id}'],
    [['a.b', 'c'], undefined, '${response."a.b".c}'],
    [['status'], undefined, '${response.body.status}'],
    [[], undefined, '${response}'],
    [['token'], 'smoke/login', '${smoke/login.response.token}'],
    [['token'], 'my folder/log in v1.2', '${my folder/log in v1.2.response.token}'],
    [['token'], 'a/v1.response.x', '${"a/v1.response.x".response.token}'],
  ] as const)('%j of %s is %s', (path, request, reference) => {
    expect(chainReferenceFor(path, request)).toBe(reference)
  })

  it('refuses a key no template can carry', () => {
    expect(chainReferenceFor(['a}b'])).toBeUndefined()
  })

  it('writes references that read back the same value', () => {
    const resolve = createChainResolver({ current: login, saved: () => login })
    for (const path of [['a.b', 'c'], ['status'], ['user', 'roles', 1]]) {
      const reference = chainReferenceFor(path) ?? ''
      const named = chainReferenceFor(path, 'x/a v1.response.q') ?? ''
      expect(substitute(reference, { resolve }).unknown).toEqual([])
      expect(substitute(named, { resolve }).value).toBe(substitute(reference, { resolve }).value)
    }
  })
})
