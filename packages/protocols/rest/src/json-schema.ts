/**
 * The JSON Schema → FieldInfo walker on its own (`@wirebench/protocol-rest/json-schema`), for plugins whose forms come
 * from JSON Schemas too (MCP tools). It imports nothing of the OpenAPI stack: only the walker, its schema views and the
 * local `$ref` resolver.
 */
export { EmitBudget, SchemaWalker, defaultEmitLimits } from './schema-walker.js'
export type { EmitLimits, FieldSeed, WalkerOptions } from './schema-walker.js'
export { SchemaViews } from './schema-view.js'
export type { SchemaView } from './schema-view.js'
export { RefResolver } from './refs.js'
