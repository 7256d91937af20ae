import { readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnvironmentsDocument } from '@wirebench/auth'
import type { EnvironmentsDocument } from '@wirebench/auth'
import type { Problem } from '@wirebench/core'
import { installErrorHandling } from '../errors/error-handler.js'
import { defaultLimits } from '../options.js'
import { createEnvironmentStore } from '../services/environment-store.js'
import type { EnvironmentStore } from '../services/environment-store.js'
import { createSerialQueue } from '@wirebench/workspace'
import { createHarness, makeTempDir } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'
import { registerEnvironmentRoutes } from './environments.js'
import type { EnvironmentsResponse, SaveEnvironmentsResponse } from '@wirebench/auth'

const doc = (token: string): EnvironmentsDocument => ({
  version: 2,
  environments: [
    {
      id: 'dev',
      name: 'Dev',
      vars: { apiKey: 'var-secret' },
      auth: { type: 'bearer', token },
      trust: { caCertificate: '', allowSelfSigned: false },
      hosts: { approved: [], refused: [] },
    },
  ],
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

  it('answers 503 busy with Retry-After when too many operations wait, never 409 (that one asks the user to choose)', async () => {
    const configDir = await makeTempDir('envs-busy')
    const real = createEnvironmentStore({ configDir, parse: parseEnvironmentsDocument })
    await real.init()
    // The store's own queue, held by one operation so that the next one finds it full.
    const queue = createSerialQueue(1)
    let release = () => {}
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)))
    const store: EnvironmentStore = {
      ...real,
      load: () => queue.run(() => real.load()),
      save: (input) => queue.run(() => real.save(input)),
    }
    const app = Fastify({ logger: false })
    installErrorHandling(app, defaultLimits)
    registerEnvironmentRoutes(app, { store, parse: parseEnvironmentsDocument, jsonBodyBytes: 1024 * 1024 })
    try {
      for (const res of [
        await app.inject({ url: '/api/environments' }),
        await app.inject({ method: 'PUT', url: '/api/environments', payload: { document: doc('x') } }),
      ]) {
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('1')
        expect(res.json<Problem>()).toMatchObject({ code: 'busy', status: 503 })
      }
      await expect(stat(join(configDir, 'environments.json'))).rejects.toThrow(/ENOENT/)
      release()
      await held
      expect((await app.inject({ url: '/api/environments' })).statusCode).toBe(200)
    } finally {
      release()
      await app.close()
      await rm(configDir, { recursive: true, force: true })
    }
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

  it('names the first bad field in a sentence that ends with one period', async () => {
    h = await createHarness()
    const bad = doc('t')
    bad.environments[0]!.hosts = { approved: ['bad host!!'], refused: [] }
    const problem = (await put(h, { document: bad })).json<Problem>()
    expect(problem.detail).toMatch(
      /^The environments document is invalid: document\/environments\/0\/hosts\/approved\/0 /,
    )
    expect(problem.detail).toMatch(/[^.]\.$/)
    expect(problem.errors).toHaveLength(1)
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
