import { describe, expect, it } from 'vitest'
import { graphqlErrors, graphqlStatus } from './errors.js'

describe('GraphQL status mapping', () => {
  it('maps known error codes, the first known one winning', () => {
    const errors = [
      { message: 'a', extensions: { code: 'SOMETHING' } },
      { message: 'b', extensions: { code: 'UNAUTHENTICATED' } },
      { message: 'c', extensions: { code: 'FORBIDDEN' } },
    ]
    expect(graphqlStatus(errors, 200)).toBe('Unauthenticated')
    expect(graphqlStatus([{ message: 'x', extensions: { code: 'FORBIDDEN' } }])).toBe('PermissionDenied')
    for (const code of ['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']) {
      expect(graphqlStatus([{ message: 'x', extensions: { code } }], 400)).toBe('InvalidArgument')
    }
  })

  it('falls back to the HTTP status, then Unknown for errors and OK without them', () => {
    expect(graphqlStatus([{ message: 'x' }], 503)).toBe('Unavailable')
    expect(graphqlStatus(undefined, 401)).toBe('Unauthenticated')
    expect(graphqlStatus([{ message: 'x' }], 200)).toBe('Unknown')
    expect(graphqlStatus(undefined, 200)).toBe('OK')
  })

  it('recognises only GraphQL-shaped error lists', () => {
    expect(graphqlErrors({ errors: [{ message: 'm' }] })).toEqual([{ message: 'm' }])
    expect(graphqlErrors({ errors: [] })).toBeUndefined()
    expect(graphqlErrors({ errors: [{ title: 'JSON:API style' }] })).toBeUndefined()
    expect(graphqlErrors('text')).toBeUndefined()
  })
})
