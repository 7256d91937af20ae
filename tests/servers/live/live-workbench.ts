/**
 * Set-up shared by live integration tests: a standalone workbench (default plugins, no UI) in a scratch config
 * folder, live clients connected to its `/api/ws` with the session token (closed with it), and discovery through
 * `POST /api/discover`. Call inside a `describe`; the workbench starts before the file's own `beforeAll` hooks.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { DiscoverResponse } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneOptions, StandaloneServer } from '@wirebench/server'
import { connectLive, liveUrl } from './live-client.js'
import type { LiveClient } from './live-client.js'

export interface LiveWorkbench {
  /** The workbench's base URL (set before the first test). */
  readonly base: string
  connect(): Promise<LiveClient>
  /** Discovers `urls` and expects a 200. */
  discover(urls: string[]): Promise<DiscoverResponse>
}

export function liveWorkbench(options: Pick<StandaloneOptions, 'limits'> = {}): LiveWorkbench {
  let wb: StandaloneServer | undefined
  let base = ''
  let configDir = ''
  const clients: LiveClient[] = []
  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-live-'))
    wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false, ...options })
    base = await wb.listen()
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await wb?.close()
    if (configDir) await rm(configDir, { recursive: true, force: true })
  })
  return {
    get base() {
      return base
    },
    async connect() {
      const client = await connectLive(liveUrl(base), { token: wb?.token ?? null })
      clients.push(client)
      return client
    },
    async discover(urls) {
      const response = await fetch(`${base}/api/discover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-workbench-token': wb?.token ?? '' },
        body: JSON.stringify({ urls }),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as DiscoverResponse
    },
  }
}
