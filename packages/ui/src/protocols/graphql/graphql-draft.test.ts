import type { MethodInfo } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import { discoveredDefaultQuery, graphqlDraftValue, readGraphqlDraft } from './graphql-draft.js'

describe('GraphQL draft', () => {
  it('reads an untouched draft as the default operation with no variables', () => {
    expect(readGraphqlDraft({}, '{ a }')).toEqual({ query: '{ a }', variables: {} })
  })

  it('keeps an emptied query as typed, and drops malformed parts', () => {
    expect(readGraphqlDraft({ query: '', variables: [1], operationName: 3 }, '{ a }')).toEqual({
      query: '',
      variables: {},
    })
  })

  it('writes the message the plugin expects, leaving out an empty name and the auto transport', () => {
    expect(
      graphqlDraftValue({ query: '{ a }', variables: { x: 1 }, operationName: '', subscriptionTransport: 'auto' }),
    ).toEqual({ query: '{ a }', variables: { x: 1 } })
    expect(
      graphqlDraftValue({
        query: 'subscription S { s }',
        variables: {},
        operationName: 'S',
        subscriptionTransport: 'graphql-sse',
      }),
    ).toEqual({
      query: 'subscription S { s }',
      variables: {},
      operationName: 'S',
      subscriptionTransport: 'graphql-sse',
    })
  })

  it('keeps the subscription URL the user typed, and leaves an empty one out', () => {
    const message = readGraphqlDraft({ query: '{ a }', subscriptionUrl: 'ws://h/ws', subscriptionTransport: 'x' }, '')
    expect(message).toEqual({ query: '{ a }', variables: {}, subscriptionUrl: 'ws://h/ws' })
    expect(graphqlDraftValue(message)).toEqual({ query: '{ a }', variables: {}, subscriptionUrl: 'ws://h/ws' })
    expect(graphqlDraftValue({ ...message, subscriptionUrl: '' })).toEqual({ query: '{ a }', variables: {} })
  })

  it('takes the default operation from the query field of the method input', () => {
    const method = {
      inputType: { fields: [{ name: 'query', defaultValue: 'query Books { books { id } }' }] },
    } as unknown as MethodInfo
    expect(discoveredDefaultQuery(method)).toBe('query Books { books { id } }')
    expect(discoveredDefaultQuery({ inputType: { fields: [] } } as unknown as MethodInfo)).toBeUndefined()
  })
})
