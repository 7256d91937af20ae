/**
 * A Fastify host for the embedded-mode tests: TypeBox and plain JSON schemas, shared schemas by `$id`, nested plugins
 * with prefixes, a route constraint, a deprecated and a hidden route; every handler echoes what it received.
 */
import { Type } from '@sinclair/typebox'
import { wirebench } from '@wirebench/embed'
import type { FastifyEmbedOptions } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'

export interface Echo {
  route: string
  method: string
  url: string
  params: unknown
  query: unknown
  headers: Record<string, unknown>
  body: unknown
}

export interface FastifyHost {
  app: FastifyInstance
  origin: string
  /** Every route as the host declared it, recorded by the test's own `onRoute` hook (the independent walk). */
  declared: RouteOptions[]
  received: Echo[]
  close(): Promise<void>
}

export const workbenchToken = 'embedded-test-token-0123456789abcdef0123456789abcdef'

export async function startFastifyHost(
  options: Partial<FastifyEmbedOptions> & { configDir: string },
): Promise<FastifyHost> {
  const app = Fastify()
  const declared: RouteOptions[] = []
  const received: Echo[] = []
  app.addHook('onRoute', (route) => {
    declared.push(route)
  })
  await app.register(wirebench, {
    prefix: '/workbench',
    token: workbenchToken,
    uiDir: null,
    announce: false,
    ...options,
  })
  const echo = (request: FastifyRequest, reply: FastifyReply) => {
    const entry: Echo = {
      route: request.routeOptions.url ?? '',
      method: request.method,
      url: request.url,
      params: request.params,
      query: request.query,
      headers: request.headers,
      body: request.body ?? null,
    }
    received.push(entry)
    return reply.send(entry)
  }

  app.addSchema({
    $id: 'geo',
    type: 'object',
    properties: { lat: { type: 'number' }, lng: { type: 'number' } },
    required: ['lat'],
  })
  app.addSchema({
    $id: 'address',
    type: 'object',
    properties: { street: { type: 'string' }, city: { type: 'string' }, geo: { $ref: 'geo#' } },
    required: ['street'],
  })
  app.addSchema({
    $id: 'user',
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Full name' },
      email: { type: 'string', format: 'email' },
      address: { $ref: 'address#' },
    },
    required: ['name'],
  })

  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        operationId: 'createUser',
        summary: 'Create a user',
        description: 'Adds a user to the directory.',
        headers: Type.Object({ 'x-request-id': Type.String() }),
        querystring: Type.Object({ notify: Type.Optional(Type.Boolean()) }),
        body: Type.Object({
          name: Type.String(),
          age: Type.Optional(Type.Integer()),
          roles: Type.Array(Type.String()),
          profile: Type.Object({
            bio: Type.String(),
            links: Type.Array(
              Type.Object({
                url: Type.String(),
                meta: Type.Object({
                  level: Type.Object({ deep: Type.String(), deeper: Type.Object({ x: Type.String() }) }),
                }),
              }),
            ),
          }),
        }),
      },
    },
    echo,
  )
  app.get(
    '/users/:id(^\\d+$)',
    {
      schema: {
        tags: ['users', 'admin'],
        summary: 'One user',
        deprecated: true,
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: { type: 'object', properties: { verbose: { type: 'boolean' } } },
      },
    },
    echo,
  )
  app.put('/users/:id', { schema: { body: { $ref: 'user#' } }, config: { name: 'replaceUser' } }, echo)
  app.get('/hidden', { schema: { hide: true } }, echo)
  await app.register(
    async (v1) => {
      v1.get('/items', { schema: { querystring: { type: 'object', properties: { page: { type: 'integer' } } } } }, echo)
      await v1.register(
        (admin, _options, done) => {
          admin.delete('/items/:itemId', echo)
          done()
        },
        { prefix: '/admin' },
      )
    },
    { prefix: '/api/v1' },
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  return { app, origin: `http://127.0.0.1:${port}`, declared, received, close: () => app.close() }
}
