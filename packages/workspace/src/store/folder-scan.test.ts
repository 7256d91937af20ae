import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createWorkspaceService } from '../workspace-service.js'
import { createFolderScanner } from './folder-scan.js'

// Counts the file-system calls the scan makes (and how many overlap) without changing what they do.
const calls = vi.hoisted(() => ({ lstat: 0, inFlight: 0, maxInFlight: 0 }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof fs>()
  const lstat = async (...args: Parameters<typeof original.lstat>) => {
    calls.lstat++
    calls.inFlight++
    calls.maxInFlight = Math.max(calls.maxInFlight, calls.inFlight)
    try {
      return await original.lstat(...args)
    } finally {
      calls.inFlight--
    }
  }
  return { ...original, lstat, default: { ...original, lstat } }
})

const count = 200
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wirebench-scan-'))
  const workspace = join(dir, 'workspaces', 'default', 'requests')
  for (let i = 0; i < count; i++) {
    const folder = join(workspace, `group-${i % 4}`)
    if (i < 4) await mkdir(folder, { recursive: true })
    const request = {
      version: 1,
      name: `r-${i}`,
      protocol: 'rest',
      url: 'http://127.0.0.1:1/',
      service: 'S',
      method: 'm',
      messages: [{}],
    }
    await writeFile(join(folder, `r-${String(i).padStart(3, '0')}.json`), JSON.stringify(request))
  }
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('workspace folder scan with thousands of files', () => {
  it('reads the files of a folder concurrently and still returns them in name order', async () => {
    calls.maxInFlight = 0
    const scanned = await createFolderScanner(join(dir, 'workspaces', 'default')).scan()
    expect(scanned.requests).toHaveLength(count)
    const paths = scanned.requests.map((r) => r.path)
    expect(paths).toEqual([...paths].sort())
    expect(calls.maxInFlight).toBeGreaterThan(4)
  })

  it('lists the workspaces without reading every saved request again', async () => {
    const service = createWorkspaceService({ configDir: dir, watch: false })
    await service.init()
    calls.lstat = 0
    const list = await service.list()
    expect(list.workspaces.find((w) => w.id === 'default')?.requestCount).toBe(count)
    expect(calls.lstat).toBeLessThan(10)
    await service.close()
  })
})
