import { describe, expect, it } from 'vitest'
import { fastifyPathToOpenApi } from './fastify-path.js'

describe('fastifyPathToOpenApi', () => {
  it.each([
    ['/users/:id', '/users/{id}', ['id']],
    ['/users/:id(^\\d+$)', '/users/{id}', ['id']],
    ['/users/:id(^\\d+$)/posts/:postId', '/users/{id}/posts/{postId}', ['id', 'postId']],
    ['/nested/:id(^(?:a|b)$)/x', '/nested/{id}/x', ['id']],
    ['/escaped/:id(^\\)$)', '/escaped/{id}', ['id']],
    ['/flights/:from-:to', '/flights/{from}-{to}', ['from', 'to']],
    ['/plantae/:genus.:species', '/plantae/{genus}.{species}', ['genus', 'species']],
    ['/static/*', '/static/{*}', ['*']],
    ['/time::colon', '/time:colon', []],
    ['/plain', '/plain', []],
  ])('%s → %s', (path, expected, params) => {
    expect(fastifyPathToOpenApi(path)).toEqual({ path: expected, params })
  })
})
