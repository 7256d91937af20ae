/**
 * The host's routes as an in-memory OpenAPI 3.1 document for the REST plugin: one operation per route and verb, its
 * parameters by source (path, query, header) and its body, so discovery and calls behave exactly as in URL mode.
 */
import { defaultServiceName } from './host-route.js'
import type { HostRoute, JsonSchema } from './host-route.js'
import { isObject } from './shared-schemas.js'

type ParameterIn = 'path' | 'query' | 'header'

function parametersOf(schema: JsonSchema | undefined, where: ParameterIn, pathParams: readonly string[]): JsonSchema[] {
  const parameters: JsonSchema[] = []
  const seen = new Set<string>()
  if (schema !== undefined) {
    const properties = isObject(schema['properties']) ? schema['properties'] : {}
    const required = Array.isArray(schema['required']) ? schema['required'] : []
    for (const [name, property] of Object.entries(properties)) {
      seen.add(name)
      const parameter: JsonSchema = {
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        schema: isObject(property) ? property : {},
      }
      if (isObject(property) && typeof property['description'] === 'string') {
        parameter['description'] = property['description']
      }
      parameters.push(parameter)
    }
  }
  // A path parameter the route declares no schema for is still a field of the form.
  if (where === 'path') {
    for (const name of pathParams) {
      if (!seen.has(name)) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } })
    }
  }
  return parameters
}

function pathParamsOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
}

function operationOf(route: HostRoute): JsonSchema {
  if (route.operation) {
    const tags = route.operation['tags']
    const hasTag = Array.isArray(tags) && typeof tags[0] === 'string'
    return hasTag ? route.operation : { ...route.operation, tags: [route.service || defaultServiceName] }
  }
  const operation: JsonSchema = { tags: [route.service || defaultServiceName] }
  if (route.name !== undefined) operation['operationId'] = route.name
  if (route.summary !== undefined) operation['summary'] = route.summary
  if (route.description !== undefined) operation['description'] = route.description
  if (route.deprecated === true) operation['deprecated'] = true
  const pathParams = pathParamsOf(route.path)
  operation['parameters'] = [
    ...parametersOf(route.params, 'path', pathParams),
    ...parametersOf(route.querystring, 'query', []),
    ...parametersOf(route.headers, 'header', []),
  ]
  if (route.body !== undefined) {
    const types = route.consumes && route.consumes.length > 0 ? route.consumes : ['application/json']
    const content: JsonSchema = {}
    for (const type of types) content[type] = { schema: route.body }
    const required = route.body['required']
    operation['requestBody'] = { content, required: Array.isArray(required) && required.length > 0 }
  }
  const responses: JsonSchema = {}
  const produces = route.produces && route.produces.length > 0 ? route.produces : ['application/json']
  const contentOf = (schema: JsonSchema | undefined): JsonSchema =>
    Object.fromEntries(produces.map((type) => [type, schema === undefined ? {} : { schema }]))
  for (const [status, schema] of Object.entries(route.responses ?? {})) {
    responses[status] = { description: '', content: contentOf(schema) }
  }
  // An event stream is told by its success response's media type (the REST plugin then calls it as a server stream).
  if (route.produces && !Object.keys(responses).some((status) => status.startsWith('2'))) {
    responses['200'] = { description: '', content: contentOf(undefined) }
  }
  // None declared, none listed (OpenAPI 3.1 allows it): a placeholder would make every answer an undocumented one.
  if (Object.keys(responses).length > 0) operation['responses'] = responses
  return operation
}

export interface DocumentInput {
  title: string
  routes: readonly HostRoute[]
  components: Record<string, JsonSchema>
  /** Other components of a host's own document (parameters, responses…) its operations refer to. */
  otherComponents?: JsonSchema
}

export function toOpenApiDocument(input: DocumentInput): Record<string, unknown> {
  const paths: Record<string, JsonSchema> = {}
  for (const route of input.routes) {
    const item = (paths[route.path] ??= {})
    item[route.method.toLowerCase()] = operationOf(route)
  }
  return {
    openapi: '3.1.0',
    info: { title: input.title, version: '' },
    paths,
    components: { ...input.otherComponents, schemas: input.components },
  }
}
