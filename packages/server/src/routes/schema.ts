/**
 * `GET /api/schema?protocol=&url=`: the schema document a plugin keeps for a URL it discovered (GraphQL: the SDL the
 * UI's field picker, completion and validation read). Served from the plugin's cache; it never reaches the target.
 */
import { WorkbenchError } from '@wirebench/core'
import type { SchemaDocumentQuery, SchemaDocumentResponse } from '@wirebench/core'
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

export function registerSchemaRoutes(app: FastifyInstance, deps: Pick<RouteDeps, 'registry'>): void {
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
