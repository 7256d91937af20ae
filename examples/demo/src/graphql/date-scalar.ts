/** The `Date` custom scalar: a calendar date (YYYY-MM-DD); ISO timestamps from the store serialize to their date. */
import { GraphQLScalarType, Kind } from 'graphql'
import { createGraphQLError } from 'graphql-yoga'

const datePattern = /^\d{4}-\d{2}-\d{2}$/

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !datePattern.test(value) || Number.isNaN(Date.parse(value))) {
    throw createGraphQLError(`Date must be a string like 2015-04-01, got ${JSON.stringify(value)}.`, {
      extensions: { code: 'BAD_USER_INPUT' },
    })
  }
  return value
}

export const dateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A calendar date in ISO 8601 form, e.g. 2015-04-01.',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
  serialize: (value) => (typeof value === 'string' ? value.slice(0, 10) : null),
  parseValue: parseDate,
  parseLiteral: (node) => parseDate(node.kind === Kind.STRING ? node.value : undefined),
})
