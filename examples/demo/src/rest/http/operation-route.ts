/** Registers a Fastify route for one documented operation, with its security and validation taken from the document. */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify'
import type { HttpMethod, OpenApiDocument } from '../openapi/types.js'
import { httpMethods } from '../openapi/types.js'
import type { RequestValidator } from './request-validator.js'
import type { SchemeName } from './security.js'
import { authenticate } from './security.js'

/** The request parts a handler may type; replies stay `unknown` because handlers return documented shapes. */
export type RequestShape = Omit<RouteGenericInterface, 'Reply'>

export interface OperationRegistry {
  document: OpenApiDocument
  validatorFor: (path: string, method: HttpMethod) => RequestValidator
  /** `METHOD path` of every operation that has a route; checked against the document before the app is ready. */
  registered: Set<string>
}

export interface OperationAuth {
  /** The scheme that admitted the request; undefined for public operations. */
  scheme: SchemeName | undefined
}

export type OperationHandler<R extends RequestShape> = (
  request: FastifyRequest<R>,
  reply: FastifyReply,
  auth: OperationAuth,
) => unknown

export interface OperationOptions {
  /** False for the echo operations, whose job is to report invalid requests too. */
  validate?: boolean
}

/** `/books/{bookId}` in OpenAPI is `/books/:bookId` in Fastify. */
export function toRouteUrl(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

/** Where operation routes go: a Fastify scope (already under the API prefix) and the registry of the document. */
export interface OperationTarget {
  api: FastifyInstance
  registry: OperationRegistry
}

export function addOperation<R extends RequestShape = RequestShape>(
  { api, registry }: OperationTarget,
  route: { method: HttpMethod; path: string },
  handler: OperationHandler<R>,
  options: OperationOptions = {},
): void {
  const { method, path } = route
  const operation = registry.document.paths[path]?.[method]
  if (operation === undefined) throw new Error(`${method.toUpperCase()} ${path} is not in the document`)
  const validate = options.validate === false ? undefined : registry.validatorFor(path, method)
  const schemes = new WeakMap<FastifyRequest, SchemeName | undefined>()
  registry.registered.add(`${method.toUpperCase()} ${path}`)

  api.route({
    method: method.toUpperCase(),
    url: toRouteUrl(path),
    // Authentication runs before the body is read, so a rejected upload costs nothing.
    onRequest: (request, _reply, done) => {
      schemes.set(request, authenticate(request, registry.document, operation.security))
      done()
    },
    preValidation: async (request) => {
      await validate?.(request)
    },
    // The cast is what validation just proved: params, query, headers and body match the document.
    handler: async (request, reply) => {
      const result: unknown = await handler(request as FastifyRequest<R>, reply, { scheme: schemes.get(request) })
      return result
    },
  })
}

/** Throws when an operation of the document has no route, so the served document never promises a missing route. */
export function assertEveryOperationRegistered(registry: OperationRegistry): void {
  const missing: string[] = []
  for (const [path, item] of Object.entries(registry.document.paths)) {
    for (const method of httpMethods) {
      const key = `${method.toUpperCase()} ${path}`
      if (item[method] !== undefined && !registry.registered.has(key)) missing.push(key)
    }
  }
  if (missing.length > 0) throw new Error(`Documented operations without a route: ${missing.join(', ')}`)
}
