/**
 * `GET /api/schema?protocol=&url=`: the schema document a plugin keeps for a URL it discovered (GraphQL: the SDL the
 * UI's field picker, completion and validation read); `GET /api/method?protocol=&url=&service=&method=`: a method
 * with its messages (discovery lists a very large document's methods without them). Both are served from the
 * plugin's cache; they never reach the target.
 */
import { WorkbenchError } from '@wirebench/core'
import type {
  MethodDescriptionQuery,
  MethodDescriptionResponse,
  ResponseValidator,
  SchemaDocumentQuery,
  SchemaDocumentResponse,
} from '@wirebench/core'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance } from 'fastify'
import type { RouteDeps } from './deps.js'

export const schemaDocumentQuerySchema: JSONSchemaType<SchemaDocumentQuery> = {
  type: 'object',
  required: ['protocol', 'url'],
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', minLength: 1, maxLength: 64 },
    url: { type: 'string', minLength: 1, maxLength: 4096 },
  },
}

export const methodDescriptionQuerySchema: JSONSchemaType<MethodDescriptionQuery> = {
  type: 'object',
  required: ['protocol', 'url', 'service', 'method'],
  additionalProperties: false,
  properties: {
    protocol: { type: 'string', minLength: 1, maxLength: 64 },
    url: { type: 'string', minLength: 1, maxLength: 4096 },
    service: { type: 'string', minLength: 1, maxLength: 1024 },
    method: { type: 'string', minLength: 1, maxLength: 1024 },
  },
}

export function registerSchemaRoutes(
  app: FastifyInstance,
  deps: Pick<RouteDeps, 'registry'> & { validator?: ResponseValidator },
): void {
  app.get<{ Querystring: MethodDescriptionQuery }>(
    '/api/method',
    { schema: { querystring: methodDescriptionQuerySchema } },
    (request, reply): MethodDescriptionResponse => {
      const { protocol, url, service, method } = request.query
      const plugin = deps.registry.require(protocol)
      const described = plugin.describeMethod?.(url, service, method)
      if (!described) {
        throw new WorkbenchError(
          'not_found',
          `The ${plugin.name} plugin holds no method ${service}.${method} for ${url}.`,
          {
            hint: 'Discover the URL again (the method may have changed, or the document was dropped from memory).',
          },
        )
      }
      // The method is being opened: its answers' schemas compile in the validation worker while the form is filled
      // in. That warms a cache only; nothing the user or the target sees changes.
      if (deps.validator) plugin.prepareValidation?.(url, service, method, deps.validator)
      void reply.header('cache-control', 'no-store')
      return { protocol, url, service, method: described }
    },
  )

  app.get<{ Querystring: SchemaDocumentQuery }>(
    '/api/schema',
    { schema: { querystring: schemaDocumentQuerySchema } },
    (request, reply): SchemaDocumentResponse => {
      const { protocol, url } = request.query
      const plugin = deps.registry.require(protocol)
      const document = plugin.schemaDocument?.(url)
      if (!document) {
        throw new WorkbenchError('not_found', `The ${plugin.name} plugin holds no schema for ${url}.`, {
          hint: 'Discover the URL first (add it to the URL list); the schema comes from that discovery.',
        })
      }
      void reply.header('cache-control', 'no-store')
      return { protocol, url, format: document.format, text: document.text }
    },
  )
}
