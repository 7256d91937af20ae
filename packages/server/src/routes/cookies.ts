/**
 * The per-environment cookie jars (SPEC.md "Cookie jar (REST)"): `POST /api/auth/cookies/clear {environmentId}` → 204
 * empties one (the UI's Clear cookies button), `GET /api/auth/cookies?environmentId=` lists what it holds by name and
 * domain. Cookie values never leave the server: they are session secrets.
 */
import type { CookieJars, CookieSummary } from '@wirebench/transport'
import type { JSONSchemaType } from 'ajv'
import type { FastifyInstance } from 'fastify'

export interface CookieEnvironmentBody {
  environmentId: string
}

export interface CookiesResponse {
  environmentId: string
  cookies: CookieSummary[]
}

export interface CookieRouteDeps {
  cookieJars: Pick<CookieJars, 'clear' | 'list'>
}

const environmentId = { type: 'string', minLength: 1, maxLength: 256 } as const

export const clearCookiesBodySchema: JSONSchemaType<CookieEnvironmentBody> = {
  type: 'object',
  required: ['environmentId'],
  additionalProperties: false,
  properties: { environmentId },
}

export const listCookiesQuerySchema: JSONSchemaType<CookieEnvironmentBody> = {
  type: 'object',
  required: ['environmentId'],
  additionalProperties: false,
  properties: { environmentId },
}

export function registerCookieRoutes(app: FastifyInstance, deps: CookieRouteDeps): void {
  app.post<{ Body: CookieEnvironmentBody }>(
    '/api/auth/cookies/clear',
    { schema: { body: clearCookiesBodySchema } },
    async (request, reply) => {
      deps.cookieJars.clear(request.body.environmentId)
      return reply.code(204).send()
    },
  )

  app.get<{ Querystring: CookieEnvironmentBody }>(
    '/api/auth/cookies',
    { schema: { querystring: listCookiesQuerySchema } },
    (request, reply): CookiesResponse => {
      void reply.header('cache-control', 'no-store')
      const { environmentId } = request.query
      return { environmentId, cookies: deps.cookieJars.list(environmentId) }
    },
  )
}
