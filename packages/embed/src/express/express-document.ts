/**
 * An Express host's routes as HostRoutes: verb, path and router group from the stack walk, and, where the host hands
 * over its in-process OpenAPI document (swagger-jsdoc, zod-to-openapi, tsoa…), that document's operation for the same
 * verb and path (names, tags, parameters, bodies), never fetched over HTTP.
 */
import { defaultServiceName, groupName } from '../routes/host-route.js'
import type { HostRoute, JsonSchema } from '../routes/host-route.js'
import { isObject } from '../routes/shared-schemas.js'
import { expressPathToOpenApi } from './route-walk.js'
import type { ExpressRoute } from './route-walk.js'

/** A document's operation and the path it is written under (its parameters are named after that path's). */
interface DeclaredOperation {
  path: string
  operation: JsonSchema
}

/** Operations of the document by `VERB /path`, the path's parameter names folded so `{id}` matches `{userId}`. */
function operationsOf(document: JsonSchema | undefined): Map<string, DeclaredOperation> {
  const operations = new Map<string, DeclaredOperation>()
  const paths = isObject(document?.['paths']) ? document['paths'] : {}
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue
    for (const [verb, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue
      // Parameters declared on the path item apply to each of its operations.
      const shared: unknown[] = Array.isArray(item['parameters']) ? item['parameters'] : []
      const own: unknown[] = Array.isArray(operation['parameters']) ? operation['parameters'] : []
      const merged = shared.length > 0 ? { ...operation, parameters: [...shared, ...own] } : operation
      operations.set(keyOf(verb, path), { path, operation: merged })
    }
  }
  return operations
}

function keyOf(verb: string, path: string): string {
  return `${verb.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '')}`
}

export function expressHostRoutes(routes: readonly ExpressRoute[], document: JsonSchema | undefined): HostRoute[] {
  const declared = operationsOf(document)
  const seen = new Set<string>()
  const out: HostRoute[] = []
  for (const route of routes) {
    const path = expressPathToOpenApi(route.path)
    const key = keyOf(route.method, path)
    if (seen.has(key)) continue
    seen.add(key)
    const service = groupName(expressPathToOpenApi(route.group)) ?? defaultServiceName
    const host: HostRoute = { method: route.method, path, service }
    const declaration = declared.get(key)
    if (declaration) {
      host.operation = declaration.operation
      // The document's parameter names (`{userId}`) are the ones its operation declares; Express matches by position.
      host.path = declaration.path
    }
    out.push(host)
  }
  return out
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
