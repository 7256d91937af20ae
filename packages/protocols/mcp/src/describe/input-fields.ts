/**
 * JSON Schemas of tools (input and output) as form messages, through the REST plugin's JSON Schema walker: nested
 * objects (to depth 6), arrays, enums (`enum`, `const` variants), defaults, required properties and descriptions, with
 * local `$ref`s (`#/$defs/…`) followed and cycles cut. Defaults and descriptions are the server's data, kept as written.
 */
import { EmitBudget, RefResolver, SchemaViews, SchemaWalker } from '@wirebench/protocol-rest/json-schema'
import type { MessageInfo } from '@wirebench/core'

const walkerOptions = { maxDepth: 6, omit: 'readOnly', maxDescribedDepth: 6 } as const

/** One budget per discovery: a server whose schemas expand without bound is refused, not sent whole. */
export function describeBudget(origin: string): EmitBudget {
  return new EmitBudget({ operationBytes: 1_000_000, documentBytes: 48_000_000 }, origin)
}

export function messageFromSchema(schema: unknown, name: string, budget: EmitBudget): MessageInfo {
  budget.startOperation()
  // Each schema is its own document: its `$ref`s point into itself.
  const walker = new SchemaWalker(new SchemaViews(new RefResolver(schema)), walkerOptions, budget)
  return walker.message(walker.view(schema), name)
}
