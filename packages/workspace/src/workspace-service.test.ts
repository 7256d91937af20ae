import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import type * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWorkspaceService } from './workspace-service.js'
import type { WorkspaceService } from './workspace-service.js'

// Counts the file-system stats a read makes, without changing what they do.
const calls = vi.hoisted(() => ({ lstat: 0 }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fs>()
  const lstat = (...args: Parameters<typeof original.lstat>) => {
    calls.lstat++
    return original.lstat(...args)
  }
  return { ...original, lstat, default: { ...original, lstat } }
})

const count = 100
let configDir: string
let service: WorkspaceService
const requestsDir = () => join(configDir, 'workspaces', 'default', 'requests')
const fileOf = (path: string) => join(requestsDir(), `${path}.json`)
const requestText = (name: string, n: number) =>
  `${JSON.stringify({ version: 1, name, protocol: 'rest', url: 'http://127.0.0.1:1/', service: 'S', method: 'm', messages: [{ n }] }, null, 2)}\n`

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wirebench-content-'))
  for (let i = 0; i < count; i++) {
    const folder = join(requestsDir(), `group-${i % 4}`)
    if (i < 4) await mkdir(folder, { recursive: true })
    await writeFile(join(folder, `r-${String(i).padStart(3, '0')}.json`), requestText(`r-${i}`, i))
  }
  service = createWorkspaceService({ configDir, watchDebounceMs: 20 })
  await service.init()
})
afterAll(async () => {
  await service.close()
  await rm(configDir, { recursive: true, force: true })
})

/** Once the watcher has walked the folder, an unchanged workspace is answered from memory. */
async function whenWatching(): Promise<void> {
  await expect
    .poll(async () => (await service.content('default')).requests === (await service.content('default')).requests)
    .toBe(true)
}

describe('workspace content kept in memory by the folder watcher', () => {
  it('answers an unchanged workspace from its last scan, without reading the folder again', async () => {
    await whenWatching()
    calls.lstat = 0
    const content = await service.content('default')
    expect(content.requests).toHaveLength(count)
    expect(calls.lstat).toBe(0)
  })

  it('sees a file changed, added or removed on disk right after the previous read', async () => {
    await whenWatching()
    const path = 'group-1/r-001'
    await writeFile(fileOf(path), requestText('r-1', 1001))
    let content = await service.content('default')
    expect(content.requests.find((r) => r.path === path)?.request.messages).toEqual([{ n: 1001 }])

    await writeFile(fileOf('group-2/added'), requestText('added', 7))
    content = await service.content('default')
    expect(content.requests.find((r) => r.path === 'group-2/added')?.request.messages).toEqual([{ n: 7 }])

    await mkdir(join(requestsDir(), 'new-folder'))
    await writeFile(fileOf('new-folder/inside'), requestText('inside', 8))
    content = await service.content('default')
    expect(content.requests.find((r) => r.path === 'new-folder/inside')?.request.messages).toEqual([{ n: 8 }])
    // A folder that appeared after the watcher started is watched too (once chokidar has seen it: hence the poll).
    await whenWatching()
    await writeFile(fileOf('new-folder/inside'), requestText('inside', 9))
    await expect
      .poll(async () => (await service.content('default')).requests.find((r) => r.path === 'new-folder/inside'))
      .toMatchObject({ request: { messages: [{ n: 9 }] } })
    await unlink(fileOf('new-folder/inside'))

    await unlink(fileOf('group-3/r-003'))
    content = await service.content('default')
    expect(content.requests.some((r) => r.path === 'group-3/r-003')).toBe(false)
    expect(content.requests).toHaveLength(count)
  })

  it('sees a write through the store at once, and its revision in the next read', async () => {
    await whenWatching()
    const store = await service.store('default')
    const first = await service.content('default')
    const before = first.requests.find((r) => r.path === 'group-0/r-000')
    const saved = await store.saveRequest(
      'group-0/r-000',
      {
        version: 1,
        name: 'r-000',
        protocol: 'rest',
        url: 'http://127.0.0.1:1/',
        service: 'S',
        method: 'm',
        messages: [{ n: -1 }],
      },
      before?.revision,
    )
    const after = (await service.content('default')).requests.find((r) => r.path === 'group-0/r-000')
    expect(after).toMatchObject({ revision: saved.revision, request: { messages: [{ n: -1 }] } })
  })

  it('reads the folder on every call when nothing watches it', async () => {
    const unwatched = createWorkspaceService({ configDir, watch: false })
    await unwatched.init()
    const first = await unwatched.content('default')
    await writeFile(fileOf('group-0/r-004'), requestText('r-4', 4004))
    const second = await unwatched.content('default')
    expect(second.requests).not.toBe(first.requests)
    expect(second.requests.find((r) => r.path === 'group-0/r-004')?.request.messages).toEqual([{ n: 4004 }])
    await unwatched.close()
  })
})
