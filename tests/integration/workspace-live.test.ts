/**
 * Workspaces over real sockets and real git: the standalone server opened on a workspace folder that is a git
 * clone; a colleague's commit arrives with `git pull` and the page hears `workspace.changed` on its live socket and
 * finds the new request; a merge that conflicts leaves the conflicted file where git expects it (reported, never
 * moved); a live call opened with a history template lands in the workspace's history, and the socket announces it.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryPage, LiveServerMessage, SavedRequest, WorkspaceContent } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { createLiveFixture } from '../servers/live/fixture-plugin.js'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'
import type { LiveClient } from '../servers/live/live-client.js'

const run = promisify(execFile)
const identity = ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', '-c', 'commit.gpgsign=false']

async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', [...identity, ...args], {
    cwd,
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  })
  return stdout
}

function request(name: string): SavedRequest {
  return {
    version: 1,
    name,
    protocol: 'fixture',
    url: 'fixture://local',
    service: 'Live',
    method: 'count',
    messages: [{ n: 3 }],
  }
}

describe('a workspace in git, seen live', () => {
  let root: string
  let wb: StandaloneServer
  let base: string
  let client: LiveClient
  let workspaceId: string
  const mine = () => join(root, 'mine')
  const theirs = () => join(root, 'theirs')

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wb-ws-git-'))
    await run('git', ['init', '--bare', '-b', 'main', join(root, 'origin.git')])
    await git(root, 'clone', join(root, 'origin.git'), 'theirs')
    await mkdir(join(theirs(), 'requests', 'smoke'), { recursive: true })
    await writeFile(join(theirs(), 'workspace.json'), '{\n  "version": 1,\n  "name": "Shared"\n}\n')
    await writeFile(join(theirs(), 'requests', 'smoke', 'first.json'), JSON.stringify(request('first'), null, 2))
    await git(theirs(), 'add', '.')
    await git(theirs(), 'commit', '-m', 'first request')
    await git(theirs(), 'push', 'origin', 'HEAD:main')
    await git(root, 'clone', join(root, 'origin.git'), 'mine')

    const fixture = createLiveFixture()
    wb = await createStandaloneServer({
      port: 0,
      configDir: join(root, 'config'),
      uiDir: null,
      logLevel: false,
      plugins: [fixture.plugin],
      workspaceDir: mine(),
      workspaces: { watchDebounceMs: 50 },
    })
    base = await wb.listen()
    client = await connectLive(liveUrl(base), { token: wb.token })
    const list = await api<{ activeId: string }>('/api/workspaces')
    workspaceId = list.activeId
  })
  afterAll(async () => {
    await client.close()
    await wb.close()
    await rm(root, { recursive: true, force: true })
  })

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(`${base}${path}`, { headers: { 'x-workbench-token': wb.token ?? '' } })
    expect(response.status).toBe(200)
    return (await response.json()) as T
  }

  it('opens the --workspace folder as the active workspace with what the clone holds', async () => {
    expect(workspaceId).not.toBe('default')
    const content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    expect(content).toMatchObject({ name: 'Shared', dir: mine() })
    expect(content.requests.map((r) => r.path)).toEqual(['smoke/first'])
  })

  it('shows a request a colleague pushed once `git pull` brings it, and says so on the live socket', async () => {
    await writeFile(join(theirs(), 'requests', 'smoke', 'second.json'), JSON.stringify(request('second'), null, 2))
    await git(theirs(), 'add', '.')
    await git(theirs(), 'commit', '-m', 'second request')
    await git(theirs(), 'push', 'origin', 'HEAD:main')
    const before = client.messages.length
    await git(mine(), 'pull', '--ff-only', 'origin', 'main')
    const changed = await client.waitFor(
      (m: LiveServerMessage) => m.op === 'workspace.changed' && client.messages.indexOf(m) >= before,
    )
    expect(changed).toMatchObject({ op: 'workspace.changed', workspace: workspaceId })
    const content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    expect(content.requests.map((r) => r.path)).toEqual(['smoke/first', 'smoke/second'])
    expect(content.requests[1]?.request).toEqual(request('second'))
  })

  it('reports a file in a git merge conflict, or from a newer version, without moving it, so the merge completes', async () => {
    const file = join('requests', 'smoke', 'first.json')
    await writeFile(join(theirs(), file), JSON.stringify({ ...request('first'), notes: 'theirs' }, null, 2))
    await git(theirs(), 'commit', '-am', 'their notes')
    await git(theirs(), 'push', 'origin', 'HEAD:main')
    await writeFile(join(mine(), file), JSON.stringify({ ...request('first'), notes: 'mine' }, null, 2))
    await git(mine(), 'commit', '-am', 'my notes')
    await git(mine(), 'pull', '--no-rebase', 'origin', 'main').catch(() => undefined)
    await writeFile(
      join(mine(), 'requests', 'smoke', 'newer.json'),
      JSON.stringify({ ...request('newer'), version: 2 }),
    )
    // Several watcher rounds (debounce 50 ms) pass over both files.
    let content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    for (let i = 0; i < 200 && content.problems.length < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
    content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    const conflicted = content.problems.find((p) => p.path === file)
    expect(conflicted?.reason).toMatch(/merge-conflict markers/)
    expect(conflicted?.keptAs).toBeUndefined()
    const newer = content.problems.find((p) => p.path === 'requests/smoke/newer.json')
    expect(newer?.reason).toMatch(/newer Wirebench.*update Wirebench/)
    expect(await readdir(join(mine(), 'requests', 'smoke'))).toEqual(['first.json', 'newer.json', 'second.json'])
    expect(await git(mine(), 'status', '--porcelain', '--', file)).toBe(`UU ${file}\n`)
    expect(await readFile(join(mine(), file), 'utf8')).toMatch(/^<<<<<<< /m)
    // The user resolves it: the request is back, and the merge commits.
    await writeFile(join(mine(), file), JSON.stringify({ ...request('first'), notes: 'both' }, null, 2))
    await git(mine(), 'add', file)
    await git(mine(), 'commit', '--no-edit')
    await rm(join(mine(), 'requests', 'smoke', 'newer.json'))
    for (let i = 0; i < 200 && content.problems.length > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      content = await api<WorkspaceContent>(`/api/workspaces/${workspaceId}`)
    }
    expect(content.problems).toEqual([])
    expect(content.requests.find((r) => r.path === 'smoke/first')?.request.notes).toBe('both')
  })

  it('records a live call opened with a history template when it closes', async () => {
    client.send({
      op: 'stream.open',
      id: 'h1',
      protocol: 'fixture',
      url: 'fixture://local',
      service: 'Live',
      method: 'count',
      messages: [{ n: 3 }],
      history: { workspace: workspaceId, request: request('first') },
    })
    await client.waitFor(isOp('closed', 'h1'))
    let page: HistoryPage = { entries: [], total: 0 }
    for (let i = 0; i < 500 && page.total === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      page = await api<HistoryPage>(`/api/workspaces/${workspaceId}/history`)
    }
    expect(page.entries[0]).toMatchObject({ kind: 'stream', ok: true, status: 'ok', request: { name: 'first' } })
    expect(page.entries[0]?.frames).toBeGreaterThanOrEqual(3)
    expect(page.entries[0]?.bytes).toBeGreaterThan(0)
  })

  it('announces recorded calls on the live socket, once the entry can be read, so an open History tab reloads', async () => {
    const before = client.messages.length
    client.send({
      op: 'stream.open',
      id: 'h2',
      protocol: 'fixture',
      url: 'fixture://local',
      service: 'Live',
      method: 'count',
      messages: [{ n: 2 }],
      history: { workspace: workspaceId, request: request('second') },
    })
    await client.waitFor(isOp('closed', 'h2'))
    const announced = await client.waitFor(
      (m: LiveServerMessage) => m.op === 'history.changed' && client.messages.indexOf(m) >= before,
    )
    expect(announced).toEqual({ op: 'history.changed', workspace: workspaceId })
    // Announced after the write: the first read already holds the entry.
    const page = await api<HistoryPage>(`/api/workspaces/${workspaceId}/history`)
    expect(page.entries[0]?.request.name).toBe('second')
  })
})
