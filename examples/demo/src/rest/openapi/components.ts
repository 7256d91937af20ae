/** Reusable parameters, responses and security schemes of the Bookshop document. */
import type { OpenApiDocument, ResponseObject, SecurityRequirement } from './types.js'
import { ref } from './types.js'

function errorResponse(description: string): ResponseObject {
  return { description, content: { 'application/json': { schema: ref('schemas', 'Error') } } }
}

export const parameters: OpenApiDocument['components']['parameters'] = {
  BookId: {
    name: 'bookId',
    in: 'path',
    required: true,
    description: 'Numeric book id.',
    schema: { type: 'integer', minimum: 1 },
    example: 1,
  },
  AuthorId: {
    name: 'authorId',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: '^au_[0-9]+$' },
    example: 'au_1',
  },
  Limit: {
    name: 'limit',
    in: 'query',
    description: 'Page size. Up to 5000 so that one call can return a large list.',
    schema: { type: 'integer', minimum: 1, maximum: 5000, default: 20 },
  },
  Offset: { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  RequestId: {
    name: 'X-Request-Id',
    in: 'header',
    description: 'Correlation id, echoed back in the response header of the same name.',
    schema: { type: 'string', maxLength: 64 },
    example: 'req-42',
  },
}

export const responses: OpenApiDocument['components']['responses'] = {
  BadRequest: errorResponse('A path, query or header parameter is invalid, or the body is not parseable.'),
  Unauthorized: {
    ...errorResponse('Credentials are missing or wrong.'),
    headers: { 'WWW-Authenticate': { description: 'The accepted schemes.', schema: { type: 'string' } } },
  },
  NotFound: errorResponse('The resource does not exist.'),
  Unprocessable: errorResponse('The body is well-formed but fails the schema or a business rule.'),
  UnexpectedError: errorResponse('Any other error, such as an unsupported media type or a server fault.'),
}

export const securitySchemes: OpenApiDocument['components']['securitySchemes'] = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token `demo-token`.' },
  basicAuth: { type: 'http', scheme: 'basic', description: 'User `demo`, password `demo`.' },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Key `demo-key`.' },
  apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'Key `demo-key` in the query string.' },
}

/** Any one of these credentials unlocks an ordinary protected operation (OpenAPI ORs the entries). */
export const anyCredential: SecurityRequirement[] = [
  { bearerAuth: [] },
  { basicAuth: [] },
  { apiKeyHeader: [] },
  { apiKeyQuery: [] },
]
/** Destructive catalogue operations want an API key, the way an admin tool would. */
export const apiKeyOnly: SecurityRequirement[] = [{ apiKeyHeader: [] }, { apiKeyQuery: [] }]
