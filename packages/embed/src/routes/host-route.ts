/** One route of the host as the workbench lists it, whatever framework declared it. */

export type JsonSchema = Record<string, unknown>

export interface HostRoute {
  /** Upper-case HTTP verb. */
  method: string
  /** OpenAPI-style path (`/users/{id}`): framework syntax and route constraints already stripped. */
  path: string
  /** Service it is listed under: first tag, else the route's group (plugin prefix, router mount path), else `Default`. */
  service: string
  /** The route's explicit name (`operationId`, `config.name`); absent: a sanitized `<verb>_<path>`. */
  name?: string
  summary?: string
  description?: string
  deprecated?: boolean
  params?: JsonSchema
  querystring?: JsonSchema
  headers?: JsonSchema
  body?: JsonSchema
  /** Media types the body is read in (Fastify `schema.consumes`); default JSON. */
  consumes?: string[]
  /** Media types the route answers in (Fastify `schema.produces`; `text/event-stream` for an SSE route). */
  produces?: string[]
  /** Response schemas by status code (`200`, `2xx`, `default`). */
  responses?: Record<string, JsonSchema>
  /** The operation the host's own OpenAPI document declares for this route, taken as it is (Express `openapi`). */
  operation?: JsonSchema
}

export const defaultServiceName = 'Default'

/** A group name from a mount prefix: `/api/v1` → `api/v1`; none for the root. */
export function groupName(prefix: string | undefined): string | undefined {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? undefined : trimmed
}
