/**
 * Sidecars inside the workbench: scanned from `{config_dir}/plugins` and `pluginDirs`, registered beside the
 * built-ins (refused when invalid or when their id is taken), started on first use, listed by `GET /api/plugins` and
 * restarted by `POST /api/plugins/:id/restart` — against the real Python example and the toy lab server.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult, PluginInfo, PluginsResponse, Problem } from '@wirebench/core'
import { startToyServer } from '@wirebench/demo'
import type { ToyServer } from '@wirebench/demo'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import {
  createTempDirs,
  faultManifest,
  faultSidecar,
  isAlive,
  pythonExampleDir,
} from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'

describe('sidecars in the workbench (routes, registry, discovery)', () => {
  let dirs: TempDirs
  let toy: ToyServer
  let wb: StandaloneServer
  let base = ''

  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        'x-workbench-token': wb.token ?? '',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    return { status: response.status, body: (await response.json()) as T }
  }
  const plugins = async () => (await api<PluginsResponse>('/api/plugins')).body.plugins
  const find = (list: PluginInfo[], id: string) => list.find((p) => p.id === id)

  beforeAll(async () => {
    dirs = await createTempDirs()
    toy = await startToyServer({ host: '127.0.0.1' })
    const configDir = await dirs.make('config')
    const broken = join(configDir, 'plugins', 'broken')
    await mkdir(broken, { recursive: true })
    await writeFile(join(broken, 'sidecar.json'), JSON.stringify({ packageId: 'x', protocol: { id: 'broken' } }))
    const clash = join(configDir, 'plugins', 'clash')
    await mkdir(clash, { recursive: true })
    await writeFile(
      join(clash, 'sidecar.json'),
      JSON.stringify({ packageId: 'dev.test.clash', protocol: { id: 'rest', name: 'Not REST' }, executable: 'run' }),
    )
    await writeFile(join(clash, 'run'), '#!/bin/sh\n', { mode: 0o755 })
    // A sidecar that writes to stderr and exits with code 7 when a call asks it to.
    const crashing = await dirs.plugin({ program: faultSidecar, manifest: faultManifest('crash-mid-call') })
    wb = await createStandaloneServer({
      port: 0,
      configDir,
      uiDir: null,
      logLevel: false,
      pluginDirs: [pythonExampleDir, crashing],
      sidecarLimits: { pingIntervalMs: 0 },
    })
    base = await wb.listen()
  })

  afterAll(async () => {
    await wb?.close()
    await toy?.close()
    await dirs?.remove()
  })

  it('lists built-ins, the sidecar not started yet, and the refused manifests with their reasons', async () => {
    const list = await plugins()
    expect(find(list, 'rest')).toMatchObject({ kind: 'builtin', state: 'builtin', name: 'REST / OpenAPI' })
    expect(find(list, 'toy')).toMatchObject({
      kind: 'sidecar',
      state: 'not_started',
      packageId: 'dev.wirebench.example.toy',
      version: '1.0.0',
      transport: 'stdio',
      directory: pythonExampleDir,
      manifestStatus: 'valid',
      // Shown so the user sees which of their environment variables it is given.
      envPrefix: 'WORKBENCH_',
    })
    expect(find(list, 'toy')?.pid).toBeUndefined()
    expect(find(list, 'dir:broken')).toMatchObject({
      state: 'invalid',
      manifestStatus: 'invalid',
      problems: expect.arrayContaining([
        { path: '/protocol/name', message: '"name" is required.' },
        { path: '/executable', message: '"executable" is required unless transport is "http".' },
      ]),
    })
    // The problems are listed once: the message only says where to fix them.
    const broken = find(list, 'dir:broken')
    expect(broken?.message).toMatch(/broken\/sidecar\.json cannot be loaded \(2 problems\); fix it, then restart/)
    expect(broken?.message).not.toContain('/protocol/name')
    const clash = list.find((p) => p.packageId === 'dev.test.clash')
    expect(clash).toMatchObject({ id: 'dev.test.clash', state: 'invalid', manifestStatus: 'valid' })
    expect(clash?.message).toMatch(/The protocol id "rest" is taken by the built-in REST \/ OpenAPI plugin/)
    // Only one plugin is listed as "rest": the built-in.
    expect(list.filter((p) => p.id === 'rest').map((p) => p.kind)).toEqual(['builtin'])
  })

  it('discovers a toy:// URL with the sidecar (started on this first use); the built-ins stand back', async () => {
    const { body } = await api<DiscoverResponse>('/api/discover', { method: 'POST', body: { urls: [toy.service.url] } })
    expect(body.services.map((s) => [s.protocol, s.name, s.originUrl])).toEqual([['toy', 'Lab', toy.service.url]])
    expect(body.attempts.find((a) => a.pluginId === 'toy')).toMatchObject({ outcome: 'ok', servicesFound: 1 })
    expect(body.attempts.find((a) => a.pluginId === 'rest')).toMatchObject({
      outcome: 'empty',
      message: 'REST / OpenAPI does not read toy:// addresses.',
    })
    const toyInfo = find(await plugins(), 'toy')
    expect(toyInfo).toMatchObject({
      state: 'running',
      lastPing: { ok: true },
      capabilities: { serverStreaming: true, channels: true },
    })
    expect(isAlive(toyInfo!.pid!)).toBe(true)
  })

  it('invokes through /api/invoke like any plugin', async () => {
    const { status, body } = await api<InvokeResult>('/api/invoke', {
      method: 'POST',
      body: { protocol: 'toy', url: toy.service.url, service: 'Lab', method: 'Hello', messages: [{ name: 'routes' }] },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'OK', response: { greeting: 'Hello, routes!' } })
  })

  it('still refuses a cloud-metadata host for a sidecar, whatever its scheme', async () => {
    const { body } = await api<DiscoverResponse>('/api/discover', {
      method: 'POST',
      body: { urls: ['toy@toy://169.254.169.254:80'] },
    })
    expect(body.attempts).toMatchObject([{ pluginId: 'toy', outcome: 'error', code: 'blocked_target' }])
  })

  it('lists a sidecar that crashed with its exit code and the last lines it wrote to stderr', async () => {
    const crash = { protocol: 'fault', url: 'fault://here', service: 'Fault', method: 'Call' }
    expect((await api('/api/invoke', { method: 'POST', body: { ...crash, messages: [{}] } })).status).toBe(200)
    const failed = await api<Problem>('/api/invoke', {
      method: 'POST',
      body: { ...crash, messages: [{ crash: true }] },
    })
    expect(failed.body.code).toBe('upstream_error')
    const fault = find(await plugins(), 'fault')
    expect(fault).toMatchObject({ kind: 'sidecar', state: 'crashed', exitCode: 7, crashCount: 1 })
    expect(fault?.message).toMatch(/exited with code 7/)
    expect(fault?.stderrTail).toContain('about to crash')
    expect(fault?.pid).toBeUndefined()
  })

  it('restarts a sidecar: a new process, running', async () => {
    const before = find(await plugins(), 'toy')!.pid!
    const { status, body } = await api<{ plugin: PluginInfo }>('/api/plugins/toy/restart', { method: 'POST', body: {} })
    expect(status).toBe(200)
    expect(body.plugin).toMatchObject({ id: 'toy', state: 'running', crashCount: 0 })
    expect(body.plugin.pid).not.toBe(before)
    expect(isAlive(before)).toBe(false)
  })

  it('refuses to restart a built-in, an unknown plugin, or a sidecar that was not loaded', async () => {
    const builtin = await api<Problem>('/api/plugins/rest/restart', { method: 'POST', body: {} })
    expect(builtin).toMatchObject({ status: 400, body: { code: 'invalid_request' } })
    expect(builtin.body.detail).toMatch(/REST \/ OpenAPI is built in/)
    expect((await api<Problem>('/api/plugins/nope/restart', { method: 'POST', body: {} })).status).toBe(404)
    const invalid = await api<Problem>('/api/plugins/dir:broken/restart', { method: 'POST', body: {} })
    expect(invalid).toMatchObject({ status: 409, body: { code: 'conflict' } })
    const clash = await api<Problem>('/api/plugins/dev.test.clash/restart', { method: 'POST', body: {} })
    expect(clash).toMatchObject({ status: 409, body: { code: 'conflict' } })
    expect(clash.body.detail).toMatch(/taken by the built-in REST/)
  })

  it('stops every sidecar process when the workbench closes', async () => {
    const pid = find(await plugins(), 'toy')!.pid!
    await wb.close()
    expect(isAlive(pid)).toBe(false)
  })
})
