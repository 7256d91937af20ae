/**
 * What reaches a sidecar process: no cloud-metadata address in any IPv4 spelling, and the environment's credentials
 * only for an address of its own scheme (or pinned to it), never for the http(s) fan-out; and what it writes to stderr
 * is listed without the secrets it was given. A fault sidecar logs every line it receives (the spy).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, PluginsResponse } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { createTempDirs, faultManifest, faultSidecar } from '../servers/sidecar/plugin-dirs.js'
import type { TempDirs } from '../servers/sidecar/plugin-dirs.js'

describe('what reaches a sidecar', () => {
  let dirs: TempDirs
  let wb: StandaloneServer
  let base = ''
  let spyLog = ''

  const discover = async (urls: string[], metadata?: Record<string, string>) => {
    const response = await fetch(`${base}/api/discover`, {
      method: 'POST',
      headers: { 'x-workbench-token': wb.token ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ urls, ...(metadata ? { metadata } : {}) }),
    })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }
  const received = async () => readFile(spyLog, 'utf8').catch(() => '')

  beforeAll(async () => {
    dirs = await createTempDirs()
    spyLog = join(dirs.root(), 'received.log')
    const fault = await dirs.plugin({
      program: faultSidecar,
      manifest: faultManifest('good', { args: ['--mode', 'good', '--log', spyLog] }),
    })
    wb = await createStandaloneServer({
      port: 0,
      configDir: await dirs.make('config'),
      uiDir: null,
      logLevel: false,
      pluginDirs: [fault],
      sidecarLimits: { pingIntervalMs: 0 },
    })
    base = await wb.listen()
    // Started by a harmless address of its own, so that anything sent later would be in the log.
    expect((await discover(['fault://here'])).services).toHaveLength(1)
  })

  afterAll(async () => {
    await wb?.close()
    await dirs?.remove()
  })

  it('refuses 169.254.169.254 written as hex, decimal or a short form, and sends the sidecar nothing', async () => {
    const spellings = [
      'fault://0xA9FEA9FE:1883',
      'fault://2852039166:1883',
      'fault://169.254.43518:1883',
      'fault@fault://0251.0376.0251.0376:1883',
    ]
    const { attempts } = await discover(spellings)
    for (const url of spellings) {
      expect(
        attempts.find((a) => a.url === url && a.pluginId === 'fault'),
        url,
      ).toMatchObject({
        outcome: 'error',
        code: 'blocked_target',
      })
    }
    const log = await received()
    expect(log).toContain('fault://here')
    for (const host of ['0xA9FEA9FE', '2852039166', '169.254.43518', '0251.0376']) expect(log).not.toContain(host)
  })

  it('sends the credentials only for its own scheme or a pin, never with an http(s) address', async () => {
    await discover(['http://127.0.0.1:9/openapi.json', 'other://127.0.0.1:9'], {
      authorization: 'Bearer http-fanout-secret-1',
    })
    let log = await received()
    expect(log).toContain('http://127.0.0.1:9/openapi.json')
    expect(log).not.toContain('http-fanout-secret-1')
    await discover(['fault://own'], { authorization: 'Bearer own-scheme-secret-2' })
    await discover(['fault@http://127.0.0.1:9/pinned'], { authorization: 'Bearer pinned-secret-3' })
    log = await received()
    expect(log).toContain('own-scheme-secret-2')
    expect(log).toContain('pinned-secret-3')
  })

  it('lists its stderr tail without the secrets it was sent', async () => {
    const response = await fetch(`${base}/api/plugins`, { headers: { 'x-workbench-token': wb.token ?? '' } })
    const fault = ((await response.json()) as PluginsResponse).plugins.find((p) => p.id === 'fault')
    const tail = (fault?.stderrTail ?? []).join('\n')
    expect(tail).toContain('fault://own')
    expect(tail).toContain('‹redacted›')
    expect(tail).not.toContain('own-scheme-secret-2')
    expect(tail).not.toContain('pinned-secret-3')
  })
})
