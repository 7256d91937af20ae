import type { GraphQLError } from 'graphql'
import { TypeInfo, ValidationContext, buildSchema, parse, visit, visitWithTypeInfo } from 'graphql'
import { describe, expect, it } from 'vitest'
import { maxDepthRule } from './limits-plugin.js'
import { typeDefs } from './type-defs.js'

const schema = buildSchema(typeDefs)

/** Runs the depth rule alone, counting fragment look-ups: the count is what grows when fragments are re-walked. */
function runDepthRule(query: string): { errors: GraphQLError[]; lookups: number } {
  const document = parse(query)
  const typeInfo = new TypeInfo(schema)
  const errors: GraphQLError[] = []
  const context = new ValidationContext(schema, document, typeInfo, (error) => errors.push(error))
  let lookups = 0
  const getFragment = context.getFragment.bind(context)
  context.getFragment = (name) => {
    // Fails fast instead of blocking for hours when the rule walks each path separately.
    if (++lookups > 10_000) throw new Error(`fragment looked up ${lookups} times`)
    return getFragment(name)
  }
  visit(document, visitWithTypeInfo(typeInfo, maxDepthRule(context)))
  return { errors, lookups }
}

/** Fragments F1..Fn, each adding two levels (authors, books) and spreading the next one twice. */
function doublingChain(levels: number): string {
  let query = 'query Q { books(first: 1) { ...F1 } }\n'
  for (let i = 1; i < levels; i++) {
    query += `fragment F${i} on Book { authors { books { ...F${i + 1} ...F${i + 1} } } }\n`
  }
  return query + `fragment F${levels} on Book { title }\n`
}

describe('maxDepthRule', () => {
  it('measures a 30-level chain of doubled fragment spreads once per fragment and reports its depth', () => {
    const { errors, lookups } = runDepthRule(doublingChain(30))
    // books, 29 fragments of authors/books, title.
    expect(errors.map((error) => error.message)).toEqual([
      'Operation Q nests 60 levels; the demo allows 10. Select fewer nested fields.',
    ])
    expect(lookups).toBe(30)
  })

  it('counts a fragment spread inside itself once instead of looping', () => {
    const query = 'query Q { books(first: 1) { ...A } }\nfragment A on Book { authors { books { ...A title } } }'
    expect(runDepthRule(query).errors).toEqual([])
  })

  it('accepts operations within the limit and leaves introspection fields out of the count', () => {
    const query = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } books(first: 1) { title } }`
    expect(runDepthRule(query).errors).toEqual([])
  })
})
