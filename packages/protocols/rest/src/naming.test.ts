import { describe, expect, it } from 'vitest'
import { methodNameOf, sanitizedMethodName, serviceNameOf, uniqueName } from './naming.js'

describe('method and service naming', () => {
  it('uses operationId when present', () => {
    expect(methodNameOf({ operationId: 'repos/get' }, 'get', '/repos/{owner}')).toBe('repos/get')
  })

  it('builds <verb>_<path> with placeholders kept as words and separators folded', () => {
    expect(sanitizedMethodName('GET', '/users/{id}/repos')).toBe('get_users_id_repos')
    expect(sanitizedMethodName('post', '/v1/pets.json')).toBe('post_v1_pets_json')
    expect(sanitizedMethodName('delete', '/a//b--c/')).toBe('delete_a_b_c')
    expect(sanitizedMethodName('get', '/')).toBe('get')
  })

  it('strips route constraints before sanitizing', () => {
    expect(sanitizedMethodName('get', '/orders/{id:int}/lines/{line:regex(^\\d+$)}')).toBe('get_orders_id_lines_line')
  })

  it('falls back to the sanitized name when operationId is blank', () => {
    expect(methodNameOf({ operationId: '  ' }, 'put', '/x')).toBe('put_x')
  })

  it('takes the first tag as service, else Default', () => {
    expect(serviceNameOf({ tags: ['pets', 'store'] })).toBe('pets')
    expect(serviceNameOf({ tags: [] })).toBe('Default')
    expect(serviceNameOf({})).toBe('Default')
  })

  it('suffixes duplicate names', () => {
    const taken = new Set<string>()
    expect([uniqueName('a', taken), uniqueName('a', taken), uniqueName('a', taken)]).toEqual(['a', 'a_2', 'a_3'])
  })
})
