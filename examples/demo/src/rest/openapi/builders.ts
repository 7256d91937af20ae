/** Small builders that keep the path modules declarative: JSON bodies, JSON responses and the shared error responses. */
import type { MediaTypeObject, Reference, RequestBodyObject, ResponseObject, SchemaObject } from './types.js'
import { ref } from './types.js'

export function jsonBody(schema: SchemaObject, extra: Omit<MediaTypeObject, 'schema'> = {}): RequestBodyObject {
  return { required: true, content: { 'application/json': { schema, ...extra } } }
}

export function jsonResponse(
  description: string,
  schema: SchemaObject,
  headers?: ResponseObject['headers'],
): ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } }
}

type ErrorStatus = '400' | '401' | '404' | '422'
const errorRefs: Record<ErrorStatus, Reference> = {
  '400': ref('responses', 'BadRequest'),
  '401': ref('responses', 'Unauthorized'),
  '404': ref('responses', 'NotFound'),
  '422': ref('responses', 'Unprocessable'),
}

/** The listed error responses plus `default`, which documents every other error (415, 413, 500) with the same body. */
export function errors(...statuses: ErrorStatus[]): Record<string, Reference> {
  const result: Record<string, Reference> = {}
  for (const status of statuses) result[status] = errorRefs[status]
  result['default'] = ref('responses', 'UnexpectedError')
  return result
}

export const requestIdHeader = {
  'X-Request-Id': { description: 'The X-Request-Id request header, when sent.', schema: { type: 'string' as const } },
}
