import { lstat, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Problem, SavedRequest, WorkspaceContent, WorkspaceListResponse, WorkspaceSummary } from '@wirebench/core'
import { createHarness, makeTempDir } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

let h: Harness
let root: string
let workspace: WorkspaceSummary

beforeAll(async () => {
  h = await createHarness({ workspaces: { watchDebounceMs: 30 } })
  root = await makeTempDir('workspaces')
})
afterAll(async () => {
  await h.close()
})

function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return h.app.inject({
    method,
    url,
    headers: h.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

function saved(protocol: string, extra: Partial<SavedRequest> = {}): SavedRequest {
  return {
    version: 1,
    name: `${protocol} request`,
    protocol,
    url: `http://127.0.0.1:9/${protocol}`,
    service: 'Svc',
    method: 'Method',
    messages: [{ b: 2, a: [1, { z: 'x', y: null }] }],
    ...extra,
  }
}

async function content(id = workspace.id): Promise<WorkspaceContent> {
  const response = await call('GET', `/api/workspaces/${id}`)
  expect(response.statusCode).toBe(200)
  return response.json<WorkspaceContent>()
}

async function treeOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true })
  return entries.map(String).sort()
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
}

describe('workspace routes', () => {
  it('always lists the default workspace under the config dir, active at first', async () => {
    const list = (await call('GET', '/api/workspaces')).json<WorkspaceListResponse>()
    expect(list.activeId).toBe('default')
    expect(list.workspaces[0]).toMatchObject({ id: 'default', dir: join(h.configDir, 'workspaces', 'default') })
    expect((await lstat(join(h.configDir, 'workspaces', 'default'))).isDirectory()).toBe(true)
  })

  it('creates a workspace in a folder of the user, writes its manifest, remembers it and activates it', async () => {
    const response = await call('POST', '/api/workspaces', { name: 'Team API', dir: join(root, 'team') })
    expect(response.statusCode).toBe(200)
    workspace = response.json<WorkspaceSummary>()
    expect(workspace).toMatchObject({ name: 'Team API', dir: join(root, 'team'), requestCount: 0 })
    expect(await readFile(join(root, 'team', 'workspace.json'), 'utf8')).toBe(
      '{\n  "version": 1,\n  "name": "Team API"\n}\n',
    )
    expect((await call('PUT', '/api/workspaces/active', { id: workspace.id })).statusCode).toBe(204)
    const list = (await call('GET', '/api/workspaces')).json<WorkspaceListResponse>()
    expect(list.activeId).toBe(workspace.id)
    const registry = JSON.parse(await readFile(join(h.configDir, 'workspaces.json'), 'utf8')) as { activeId: string }
    expect(registry.activeId).toBe(workspace.id)
  })

  it('round-trips a saved request of every protocol exactly, as stable 2-space JSON with a trailing newline', async () => {
    const kinds = ['rest', 'grpc', 'graphql', 'sse', 'websocket', 'mcp', 'signalr', 'toy']
    for (const protocol of kinds) {
      const request = saved(protocol, {
        metadata: { 'x-trace': '${traceId}' },
        options: { timeoutMs: 5000, overflow: 'pause', transport: 'ws' },
        auth: { mode: 'own', config: { type: 'bearer', token: '${token}' } },
        notes: 'Say hello',
      })
      const response = await call('PUT', `/api/workspaces/${workspace.id}/requests/kinds/${protocol}-call`, { request })
      expect(response.statusCode, response.body).toBe(200)
    }
    const { requests } = await content()
    for (const protocol of kinds) {
      const entry = requests.find((r) => r.path === `kinds/${protocol}-call`)
      expect(entry?.request).toEqual(
        saved(protocol, {
          metadata: { 'x-trace': '${traceId}' },
          options: { timeoutMs: 5000, overflow: 'pause', transport: 'ws' },
          auth: { mode: 'own', config: { type: 'bearer', token: '${token}' } },
          notes: 'Say hello',
        }),
      )
    }
    const text = await readFile(join(root, 'team', 'requests', 'kinds', 'grpc-call.json'), 'utf8')
    expect(text.endsWith('}\n')).toBe(true)
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'version',
      'name',
      'protocol',
      'url',
      'service',
      'method',
      'messages',
      'metadata',
      'options',
      'auth',
      'notes',
    ])
    expect(text).toContain('\n  "messages": [\n    {\n      "b": 2,')
  })

  it('refuses a stale baseRevision with 409 conflict: of two saves from the same revision one wins, nothing is overwritten', async () => {
    const first = await call('PUT', `/api/workspaces/${workspace.id}/requests/smoke/get-item`, {
      request: saved('rest', { notes: 'v1' }),
    })
    const { revision } = first.json<{ revision: string }>()
    const [a, b] = await Promise.all([
      call('PUT', `/api/workspaces/${workspace.id}/requests/smoke/get-item`, {
        request: saved('rest', { notes: 'tab A' }),
        baseRevision: revision,
      }),
      call('PUT', `/api/workspaces/${workspace.id}/requests/smoke/get-item`, {
        request: saved('rest', { notes: 'tab B' }),
        baseRevision: revision,
      }),
    ])
    const statuses = [a.statusCode, b.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const loser = a.statusCode === 409 ? a : b
    expect(loser.json<Problem>()).toMatchObject({ code: 'conflict' })
    expect(loser.json<Problem>().hint).toMatch(/Reload/)
    const winner = a.statusCode === 200 ? 'tab A' : 'tab B'
    const stored = (await content()).requests.find((r) => r.path === 'smoke/get-item')
    expect(stored?.request.notes).toBe(winner)
    // Saving a new request over an existing path without a revision is refused too.
    const again = await call('PUT', `/api/workspaces/${workspace.id}/requests/smoke/get-item`, {
      request: saved('rest'),
    })
    expect(again.statusCode).toBe(409)
  })

  it('moves, renames and deletes saved requests and folders, and keeps folder settings', async () => {
    const ws = `/api/workspaces/${workspace.id}`
    await call('PUT', `${ws}/requests/moving/one`, { request: saved('rest') })
    expect((await call('POST', `${ws}/moves`, { from: 'moving/one', to: 'moved/uno' })).statusCode).toBe(204)
    expect((await call('POST', `${ws}/moves`, { from: 'moved', to: 'archive/moved' })).statusCode).toBe(204)
    expect(
      (await call('PUT', `${ws}/folders/archive`, { folder: { version: 1, auth: { mode: 'none' } } })).statusCode,
    ).toBe(204)
    let now = await content()
    expect(now.requests.map((r) => r.path)).toContain('archive/moved/uno')
    expect(now.folders).toContainEqual({ path: 'archive', folder: { version: 1, auth: { mode: 'none' } } })
    const entry = now.requests.find((r) => r.path === 'archive/moved/uno')
    const stale = await call('DELETE', `${ws}/requests/archive/moved/uno?baseRevision=0000`)
    expect(stale.statusCode).toBe(409)
    expect((await call('DELETE', `${ws}/requests/archive/moved/uno?baseRevision=${entry?.revision}`)).statusCode).toBe(
      204,
    )
    now = await content()
    expect(now.requests.map((r) => r.path)).not.toContain('archive/moved/uno')
    const missing = await call('POST', `${ws}/moves`, { from: 'nothing/here', to: 'x' })
    expect(missing.statusCode).toBe(404)
  })

  it('refuses paths that would leave the workspace and writes nothing anywhere', async () => {
    const outside = await makeTempDir('outside')
    await symlink(outside, join(root, 'team', 'requests', 'linked'))
    const beforeRoot = await treeOf(root)
    const ws = `/api/workspaces/${workspace.id}`
    const attempts = [
      ['PUT', `${ws}/requests/..%2F..%2Fescape`],
      ['PUT', `${ws}/requests/a/..%2F..%2F..%2Fescape`],
      ['PUT', `${ws}/requests/%2Ftmp%2Fabs`],
      ['PUT', `${ws}/requests/.git/config`],
      ['PUT', `${ws}/requests/bad%3Cname%3E`],
      ['PUT', `${ws}/requests/folder`],
      ['PUT', `${ws}/requests/linked/inside`],
    ] as const
    for (const [method, url] of attempts) {
      const response = await call(method, url, { request: saved('rest') })
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.json<Problem>().detail, url).toBeTruthy()
    }
    const moved = await call('POST', `${ws}/moves`, { from: 'smoke/get-item', to: '../../stolen' })
    expect(moved.statusCode).toBe(400)
    expect(moved.json<Problem>().hint).toMatch(/letters, digits/)
    expect(await treeOf(root)).toEqual(beforeRoot)
    expect(await readdir(outside)).toEqual([])
    const listed = await content()
    expect(listed.problems).toContainEqual(
      expect.objectContaining({ path: 'requests/linked', reason: expect.stringMatching(/symbolic link/) as string }),
    )
  })

  it('picks up a file edited on disk, and reports a corrupt one with its path and reason, leaving it in place', async () => {
    const file = join(root, 'team', 'requests', 'smoke', 'get-item.json')
    const edited = { ...(JSON.parse(await readFile(file, 'utf8')) as SavedRequest), notes: 'edited in vim' }
    await writeFile(file, JSON.stringify(edited))
    const seen = await eventually(content, (c) => c.requests.some((r) => r.request.notes === 'edited in vim'))
    expect(seen.requests.find((r) => r.path === 'smoke/get-item')?.request.notes).toBe('edited in vim')

    await mkdir(join(root, 'team', 'requests', 'broken'), { recursive: true })
    await writeFile(join(root, 'team', 'requests', 'broken', 'half.json'), '{"version": 1, "name": ')
    await writeFile(join(root, 'team', 'requests', 'broken', 'wrong.json'), '{"version": 1, "name": 3}')
    const reported = await eventually(content, (c) => c.problems.some((p) => p.path === 'requests/broken/wrong.json'))
    const half = reported.problems.find((p) => p.path === 'requests/broken/half.json')
    expect(half?.reason).toMatch(/not valid JSON: fix it/)
    expect(half?.keptAs).toBeUndefined()
    expect(await readdir(join(root, 'team', 'requests', 'broken'))).toEqual(['half.json', 'wrong.json'])
    expect(await readFile(join(root, 'team', 'requests', 'broken', 'half.json'), 'utf8')).toBe(
      '{"version": 1, "name": ',
    )
    const wrong = reported.problems.find((p) => p.path === 'requests/broken/wrong.json')
    expect(wrong?.reason).toBe('"name" must be a string')
    const list = (await call('GET', '/api/workspaces')).json<WorkspaceListResponse>()
    expect(list.workspaces.find((w) => w.id === workspace.id)?.problemCount).toBeGreaterThanOrEqual(2)
  })

  it('saves an imported batch without replacing anything and adds only new variables', async () => {
    const ws = `/api/workspaces/${workspace.id}`
    await call('PATCH', ws, { vars: { base: 'http://kept' } })
    const response = await call('POST', `${ws}/requests`, {
      requests: [
        { folder: 'smoke', request: saved('rest', { name: 'get-item' }) },
        { folder: 'Postman/Users API', request: saved('rest', { name: 'List users?' }) },
      ],
      vars: { base: 'http://imported', other: '1' },
    })
    expect(response.statusCode, response.body).toBe(200)
    const result = response.json<{ saved: string[]; report: { source: string }[] }>()
    expect(result.saved).toEqual(['smoke/get-item-2', 'Postman/Users API/List users-'])
    expect(result.report).toEqual([expect.objectContaining({ source: 'variable base' })])
    expect((await content()).vars).toEqual({ base: 'http://kept', other: '1' })
  })

  it('keeps ${var} references as typed: no secret value of the environment reaches the workspace folder', async () => {
    const canary = 'canary-secret-7f3a9c'
    const env = (await call('GET', '/api/environments')).json<{ revision: string }>()
    const document = {
      version: 2,
      environments: [
        {
          id: 'dev',
          name: 'Dev',
          vars: { token: canary },
          auth: { type: 'bearer', token: '${token}' },
          trust: { caCertificate: '', allowSelfSigned: false },
          hosts: { approved: [], refused: [] },
        },
      ],
      activeEnvironmentId: 'dev',
    }
    expect((await call('PUT', '/api/environments', { document, baseRevision: env.revision })).statusCode).toBe(200)
    const request = saved('rest', { metadata: { authorization: 'Bearer ${token}' } })
    const response = await call('PUT', `/api/workspaces/${workspace.id}/requests/secure/with-secret`, { request })
    expect(response.statusCode).toBe(200)
    const files = await treeOf(join(root, 'team'))
    for (const name of files) {
      const path = join(root, 'team', name)
      if ((await lstat(path)).isFile()) expect(await readFile(path, 'utf8'), name).not.toContain(canary)
    }
    const stored = await readFile(join(root, 'team', 'requests', 'secure', 'with-secret.json'), 'utf8')
    expect(stored).toContain('Bearer ${token}')
  })

  it('refuses a literal secret in a saved auth through the API, writing nothing', async () => {
    const canary = 'canary-literal-auth-5521'
    const before = await treeOf(root)
    const ws = `/api/workspaces/${workspace.id}`
    const own = { mode: 'own', config: { type: 'bearer', token: canary } }
    const attempts = [
      await call('PUT', `${ws}/requests/secure/literal`, { request: saved('rest', { auth: own as never }) }),
      await call('PUT', `${ws}/folders/secure`, { folder: { version: 1, auth: own } }),
    ]
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json<Problem>().detail).toMatch(/"token" holds a literal secret/)
      expect(response.body).not.toContain(canary)
    }
    // A batch (an import) saves the others and reports the refused one.
    const batch = await call('POST', `${ws}/requests`, {
      requests: [{ folder: 'secure', request: saved('rest', { auth: own as never }) }],
    })
    expect(batch.json<{ saved: string[]; report: { message: string }[] }>()).toMatchObject({
      saved: [],
      report: [{ message: expect.stringMatching(/literal secret/) as unknown }],
    })
    expect(await treeOf(root)).toEqual(before)
    const reference = { mode: 'own', config: { type: 'bearer', token: '${token}' } }
    const ok = await call('PUT', `${ws}/requests/secure/by-reference`, {
      request: saved('rest', { auth: reference as never }),
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('refuses writes without the session token or from another origin, before anything is written', async () => {
    const before = await treeOf(root)
    const registryBefore = await readFile(join(h.configDir, 'workspaces.json'), 'utf8')
    const attempts = [
      { headers: { host: 'localhost:5080' }, status: 401 },
      { headers: { ...h.headers, origin: 'https://evil.example' }, status: 403 },
      { headers: { ...h.headers, host: 'evil.example' }, status: 403 },
    ]
    for (const { headers, status } of attempts) {
      const save = await h.app.inject({
        method: 'PUT',
        url: `/api/workspaces/${workspace.id}/requests/gated/one`,
        headers,
        payload: { request: saved('rest') },
      })
      expect(save.statusCode).toBe(status)
      const create = await h.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers,
        payload: { name: 'Planted', dir: join(root, 'planted') },
      })
      expect(create.statusCode).toBe(status)
    }
    expect(await treeOf(root)).toEqual(before)
    expect(await readFile(join(h.configDir, 'workspaces.json'), 'utf8')).toBe(registryBefore)
  })

  it('imports a curl command into a folder without saving its credential, and exports a Postman collection', async () => {
    const ws = `/api/workspaces/${workspace.id}`
    const imported = await call('POST', `${ws}/imports`, {
      format: 'curl',
      content: "curl -X POST http://127.0.0.1:9/items -H 'Authorization: Bearer imported-secret-42' -d '{\"a\":1}'",
      folder: 'from-curl',
    })
    expect(imported.statusCode, imported.body).toBe(200)
    const result = imported.json<{ saved: string[]; report: { source: string; message: string }[] }>()
    expect(result.saved).toHaveLength(1)
    expect(result.saved[0]).toMatch(/^from-curl\//)
    const files = await treeOf(join(root, 'team', 'requests', 'from-curl'))
    for (const name of files) {
      expect(await readFile(join(root, 'team', 'requests', 'from-curl', name), 'utf8')).not.toContain(
        'imported-secret-42',
      )
    }
    const exported = await call('GET', `${ws}/export?format=postman`)
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename=".+\.postman_collection\.json"/)
    const collection = exported.json<{ info: { name: string; schema: string }; item: unknown[] }>()
    expect(collection.info.schema).toMatch(/v2\.1\.0/)
    expect(JSON.stringify(collection)).toContain('127.0.0.1:9/items')
    expect((await call('GET', `${ws}/export?format=bruno`)).statusCode).toBe(400)
  })

  it('forgets a workspace without touching its files unless deleteFiles=true', async () => {
    const other = (
      await call('POST', '/api/workspaces', { name: 'Scratch', dir: join(root, 'scratch') })
    ).json<WorkspaceSummary>()
    expect((await call('DELETE', `/api/workspaces/${other.id}`)).statusCode).toBe(204)
    expect((await lstat(join(root, 'scratch', 'workspace.json'))).isFile()).toBe(true)
    const again = (
      await call('POST', '/api/workspaces', { name: 'Scratch', dir: join(root, 'scratch') })
    ).json<WorkspaceSummary>()
    expect((await call('DELETE', `/api/workspaces/${again.id}?deleteFiles=true`)).statusCode).toBe(204)
    await expect(lstat(join(root, 'scratch'))).rejects.toThrow()
    expect((await call('DELETE', '/api/workspaces/default')).statusCode).toBe(400)
    expect((await call('GET', `/api/workspaces/${other.id}`)).statusCode).toBe(404)
  })

  it('reports a registered folder deleted on disk as missing after a restart, and GET never recreates it', async () => {
    const configDir = await makeTempDir('restart')
    const dir = join(await makeTempDir('gone'), 'api')
    const first = await createHarness({ configDir, workspaces: { watch: false } })
    const made = await first.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: first.headers,
      payload: { name: 'Gone', dir },
    })
    const id = made.json<WorkspaceSummary>().id
    const activated = await first.app.inject({
      method: 'PUT',
      url: '/api/workspaces/active',
      headers: first.headers,
      payload: { id },
    })
    expect(activated.statusCode).toBe(204)
    await first.close()
    await rm(dir, { recursive: true })
    const again = await createHarness({ configDir, workspaces: { watch: false } })
    try {
      const list = await again.app.inject({ url: '/api/workspaces', headers: again.headers })
      expect(list.statusCode).toBe(200)
      expect(list.json<WorkspaceListResponse>().workspaces.find((w) => w.id === id)).toMatchObject({ problemCount: 1 })
      const content = await again.app.inject({ url: `/api/workspaces/${id}`, headers: again.headers })
      expect(content.statusCode).toBe(404)
      expect(content.json<Problem>()).toMatchObject({
        detail: expect.stringMatching(/does not exist/) as unknown,
        hint: expect.stringMatching(/Restore the folder.*forget the workspace/) as unknown,
      })
      await expect(lstat(dir)).rejects.toThrow()
    } finally {
      await again.close()
    }
  })

  it('deletes only the files a workspace owns in a project folder, keeping the project and its git folder', async () => {
    const project = join(root, 'project')
    await mkdir(join(project, 'src'), { recursive: true })
    await mkdir(join(project, '.git'))
    await writeFile(join(project, 'src', 'main.ts'), 'export {}\n')
    await writeFile(join(project, 'README.md'), '# project\n')
    await writeFile(join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n')
    const opened = (await call('POST', '/api/workspaces', { name: 'Project', dir: project })).json<WorkspaceSummary>()
    const put = await call('PUT', `/api/workspaces/${opened.id}/requests/smoke/get`, { request: saved('rest') })
    expect(put.statusCode, put.body).toBe(200)
    expect(await treeOf(project)).toContain('workspace.json')
    expect((await call('DELETE', `/api/workspaces/${opened.id}?deleteFiles=true`)).statusCode).toBe(204)
    expect(await treeOf(project)).toEqual(['.git', '.git/HEAD', 'README.md', 'src', 'src/main.ts'])
  })
})

describe('--workspace at start', () => {
  it("opens the folder as the active workspace and hands its urls to the page's client config", async () => {
    const dir = join(await makeTempDir('launch'), 'api')
    await mkdir(dir)
    await writeFile(
      join(dir, 'workspace.json'),
      JSON.stringify({ version: 1, name: 'API', urls: ['rest@http://127.0.0.1:9/openapi.json'] }),
    )
    const launched = await createHarness({ workspaceDir: dir, workspaces: { watch: false } })
    try {
      const list = (
        await launched.app.inject({ url: '/api/workspaces', headers: launched.headers })
      ).json<WorkspaceListResponse>()
      const active = list.workspaces.find((w) => w.id === list.activeId)
      expect(active).toMatchObject({ name: 'API', dir })
      const page = await launched.app.inject({ url: '/', headers: { host: 'localhost:5080' } })
      expect(page.body).toContain(
        `"workspace":{"id":"${list.activeId}","urls":["rest@http://127.0.0.1:9/openapi.json"]}`,
      )
    } finally {
      await launched.close()
    }
  })
})
