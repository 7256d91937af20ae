import { ENVIRONMENTS_VERSION, type EnvironmentsDocument } from '@wirebench/auth'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/api-error.js'
import type { EnvironmentsApi, EnvironmentsIssue } from '../api/environments-client.js'
import { activeEnvironment, createEnvironmentsStore } from './environments-store.js'

/** An in-memory stand-in for the server route: a revision counter and 409 on a stale base revision. */
class MemoryEnvironments implements EnvironmentsApi {
  document: EnvironmentsDocument = {
    version: ENVIRONMENTS_VERSION,
    environments: [{ id: 'dev', name: 'Dev', vars: { host: 'localhost' }, auth: { type: 'none' } }],
    activeEnvironmentId: 'dev',
  }
  counter = 1
  get revision(): string {
    return `r${this.counter}`
  }
  issues: EnvironmentsIssue[] | undefined
  saves: Array<{ document: EnvironmentsDocument; baseRevision: string | null }> = []
  failNextSaves = 0
  /** Refuses the next saves as the route does when its validator disagrees with the page's (400 naming a field). */
  refuseNextSaves = 0

  load() {
    return Promise.resolve({ document: structuredClone(this.document), revision: this.revision, issues: this.issues })
  }

  save(document: EnvironmentsDocument, baseRevision: string | null) {
    this.saves.push({ document, baseRevision })
    if (this.refuseNextSaves > 0) {
      this.refuseNextSaves -= 1
      return Promise.reject(
        new ApiError({
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          code: 'invalid_request',
          detail: 'The environments document is invalid: document/environments/0/name is refused.',
          errors: [{ path: 'document/environments/0/name', message: 'is refused.' }],
        }),
      )
    }
    if (this.failNextSaves > 0) {
      this.failNextSaves -= 1
      return Promise.reject(fail(500, 'internal', 'disk full'))
    }
    if (baseRevision !== null && baseRevision !== this.revision) {
      return Promise.reject(fail(409, 'conflict', 'stale revision'))
    }
    this.document = structuredClone(document)
    this.counter += 1
    return Promise.resolve({ revision: this.revision })
  }

  clearCookies() {
    return Promise.resolve()
  }

  /** Another tab saves. */
  saveElsewhere(change: (doc: EnvironmentsDocument) => void) {
    change(this.document)
    this.counter += 1
  }
}

function fail(status: number, code: 'internal' | 'conflict', detail: string): ApiError {
  return new ApiError({ type: 'about:blank', title: detail, status, code, detail })
}

