/**
 * An Express host's routes as HostRoutes: verb, path and router group from the stack walk, and, where the host hands
 * over its in-process OpenAPI document (swagger-jsdoc, zod-to-openapi, tsoa…), that document's operation for the same
 * verb and path (names, tags, parameters, bodies), never fetched over HTTP.
 */
import { operationKey, operationsOf } from '../routes/host-openapi.js'
import { defaultServiceName, groupName } from '../routes/host-route.js'
import type { HostRoute, JsonSchema } from '../routes/host-route.js'
import { expressPathToOpenApi } from './route-walk.js'
import type { ExpressRoute } from './route-walk.js'

export function expressHostRoutes(routes: readonly ExpressRoute[], document: JsonSchema | undefined): HostRoute[] {
  const declared = operationsOf(document)
  const seen = new Set<string>()
  const out: HostRoute[] = []
  for (const route of routes) {
    const path = expressPathToOpenApi(route.path)
    const key = operationKey(route.method, path)
    if (seen.has(key)) continue
    seen.add(key)
    const host: HostRoute = { method: route.method, path, service: groupName(route.group) ?? defaultServiceName }
    const operation = declared.get(key)
    if (operation) host.operation = operation
    out.push(host)
  }
  return out
}
