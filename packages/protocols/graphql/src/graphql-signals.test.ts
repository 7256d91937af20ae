import { describe, expect, it } from 'vitest'
import { showsGraphqlServer } from './graphql-signals.js'

const errors = (...list: object[]) => ({ contentType: 'application/json', errors: list as never, text: undefined })

describe('showsGraphqlServer', () => {
  it('takes GraphQL content types, locations and extension codes as signs of a GraphQL server', () => {
    expect(showsGraphqlServer({ contentType: 'application/graphql-response+json', errors: undefined, text: '' })).toBe(
      true,
    )
    expect(showsGraphqlServer(errors({ message: 'x', locations: [{ line: 1, column: 1 }] }))).toBe(true)
    expect(showsGraphqlServer(errors({ message: 'x', extensions: { code: 'BAD_REQUEST' } }))).toBe(true)
  })

  it.each([
    'Can only perform a query operation from a POST request.',
    'Cannot perform mutations over GET',
    'GET requests only support query operations, not mutation operations',
    'Apollo Server supports only POST requests.',
    'Operation cannot be performed via a GET request',
    'The specified operation kind is not allowed.',
  ])('knows the refusal %j of a real GraphQL server', (message) => {
    expect(showsGraphqlServer(errors({ message }))).toBe(true)
    expect(showsGraphqlServer({ contentType: 'text/plain', errors: undefined, text: message })).toBe(true)
  })

  it.each([
    'The query parameter [operationName] is not one of [ids,max_results,pagination_token]',
    'Unknown query parameter: query',
    'Invalid value "IntrospectionQuery" for operationName',
    'Field __schema is not allowed in the query string',
    'Accept header application/graphql-response+json is not supported',
    'Unexpected operation: GET',
  ])('does not take a complaint made of the probe’s own words for GraphQL: %j', (message) => {
    expect(showsGraphqlServer(errors({ message, parameters: { operationName: ['IntrospectionQuery'] } }))).toBe(false)
    expect(showsGraphqlServer({ contentType: 'text/plain', errors: undefined, text: message })).toBe(false)
  })
})
