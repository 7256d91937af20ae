/** Enforces an operation's OpenAPI `security` requirements against the demo credentials. */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { demoCredentials } from '../credentials.js'
import type { OpenApiDocument, SecurityRequirement } from '../openapi/types.js'
import { HttpError } from './http-error.js'

export type SchemeName = 'bearerAuth' | 'basicAuth' | 'apiKeyHeader' | 'apiKeyQuery'

function equals(actual: string | undefined, expected: string): boolean {
  if (actual === undefined) return false
  const a = Buffer.from(actual)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function authorization(request: FastifyRequest, scheme: string): string | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const space = header.indexOf(' ')
  if (space < 0 || header.slice(0, space).toLowerCase() !== scheme) return undefined
  return header.slice(space + 1).trim()
}

/** Whether the request satisfies the named scheme, given how the document declares it. */
function satisfies(request: FastifyRequest, document: OpenApiDocument, name: string): boolean {
  const scheme = document.components.securitySchemes[name]
  if (scheme === undefined) throw new Error(`Unknown security scheme ${name}`)
  if (scheme.type === 'http' && scheme.scheme === 'bearer') {
    return equals(authorization(request, 'bearer'), demoCredentials.bearerToken)
  }
  if (scheme.type === 'http') {
    const encoded = authorization(request, 'basic')
    const { username, password } = demoCredentials.basic
    // Base64 of UTF-8 user:password, per RFC 7617.
    return encoded !== undefined && equals(Buffer.from(encoded, 'base64').toString('utf8'), `${username}:${password}`)
  }
  if (scheme.in === 'header') {
    const value = request.headers[scheme.name.toLowerCase()]
    return equals(typeof value === 'string' ? value : undefined, demoCredentials.apiKey.value)
  }
  if (scheme.in === 'query') {
    const value = (request.query as Record<string, unknown>)[scheme.name]
    return equals(typeof value === 'string' ? value : undefined, demoCredentials.apiKey.value)
  }
  return false
}

/**
 * Returns the scheme that admitted the request, or undefined for public operations.
 * OpenAPI ORs the requirement objects and ANDs the schemes inside one object.
 */
export function authenticate(
  request: FastifyRequest,
  document: OpenApiDocument,
  requirements: SecurityRequirement[] | undefined,
): SchemeName | undefined {
  if (requirements === undefined || requirements.length === 0) return undefined
  for (const requirement of requirements) {
    const names = Object.keys(requirement)
    if (names.length === 0) return undefined
    if (names.every((name) => satisfies(request, document, name))) return names[0] as SchemeName
  }
  const accepted = requirements.flatMap((requirement) => Object.keys(requirement))
  throw new HttpError({
    status: 401,
    code: 'unauthorized',
    message: `Missing or invalid credentials; this operation accepts: ${accepted.join(', ')}.`,
    headers: { 'WWW-Authenticate': challenges(document, accepted) },
  })
}

function challenges(document: OpenApiDocument, names: string[]): string {
  const realms = new Set<string>()
  for (const name of names) {
    const scheme = document.components.securitySchemes[name]
    if (scheme?.type === 'http') realms.add(`${scheme.scheme === 'bearer' ? 'Bearer' : 'Basic'} realm="bookshop"`)
    if (scheme?.type === 'apiKey') realms.add(`ApiKey realm="bookshop"`)
  }
  return [...realms].join(', ')
}
