import express4 from 'express4'
import { describe, expect, it } from 'vitest'
import { expressPathToOpenApi, pathOfRegexp, verbsOf, walkExpressApp } from './route-walk.js'
import type { ExpressAppLike } from './route-walk.js'

describe('expressPathToOpenApi', () => {
  it.each([
    ['/users/:id', '/users/{id}'],
    ['/users/:id/posts/:postId', '/users/{id}/posts/{postId}'],
    // Express 4 constraints and modifiers are stripped (SPEC.md: route constraints stripped).
    ['/items/:id(\\d+)', '/items/{id}'],
    ['/items/:id(\\d+)/parts/:part([a-z]+)', '/items/{id}/parts/{part}'],
    ['/dates/:day((?:mon|tue))', '/dates/{day}'],
    ['/opt/:maybe?', '/opt/{maybe}'],
    ['/files/:rest*', '/files/{rest}'],
    ['/files/:rest+', '/files/{rest}'],
    ['/flights/:from-:to', '/flights/{from}-{to}'],
    ['/plantae/:genus.:species', '/plantae/{genus}.{species}'],
    // Express 5 (path-to-regexp 8): optional groups, named wildcards, quoted names, escapes.
    ['/opt{/:maybe}', '/opt/{maybe}'],
    ['/files/*rest', '/files/{rest}'],
    ['/files{/*rest}', '/files/{rest}'],
    ['/users/:"user id"', '/users/{user id}'],
    ['/literal\\(paren\\)', '/literal(paren)'],
    // Express 4's unnamed wildcard.
    ['/static/*', '/static/{*}'],
    ['/plain/path', '/plain/path'],
  ])('%s → %s', (path, expected) => {
    expect(expressPathToOpenApi(path)).toBe(expected)
  })
})

describe('pathOfRegexp (Express 4 mount paths)', () => {
  const mountOf = (path: string): string | undefined => {
    const app = express4()
    app.use(path, express4.Router())
    const layer = (app as unknown as { _router: { stack: Array<{ regexp: RegExp; keys: [] }> } })._router.stack.at(-1)
    return layer ? pathOfRegexp(layer.regexp, layer.keys) : 'no layer'
  }

  it.each([
    ['/api', '/api'],
    ['/api/v1', '/api/v1'],
    ['/tenants/:tenant/admin', '/tenants/:tenant/admin'],
    ['/a/:b/c/:d', '/a/:b/c/:d'],
    ['/items/:id(\\d+)', '/items/:id'],
    ['/opt/:maybe?', '/opt/:maybe'],
  ])('%s → %s', (path, expected) => {
    expect(mountOf(path)).toBe(expected)
  })

  it('reads the older compiled form, a literal slash before the group', () => {
    // Written as source text: the older path-to-regexp escaped the slash in the class (`[^\/]`).
    const older = new RegExp(String.raw`^\/users\/(?:([^\/]+?))\/?(?=\/|$)`, 'i')
    expect(pathOfRegexp(older, [{ name: 'id' }])).toBe('/users/:id')
  })

  it('gives up on a pattern it cannot read back', () => {
    expect(pathOfRegexp(/^\/a|b\/?(?=\/|$)/i, [])).toBeUndefined()
  })
})

describe('verbsOf', () => {
  it('lists declared verbs as they are', () => {
    expect(verbsOf({ get: true, post: true, put: false })).toEqual(['get', 'post'])
  })

  it('lists an app.all() route with the five verbs a user calls, not all 35 Node knows', () => {
    const app = express4()
    app.all('/anything', () => undefined)
    expect(walkExpressApp(app as unknown as ExpressAppLike, () => false).map((r) => r.method)).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ])
    expect(verbsOf({ _all: true })).toEqual(['get', 'post', 'put', 'patch', 'delete'])
  })
})

describe('walkExpressApp (Express 4)', () => {
  it('lists a router mounted on a path with parameters under that path', () => {
    const app = express4()
    const admin = express4.Router({ mergeParams: true })
    admin.get('/audit/:year', () => undefined)
    const api = express4.Router()
    api.use('/tenants/:tenant/admin', admin)
    app.use('/api', api)
    expect(walkExpressApp(app as unknown as ExpressAppLike, () => false)).toEqual([
      { method: 'GET', path: '/api/tenants/:tenant/admin/audit/:year', group: '/api/tenants/:tenant/admin' },
    ])
  })
})
