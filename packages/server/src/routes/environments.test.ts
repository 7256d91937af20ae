import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { EnvironmentsDocument } from '@wirebench/auth'
import type { Problem } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import type { EnvironmentsResponse, SaveEnvironmentsResponse } from './environments.js'

const doc = (token: string): EnvironmentsDocument => ({
  version: 1,
  environments: [{ id: 'dev', name: 'Dev', vars: { apiKey: 'var-secret' }, auth: { type: 'bearer', token } }],
  activeEnvironmentId: 'dev',
})

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

function get(harness: Harness) {
  return harness.app.inject({ url: '/api/environments', headers: harness.headers })
}
function put(harness: Harness, body: unknown) {
  return harness.app.inject({
    method: 'PUT',
    url: '/api/environments',
    headers: harness.headers,
    payload: body as object,
  })
}

describe('environment routes', () => {
  it('returns the default document with a revision, and after a save returns the saved secrets to the UI', async () => {
    h = await createHarness()
    const first = get(h)
    const initial = (await first).json<EnvironmentsResponse>()
    expect(initial.document.environments[0]?.name).toBe('Default')
    expect(initial.issues).toBeUndefined()
    const saved = await put(h, { document: doc('tok-1'), baseRevision: initial.revision })
    expect(saved.statusCode).toBe(200)
    const { revision } = saved.json<SaveEnvironmentsResponse>()
    const after = await get(h)
    expect(after.headers['cache-control']).toBe('no-store')
    expect(after.json<EnvironmentsResponse>()).toEqual({ document: doc('tok-1'), revision })
  })

  it('answers 409 conflict to a save based on a stale revision', async () => {
    h = await createHarness()
    const { revision } = (await get(h)).json<EnvironmentsResponse>()
    expect((await put(h, { document: doc('a'), baseRevision: revision })).statusCode).toBe(200)
    const stale = await put(h, { document: doc('b'), baseRevision: revision })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<Problem>().code).toBe('conflict')
    expect((await get(h)).json<EnvironmentsResponse>().document).toEqual(doc('a'))
  })

  it('refuses an invalid document with 400 listing each issue by path, and saves nothing', async () => {
    h = await createHarness()
    const bad = {
      version: 1,
      activeEnvironmentId: null,
      environments: [{ id: '', name: 'X', auth: { type: 'bearer' } }],
    }
    const res = await put(h, { document: bad })
    expect(res.statusCode).toBe(400)
    const problem = res.json<Problem>()
    expect(problem.code).toBe('invalid_request')
    expect(problem.errors?.map((e) => e.path)).toEqual([
      'document/environments/0/id',
      'document/environments/0/auth/token',
    ])
    await expect(stat(join(h.configDir, 'environments.json'))).rejects.toThrow(/ENOENT/)
  })

  it('refuses a body that is not {document, baseRevision?}', async () => {
    h = await createHarness()
    expect((await put(h, { document: doc('a'), extra: 1 })).statusCode).toBe(400)
    expect((await put(h, { doc: doc('a') })).statusCode).toBe(400)
  })

  it('needs the session token for both routes', async () => {
    h = await createHarness()
    const headers = { host: 'localhost:5080' }
    expect((await h.app.inject({ url: '/api/environments', headers })).statusCode).toBe(401)
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/environments',
      headers,
      payload: { document: doc('x') },
    })
    expect(res.statusCode).toBe(401)
  })

  it('reports a corrupt file found at start-up in GET, with where it was moved', async () => {
    const first = await createHarness()
    const configDir = first.configDir
    await first.app.inject({
      method: 'PUT',
      url: '/api/environments',
      headers: first.headers,
      payload: { document: doc('a') },
    })
    await first.app.close()
    await writeFile(join(configDir, 'environments.json'), 'not json')
    h = await createHarness({ configDir })
    const body = (await get(h)).json<EnvironmentsResponse>()
    expect(body.issues?.[0]?.movedTo).toMatch(/^environments\.json\.corrupt-/)
    expect(await readFile(join(configDir, body.issues?.[0]?.movedTo ?? ''), 'utf8')).toBe('not json')
    await first.close()
  })
})
