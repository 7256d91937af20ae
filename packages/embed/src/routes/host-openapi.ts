/**
 * A host's own OpenAPI document built in process (swagger-jsdoc, zod-to-openapi, tsoa, @nestjs/swagger): its
 * operations by verb and path, so each route the framework reports takes the document's metadata (names, tags,
 * parameters, bodies), and its components, so their `$ref`s resolve in the in-memory document. Never fetched.
 */
import type { JsonSchema } from './host-route.js'
import { isObject } from './shared-schemas.js'

/** `VERB /path` with parameter names folded, so `{id}` matches `{userId}`. */
export function operationKey(verb: string, path: string): string {
  return `${verb.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`
}

/** Operations of the document by `operationKey`, path-item parameters joined to each operation's own. */
export function operationsOf(document: JsonSchema | undefined): Map<string, JsonSchema> {
  const operations = new Map<string, JsonSchema>()
  const paths = isObject(document?.['paths']) ? document['paths'] : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const [verb, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue
      const shared: unknown[] = Array.isArray(item['parameters']) ? item['parameters'] : []
      const own: unknown[] = Array.isArray(operation['parameters']) ? operation['parameters'] : []
      const merged = shared.length > 0 ? { ...operation, parameters: [...shared, ...own] } : operation
      operations.set(operationKey(verb, path), merged)
    }
  }
  return operations
}

/** The document's `components`, so its operations' `$ref`s resolve in the in-memory document. */
export function componentsOf(document: JsonSchema | undefined): {
  schemas: Record<string, JsonSchema>
  other: JsonSchema
} {
  const components = isObject(document?.['components']) ? document['components'] : {}
  const { schemas, ...other } = components
  return { schemas: isObject(schemas) ? (schemas as Record<string, JsonSchema>) : {}, other }
}
