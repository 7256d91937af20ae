import Fastify from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import { SharedSchemas } from '../routes/shared-schemas.js'
import { fastifyEndpoints } from './endpoints.js'
import { createFastifyRouteTable } from './route-table.js'

const graphqlBody = {
  type: 'object',
  properties: { query: { type: 'string' }, operationName: { type: 'string' }, variables: { type: 'object' } },
}

describe('fastifyEndpoints', () => {
  it('leaves GraphQL paths out of the REST listing, reading the route table for them once per listing', () => {
    const table = createFastifyRouteTable(() => '/workbench')
    table.onRoute({ method: 'POST', url: '/graphql', schema: { body: graphqlBody }, handler: () => undefined })
    for (let i = 0; i < 300; i++) table.onRoute({ method: 'GET', url: `/items${i}`, handler: () => undefined })
    const endpoints = fastifyEndpoints(Fastify(), table, [{ path: '/admin/graphql/', schema: {} }])
    table.onRoute({ method: 'POST', url: '/admin/graphql', handler: () => undefined })
    const reads = vi.spyOn(table, 'graphqlPaths')
    const routes = table.routes(new SharedSchemas({}), endpoints.graphqlPathFilter())
    expect(routes.map((r) => r.path)).not.toContain('/graphql')
    expect(routes.map((r) => r.path)).not.toContain('/admin/graphql')
    expect(routes).toHaveLength(300)
    expect(reads).toHaveBeenCalledTimes(1)
  })
})
