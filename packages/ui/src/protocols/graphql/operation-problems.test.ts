import { describe, expect, it } from 'vitest'
import { librarySchema } from './graphql.test-schema.js'
import { operationProblems } from './operation-problems.js'

const schema = librarySchema()

describe('operationProblems', () => {
  it('names a field the type does not have, with its position', () => {
    expect(operationProblems(schema, '{\n  books { id isbn }\n}')).toEqual([
      { message: 'Cannot query field "isbn" on type "Book".', line: 2, column: 14 },
    ])
  })

  it('reports a syntax error without a schema', () => {
    expect(operationProblems(undefined, '{ books { id }')[0]?.message).toMatch(/^Syntax Error/)
  })

  it('finds nothing wrong with a valid operation or an empty text', () => {
    expect(operationProblems(schema, 'query Q($g: Genre) { books(genre: $g) { title } }')).toEqual([])
    expect(operationProblems(schema, '  ')).toEqual([])
  })
})
