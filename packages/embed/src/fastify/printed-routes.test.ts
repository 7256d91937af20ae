import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { printedRoutes } from './printed-routes.js'

/** Routes of a real Fastify instance as the fallback reads them, sorted. */
async function printed(routes: Array<[string, string]>): Promise<string[]> {
  const app = Fastify()
  for (const [method, url] of routes) app.route({ method, url, handler: () => 'x' })
  await app.ready()
  try {
    return printedRoutes(app)
      .map((route) => `${route.method} ${route.url}`)
      .sort()
  } finally {
    await app.close()
  }
}

describe('printedRoutes', () => {
  it.each<[string, Array<[string, string]>, string[]]>([
    ['a wildcard under its parent path', [['GET', '/static/*']], ['GET /static/*']],
    [
      'two wildcards and a sibling route',
      [
        ['GET', '/static/*'],
        ['GET', '/files/*'],
        ['POST', '/files/*'],
        ['GET', '/static/x/:id'],
      ],
      ['GET /files/*', 'GET /static/*', 'GET /static/x/:id', 'POST /files/*'],
    ],
    [
      'parameters, constraints and shared prefixes',
      [
        ['GET', '/a/:id'],
        ['GET', '/a/:id/b'],
        ['GET', '/ab'],
        ['PUT', '/users/:id(^\\d+$)/posts/:pid'],
      ],
      ['GET /a/:id', 'GET /a/:id/b', 'GET /ab', 'PUT /users/:id(^\\d+$)/posts/:pid'],
    ],
    ['the root, HEAD twins dropped', [['GET', '/']], ['GET /']],
  ])('%s', async (_label, routes, expected) => {
    expect(await printed(routes)).toEqual(expected)
  })
})
