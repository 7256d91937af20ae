/** What is wrong with the query text against the schema (the line under the editor; the editor underlines the same). */
import { GraphQLError, parse, validate, type GraphQLSchema } from 'graphql'

export interface OperationProblem {
  message: string
  line?: number
  column?: number
}

function problemOf(error: GraphQLError): OperationProblem {
  const location = error.locations?.[0]
  return { message: error.message, ...(location ? { line: location.line, column: location.column } : {}) }
}

/** Syntax errors first (validation needs a parsed document); an empty text is no problem (the default is sent). */
export function operationProblems(schema: GraphQLSchema | undefined, text: string): OperationProblem[] {
  if (!text.trim()) return []
  let document
  try {
    document = parse(text)
  } catch (error) {
    return [error instanceof GraphQLError ? problemOf(error) : { message: String(error) }]
  }
  if (!schema) return []
  return validate(schema, document).map(problemOf)
}