describe('environments store', () => {
  let server: MemoryEnvironments

  beforeEach(() => {
    vi.useFakeTimers()
    server = new MemoryEnvironments()
  })
  afterEach(() => vi.useRealTimers())

  async function loaded() {
    const store = createEnvironmentsStore({ api: server, debounceMs: 400 })
    await store.getState().load()
    return store
  }

  it('loads the document with its revision and surfaces the issues the server reported', async () => {
    server.issues = [{ message: 'environments.json did not parse', movedTo: 'environments.json.corrupt-1' }]
    const store = await loaded()
    expect(store.getState().phase).toBe('ready')
    expect(store.getState().revision).toBe('r1')
    expect(activeEnvironment(store.getState())?.name).toBe('Dev')
    expect(store.getState().issues).toEqual(server.issues)
    store.getState().dismissIssues()
    expect(store.getState().issues).toEqual([])
  })

  it('folds quick edits into one save that carries the base revision', async () => {
    const store = await loaded()
    store.getState().setVars('dev', { host: 'a' })
    await vi.advanceTimersByTimeAsync(200)
    store.getState().setVars('dev', { host: 'ab' })
    await vi.advanceTimersByTimeAsync(399)
    expect(server.saves).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(server.saves).toHaveLength(1)
    expect(server.saves[0]?.baseRevision).toBe('r1')
    expect(server.document.environments[0]?.vars).toEqual({ host: 'ab' })
    expect(store.getState()).toMatchObject({ isDirty: false, revision: 'r2' })
  })

  it('saves at once when the active environment changes', async () => {
    const store = await loaded()
    const id = store.getState().create('Prod')
    await vi.advanceTimersByTimeAsync(0)
    expect(server.document.activeEnvironmentId).toBe(id)
    store.getState().select('dev')
    await vi.advanceTimersByTimeAsync(0)
    expect(server.document.activeEnvironmentId).toBe('dev')
    expect(server.saves).toHaveLength(2)
  })

  it('keeps a failed edit, shows the error and retries until the save succeeds', async () => {
    const store = await loaded()
    server.failNextSaves = 2
    store.getState().rename('dev', 'Development')
    await vi.advanceTimersByTimeAsync(400)
    expect(store.getState().saveError?.message).toBe('disk full')
    expect(store.getState().isDirty).toBe(true)
    expect(activeEnvironment(store.getState())?.name).toBe('Development')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.saves).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(2_000)
    expect(server.saves).toHaveLength(3)
    expect(server.document.environments[0]?.name).toBe('Development')
    expect(store.getState()).toMatchObject({ isDirty: false, saveError: null })
  })

  it('does not send a document with a field the server would refuse, and saves every edit once it is fixed', async () => {
    const store = await loaded()
    store.getState().setHosts('dev', { approved: ['bad host!!'], refused: [] })
    await vi.advanceTimersByTimeAsync(400)
    expect(server.saves).toHaveLength(0)
    expect(store.getState().refusal?.issues).toEqual([
      { path: '/environments/0/hosts/approved/0', message: expect.stringMatching(/is not a host name/) },
    ])
    store.getState().rename('dev', 'Development')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(server.saves).toHaveLength(0)
    store.getState().setHosts('dev', { approved: ['good.example'], refused: [] })
    await vi.advanceTimersByTimeAsync(400)
    expect(server.saves).toHaveLength(1)
    expect(server.document.environments[0]).toMatchObject({
      name: 'Development',
      hosts: { approved: ['good.example'] },
    })
    expect(store.getState()).toMatchObject({ refusal: null, isDirty: false })
  })

  it('keeps a save the server refused as invalid refused (no retry loop) until the next edit', async () => {
    const store = await loaded()
    server.refuseNextSaves = 1
    store.getState().rename('dev', 'Development')
    await vi.advanceTimersByTimeAsync(400)
    expect(store.getState().refusal?.issues).toEqual([{ path: 'document/environments/0/name', message: 'is refused.' }])
    expect(store.getState().saveError).toBeNull()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.saves).toHaveLength(1)
    store.getState().rename('dev', 'Dev 2')
    await vi.advanceTimersByTimeAsync(400)
    expect(server.saves).toHaveLength(2)
    expect(store.getState()).toMatchObject({ refusal: null, isDirty: false })
  })

  it('turns a stale save into a choice without losing the local edit, and "keep mine" saves over theirs', async () => {
    const store = await loaded()
    server.saveElsewhere((doc) => (doc.environments[0]!.vars = { host: 'theirs' }))
    store.getState().setVars('dev', { host: 'mine' })
    await vi.advanceTimersByTimeAsync(400)
    const { conflict, document, isDirty } = store.getState()
    expect(conflict?.theirs.environments[0]?.vars).toEqual({ host: 'theirs' })
    expect(document.environments[0]?.vars).toEqual({ host: 'mine' })
    expect(isDirty).toBe(true)

    // Further edits wait for the choice instead of hitting the same conflict again.
    store.getState().setVars('dev', { host: 'mine!' })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.saves).toHaveLength(1)

    await store.getState().keepMine()
    expect(server.document.environments[0]?.vars).toEqual({ host: 'mine!' })
    expect(store.getState()).toMatchObject({ conflict: null, isDirty: false, revision: server.revision })
  })

  it('"take theirs" replaces the local document with the saved one', async () => {
    const store = await loaded()
    server.saveElsewhere((doc) => (doc.environments[0]!.name = 'Theirs'))
    store.getState().rename('dev', 'Mine')
    await vi.advanceTimersByTimeAsync(400)
    store.getState().takeTheirs()
    expect(store.getState()).toMatchObject({ conflict: null, isDirty: false, revision: server.revision })
    expect(activeEnvironment(store.getState())?.name).toBe('Theirs')
  })

  it('saves an edit made while a save is in flight right after it', async () => {
    const store = await loaded()
    store.getState().setVars('dev', { host: 'one' })
    const first = store.getState().flush()
    store.getState().setVars('dev', { host: 'two' })
    await first
    await vi.advanceTimersByTimeAsync(400)
    expect(server.saves.map((s) => s.document.environments[0]?.vars.host)).toEqual(['one', 'two'])
    expect(server.saves[1]?.baseRevision).toBe('r2')
    expect(store.getState().isDirty).toBe(false)
  })

  it('does not let a reload replace edits the server has not seen', async () => {
    const store = await loaded()
    store.getState().setVars('dev', { host: 'unsaved' })
    server.saveElsewhere((doc) => (doc.environments[0]!.vars = { host: 'elsewhere' }))
    await store.getState().load()
    expect(store.getState().document.environments[0]?.vars).toEqual({ host: 'unsaved' })
  })

  it('refuses edits until the document is loaded, so a failed load never overwrites the file', async () => {
    const store = createEnvironmentsStore({
      api: {
        load: () => Promise.reject(fail(500, 'internal', 'down')),
        save: (doc, base) => server.save(doc, base),
        clearCookies: () => server.clearCookies(),
      },
    })
    await store.getState().load()
    expect(store.getState().phase).toBe('failed')
    store.getState().create('Prod')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(server.saves).toHaveLength(0)
    expect(store.getState().document.environments).toEqual([])
  })

  it('duplicates an environment with its variables and auth, and removes one with no active left behind', async () => {
    const store = await loaded()
    store.getState().setAuth('dev', { type: 'bearer', token: '${token}' })
    const copy = store.getState().duplicate('dev')!
    const copied = activeEnvironment(store.getState())
    expect(copied).toMatchObject({ id: copy, name: 'Dev copy', vars: { host: 'localhost' } })
    expect(copied?.auth).toEqual({ type: 'bearer', token: '${token}' })
    store.getState().remove(copy)
    expect(store.getState().document.activeEnvironmentId).toBeNull()
    expect(store.getState().document.environments.map((e) => e.id)).toEqual(['dev'])
  })
})
