/** The subset of the OpenAPI 3.1 object model the demo document uses, typed so that a misspelt `in` or method fails to compile. */

/** A JSON Schema 2020-12 object as OpenAPI 3.1 embeds it; open-ended because the dialect is. */
export interface SchemaObject {
  $ref?: string
  type?: SchemaType | SchemaType[]
  format?: string
  title?: string
  description?: string
  enum?: readonly (string | number | boolean | null)[]
  const?: unknown
  default?: unknown
  examples?: readonly unknown[]
  example?: unknown
  deprecated?: boolean
  readOnly?: boolean
  properties?: Record<string, SchemaObject>
  required?: readonly string[]
  additionalProperties?: boolean | SchemaObject
  items?: SchemaObject
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minProperties?: number
  oneOf?: readonly SchemaObject[]
  anyOf?: readonly SchemaObject[]
  allOf?: readonly SchemaObject[]
  contentMediaType?: string
}

export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null'

export interface Reference {
  $ref: string
  summary?: string
  description?: string
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie'

export interface ParameterObject {
  name: string
  in: ParameterLocation
  description?: string
  required?: boolean
  deprecated?: boolean
  style?: 'form' | 'simple'
  explode?: boolean
  schema: SchemaObject
  example?: unknown
}

export interface MediaTypeObject {
  schema?: SchemaObject
  examples?: Record<string, { summary?: string; value: unknown }>
  encoding?: Record<string, { contentType?: string }>
}

export interface RequestBodyObject {
  description?: string
  required?: boolean
  content: Record<string, MediaTypeObject>
}

export interface HeaderObject {
  description?: string
  schema: SchemaObject
}

export interface ResponseObject {
  description: string
  headers?: Record<string, HeaderObject | Reference>
  content?: Record<string, MediaTypeObject>
}

export type SecurityRequirement = Record<string, string[]>

export interface OperationObject {
  tags?: string[]
  summary?: string
  description?: string
  operationId?: string
  deprecated?: boolean
  parameters?: (ParameterObject | Reference)[]
  requestBody?: RequestBodyObject | Reference
  responses: Record<string, ResponseObject | Reference>
  security?: SecurityRequirement[]
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
export type HttpMethod = (typeof httpMethods)[number]

export type PathItemObject = {
  summary?: string
  description?: string
  parameters?: (ParameterObject | Reference)[]
} & {
  [M in HttpMethod]?: OperationObject
}

export type SecuritySchemeObject =
  | { type: 'http'; scheme: 'bearer' | 'basic'; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; description?: string }

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: {
    title: string
    version: string
    summary?: string
    description?: string
    contact?: { name?: string; url?: string; email?: string }
    license?: { name: string; identifier?: string }
  }
  servers: { url: string; description?: string }[]
  tags: { name: string; description?: string }[]
  paths: Record<string, PathItemObject>
  components: {
    schemas: Record<string, SchemaObject>
    parameters: Record<string, ParameterObject>
    responses: Record<string, ResponseObject>
    securitySchemes: Record<string, SecuritySchemeObject>
  }
}

/** Builds a local `$ref` to a component, so references are spelled one way across the document modules. */
export function ref(kind: 'schemas' | 'parameters' | 'responses', name: string): { $ref: string } {
  return { $ref: `#/components/${kind}/${name}` }
}
