import { describe, expect, it } from 'vitest'
import { formatPath, graphqlOutcome, graphqlStatusTone, readGraphqlResponse, valueAtPath } from './graphql-response.js'

describe('readGraphqlResponse', () => {
  it('reads errors with their path, locations and extensions, and flags partial data', () => {
    const view = readGraphqlResponse({
      data: { books: [{ title: 'A', review: null }] },
      errors: [
        {
          message: 'Review service down',
          path: ['books', 0, 'review'],
          locations: [{ line: 3, column: 5 }],
          extensions: { code: 'UNAVAILABLE' },
        },
      ],
    })
    expect(view).toMatchObject({ hasData: true, isPartial: true, isForeign: false })
    expect(view.errors).toEqual([
      {
        message: 'Review service down',
        path: ['books', 0, 'review'],
        locations: [{ line: 3, column: 5 }],
        extensions: { code: 'UNAVAILABLE' },
      },
    ])
  })

  it('does not call a response with null data partial', () => {
    const view = readGraphqlResponse({ data: null, errors: [{ message: 'Unauthorized' }] })
    expect(view).toMatchObject({ hasData: false, isPartial: false, errors: [{ message: 'Unauthorized' }] })
  })

  it('marks a body that is not a GraphQL response as foreign', () => {
    expect(readGraphqlResponse('<html>Bad gateway</html>').isForeign).toBe(true)
    expect(readGraphqlResponse({ message: 'nope' }).isForeign).toBe(true)
  })
})

describe('valueAtPath', () => {
  const data = { books: [{ title: 'A', author: null }] }

  it('walks object keys and array indexes', () => {
    expect(valueAtPath(data, ['books', 0, 'title'])).toEqual({ value: 'A', depth: 3 })
  })

  it('stops at the deepest part that exists', () => {
    expect(valueAtPath(data, ['books', 0, 'author', 'name'])).toEqual({ value: null, depth: 3 })
    expect(valueAtPath(data, ['books', 4])).toEqual({ value: data.books, depth: 1 })
  })
})

describe('graphqlOutcome', () => {
  it('names the errors, or the HTTP status of an answer without any, never a gRPC status name', () => {
    const withErrors = readGraphqlResponse({ data: null, errors: [{ message: 'No book 9' }] })
    expect(graphqlOutcome(withErrors, 'Unknown', '200')).toEqual({
      label: '1 error',
      tone: 'server-error',
      title: 'GraphQL errors: No book 9',
    })
    expect(graphqlOutcome(readGraphqlResponse({ data: { a: 1 } }), 'OK', '200')).toMatchObject({
      label: 'HTTP 200',
      tone: 'success',
    })
    expect(graphqlOutcome(readGraphqlResponse('<html>'), 'Unknown', '502')).toMatchObject({
      label: 'HTTP 502',
      tone: 'server-error',
    })
  })
})

describe('formatPath and graphqlStatusTone', () => {
  it('writes a path as a property access', () => {
    expect(formatPath(['books', 0, 'review'])).toBe('books[0].review')
  })

  it('colours by who was at fault', () => {
    expect(graphqlStatusTone('OK')).toBe('success')
    expect(graphqlStatusTone('InvalidArgument', '200')).toBe('client-error')
    expect(graphqlStatusTone('Unknown', '200')).toBe('server-error')
    expect(graphqlStatusTone('Unknown', '404')).toBe('client-error')
    expect(graphqlStatusTone('Unavailable', '503')).toBe('server-error')
  })
})
