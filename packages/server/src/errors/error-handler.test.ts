import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { Problem } from '@wirebench/core'
import { installErrorHandling } from './error-handler.js'

function appWith(routes: (app: FastifyInstance) => void): FastifyInstance {
  const app = Fastify({ logger: false })
  installErrorHandling(app, { jsonBodyBytes: 2 * 1024 * 1024, uploadBytes: 8 * 1024 * 1024 })
  routes(app)
  return app
}

describe('error handling', () => {
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
  })

  it('answers a generic problem for an internal error and keeps its text out of the body', async () => {
    app = appWith((a) =>
      a.get('/boom', () => {
        throw WorkbenchError.from(new TypeError('secret internals at /home/me/.wirebench'))
      }),
    )
    const response = await app.inject({ url: '/boom' })
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.body).not.toContain('secret internals')
    expect(response.json<Problem>()).toMatchObject({
      code: 'internal',
      detail: 'Unexpected server error; see the server log.',
    })
  })

  it('keeps the message of a workbench error that describes the request', async () => {
    app = appWith((a) =>
      a.get('/missing', () => {
        throw new WorkbenchError('not_found', 'No operation listPets in Pets.', { hint: 'Discover again.' })
      }),
    )
    const problem = (await app.inject({ url: '/missing' })).json<Problem>()
    expect(problem).toMatchObject({
      status: 404,
      code: 'not_found',
      detail: 'No operation listPets in Pets.',
      hint: 'Discover again.',
    })
  })

  it('names the configured body limits in the 413 hint', async () => {
    app = appWith((a) => a.post('/small', { bodyLimit: 10 }, () => 'ok'))
    const response = await app.inject({ method: 'POST', url: '/small', payload: { text: 'more than ten bytes' } })
    expect(response.statusCode).toBe(413)
    expect(response.json<Problem>().hint).toBe('Schema uploads may be up to 8 MB and JSON bodies up to 2 MB.')
  })
})
