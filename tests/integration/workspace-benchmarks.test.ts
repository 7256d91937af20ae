/**
 * Benchmark runs saved with a workspace over a real socket: `POST /api/workspaces/:id/benchmarks` saves a run the
 * server holds (its figures and target, never the call's metadata), `GET …?key=` lists it again (as after a page
 * reload), and a refused save writes nothing.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BenchExportResponse,
  BenchStatus,
  SavedBenchmark,
  SavedBenchmarksResponse,
  WorkspaceListResponse,
} from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'

const SECRET = 'Bearer s3cret-bench-token'
let target: Server
let origin = ''
let wb: StandaloneServer
let base = ''
let configDir = ''
let workspace = { id: '', dir: '' }

async function api<T>(path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token ?? '' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: (await response.json()) as T }
}

async function finishedRun(): Promise<string> {
  const { json } = await api<{ run: string }>('/api/bench/start', {
    call: {
      protocol: 'rest',
      url: `${origin}/openapi.json`,
      service: 'load',
      method: 'fast',
      messages: [{}],
      metadata: { authorization: SECRET },
    },
    settings: { mode: 'closed', calls: 20, concurrency: 2 },
    thresholds: ['p95 < 1000ms'],
  })
  for (;;) {
    const status = (await api<BenchStatus>('/api/bench/status', { run: json.run })).json
    if (status.state !== 'running') return json.run
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  target = createServer((request, response) => {
    if (request.url === '/openapi.json') {
      return void response.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Load', version: '1' },
          servers: [{ url: origin }],
          paths: {
            '/fast': { get: { tags: ['load'], operationId: 'fast', responses: { '200': { description: 'ok' } } } },
          },
        }),
      )
    }
    response.end('{"ok":true}')
  })
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-wsbench-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
  expect((await api('/api/discover', { urls: [`${origin}/openapi.json`] })).status).toBe(200)
  const list = (await api<WorkspaceListResponse>('/api/workspaces')).json
  const active = list.workspaces.find((entry) => entry.id === list.activeId)
  workspace = { id: list.activeId, dir: active?.dir ?? '' }
})

afterAll(async () => {
  await wb.close()
  await new Promise((resolve) => target.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})

describe('benchmarks saved with the workspace', () => {
  const key = 'rest|load|fast'

  it('saves a finished run and lists it again for the method, without the call’s credentials', async () => {
    const run = await finishedRun()
    const saved = await api<SavedBenchmark>(`/api/workspaces/${workspace.id}/benchmarks`, { run, key, label: 'Run 1' })
    expect(saved.status).toBe(200)
    expect(saved.json.result.calls).toBe(20)
    expect(saved.json.result.thresholds).toEqual([expect.objectContaining({ expr: 'p95 < 1000ms', ok: true })])

    const listed = await api<SavedBenchmarksResponse>(
      `/api/workspaces/${workspace.id}/benchmarks?key=${encodeURIComponent(key)}`,
    )
    expect(listed.json.benchmarks.map((entry) => entry.id)).toEqual([saved.json.id])
    expect(listed.json.benchmarks[0]?.target).toEqual({
      protocol: 'rest',
      url: `${origin}/openapi.json`,
      service: 'load',
      method: 'fast',
    })

    const folder = join(workspace.dir, 'benchmarks')
    const [methodDir] = await readdir(folder)
    const [file] = await readdir(join(folder, methodDir ?? ''))
    const text = await readFile(join(folder, methodDir ?? '', file ?? ''), 'utf8')
    expect(text).not.toContain('s3cret')
    expect(JSON.parse(text)).toMatchObject({ version: 1, key, label: 'Run 1' })
  })

  it('refuses to save a run the server does not know, and writes nothing', async () => {
    const before = await readdir(join(workspace.dir, 'benchmarks')).catch(() => [])
    const refused = await api<{ code: string }>(`/api/workspaces/${workspace.id}/benchmarks`, {
      run: 'no-such-run',
      key: 'rest|other',
      label: 'Run 9',
    })
    expect(refused.status).toBe(404)
    expect(await readdir(join(workspace.dir, 'benchmarks')).catch(() => [])).toEqual(before)
    const unknownWorkspace = await api(`/api/workspaces/nope/benchmarks?key=${encodeURIComponent(key)}`)
    expect(unknownWorkspace.status).toBe(404)
  })

  it('exports a saved run from its file as JSON, CSV or k6 summary, and no k6 script', async () => {
    const listed = await api<SavedBenchmarksResponse>(
      `/api/workspaces/${workspace.id}/benchmarks?key=${encodeURIComponent(key)}`,
    )
    const id = listed.json.benchmarks[0]?.id ?? ''
    const path = `/api/workspaces/${workspace.id}/benchmarks/export`
    const json = await api<BenchExportResponse>(path, { key, id, format: 'json' })
    expect(json.status).toBe(200)
    expect(json.json.fileName).toBe(`benchmark-${id.slice(0, 8)}.json`)
    expect(JSON.parse(json.json.text)).toMatchObject({ calls: 20, errors: 0 })
    const csv = await api<BenchExportResponse>(path, { key, id, format: 'csv' })
    expect(csv.json.text.split('\n')[0]).toMatch(/^second,calls,errors,throughput/)
    const summary = await api<BenchExportResponse>(path, { key, id, format: 'k6-summary' })
    expect(summary.json.text).toContain('p95 < 1000ms')
    expect((await api(path, { key, id, format: 'k6-script' })).status).toBe(400)
    const unknown = await api<{ code: string; detail: string }>(path, { key, id: 'nope', format: 'json' })
    expect(unknown.status).toBe(404)
    expect(unknown.json.detail).toContain('"nope"')
  })

  it('deletes a saved run’s file, and refuses one it does not keep for that method', async () => {
    const listPath = `/api/workspaces/${workspace.id}/benchmarks?key=${encodeURIComponent(key)}`
    const id = (await api<SavedBenchmarksResponse>(listPath)).json.benchmarks[0]?.id ?? ''
    const path = `/api/workspaces/${workspace.id}/benchmarks/delete`
    expect((await api(path, { key: 'rest|other', id })).status).toBe(404)
    expect((await api(path, { key, id: 'nope' })).status).toBe(404)
    expect((await api<SavedBenchmarksResponse>(listPath)).json.benchmarks).toHaveLength(1)
    expect((await api(path, { key, id })).status).toBe(200)
    expect((await api<SavedBenchmarksResponse>(listPath)).json.benchmarks).toEqual([])
  })

  it('exports a saved run as the same files as the run itself: JSON with its target and timeline, CSV, k6 summary', async () => {
    const run = await finishedRun()
    const saved = await api<SavedBenchmark>(`/api/workspaces/${workspace.id}/benchmarks`, { run, key, label: 'Run 2' })
    for (const format of ['json', 'csv', 'k6-summary'] as const) {
      const own = await api<BenchExportResponse>('/api/bench/export', { run, format })
      const fromFile = await api<BenchExportResponse>(`/api/workspaces/${workspace.id}/benchmarks/export`, {
        key,
        id: saved.json.id,
        format,
      })
      expect(fromFile.json.text, format).toBe(own.json.text)
    }
    const file = JSON.parse(
      (await api<BenchExportResponse>('/api/bench/export', { run, format: 'json' })).json.text,
    ) as Record<string, unknown>
    expect(file.target).toEqual({ protocol: 'rest', url: `${origin}/openapi.json`, service: 'load', method: 'fast' })
    expect(file.timeline).toEqual(saved.json.result.timeline)
  })
})
