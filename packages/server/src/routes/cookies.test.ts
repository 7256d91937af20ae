import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieJars } from '@wirebench/transport'
import type { CookieJars } from '@wirebench/transport'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { registerCookieRoutes } from './cookies.js'
import type { CookiesResponse } from './cookies.js'
import { createValidatorCompiler } from './validation.js'

describe('cookie jar routes', () => {
  let app: FastifyInstance
  let jars: CookieJars
  beforeAll(async () => {
    jars = createCookieJars()
    app = Fastify({ logger: false })
    app.setValidatorCompiler(createValidatorCompiler())
    registerCookieRoutes(app, { cookieJars: jars })
    await app.ready()
  })
  afterAll(() => app.close())

  const clear = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/cookies/clear', payload: payload as object })

  it('clears one environment’s cookies and leaves the others', async () => {
    jars.jarFor('dev').setCookieSync('session=s1', 'http://127.0.0.1/')
    jars.jarFor('prod').setCookieSync('session=s2', 'http://127.0.0.1/')
    const res = await clear({ environmentId: 'dev' })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(jars.list('dev')).toEqual([])
    expect(jars.list('prod').map((c) => c.name)).toEqual(['session'])
  })

  it('answers 204 for an environment without cookies', async () => {
    expect((await clear({ environmentId: 'never-used' })).statusCode).toBe(204)
  })

  it('refuses a body without an environment id or with unknown members', async () => {
    expect((await clear({})).statusCode).toBe(400)
    expect((await clear({ environmentId: '' })).statusCode).toBe(400)
    expect((await clear({ environmentId: 'dev', values: true })).statusCode).toBe(400)
  })

  it('refuses a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/cookies/clear',
      headers: { 'content-type': 'text/plain' },
      payload: 'dev',
    })
    // Fastify reads text/plain as a string, which the schema refuses; any other type has no parser (415).
    expect([400, 415]).toContain(res.statusCode)
  })

  it('lists cookie names and domains of an environment, never their values', async () => {
    jars.jarFor('list').setCookieSync('token=very-secret; Path=/api; HttpOnly', 'http://localhost:8080/api/login')
    const res = await app.inject({ method: 'GET', url: '/api/auth/cookies?environmentId=list' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json<CookiesResponse>()).toEqual({
      environmentId: 'list',
      cookies: [{ name: 'token', domain: 'localhost', path: '/api', hostOnly: true, secure: false, httpOnly: true }],
    })
    expect(res.body).not.toContain('very-secret')
  })

  it('needs the environment id to list', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/cookies' })).statusCode).toBe(400)
  })
})

describe('cookie jar routes in the workbench', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  })
  afterAll(() => h.close())

  it('are registered behind the session token', async () => {
    const payload = { environmentId: 'dev' }
    const withToken = await h.app.inject({
      method: 'POST',
      url: '/api/auth/cookies/clear',
      headers: h.headers,
      payload,
    })
    expect(withToken.statusCode).toBe(204)
    const { 'x-workbench-token': _token, ...withoutToken } = h.headers
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/auth/cookies/clear',
      headers: withoutToken,
      payload,
    })
    expect(refused.statusCode).toBe(401)
    const listed = await h.app.inject({ method: 'GET', url: '/api/auth/cookies?environmentId=dev', headers: h.headers })
    expect(listed.json<CookiesResponse>()).toEqual({ environmentId: 'dev', cookies: [] })
  })
})
