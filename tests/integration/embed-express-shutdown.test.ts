/**
 * An Express host that closes its http server closes the workbench with it: Express has no close hook, and the
 * workbench's own handles (the workspace folder watchers) would otherwise keep the host's process alive after the
 * host shut down. Both ways the workbench knows the server: handed over as `server`, or learnt from the page load.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

const token = 'embedded-shutdown-token-0123456789abcdef0123456789abcdef'
let configDir: string

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-shutdown-'))
})
afterAll(async () => {
  await rm(configDir, { recursive: true, force: true })
})

/** File-system watchers open in this test worker: the workbench's workspace watcher is one of them. */
function openWatchers(): number {
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles()
  return handles.filter((handle) => handle.constructor.name === 'FSWatcher').length
}

async function startHost(
  handsOverServer: boolean,
): Promise<{ server: Server; origin: string; workbench: ExpressWorkbench }> {
  const app = express5()
  const server = createServer(app)
  const workbench = await expressWorkbench(app, {
    prefix: '/workbench',
    // A folder of its own: chokidar shares one watcher between instances watching the same folder.
    configDir: join(configDir, handsOverServer ? 'handed-over' : 'learnt'),
    token,
    uiDir: null,
    announce: false,
    ...(handsOverServer ? { server } : {}),
  })
  app.use('/workbench', workbench)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, workbench }
}

describe('an Express host closing its server', () => {
  it.each([
    ['handed over as `server`', true],
    ['learnt from the page load', false],
  ])('closes the workbench with it, its watchers included (server %s)', async (_how, handsOverServer) => {
    const before = openWatchers()
    const { server, origin, workbench } = await startHost(handsOverServer)
    try {
      const page = await fetch(`${origin}/workbench/api/protocols`, { headers: { 'x-workbench-token': token } })
      expect(page.status).toBe(200)
      await vi.waitFor(() => expect(openWatchers()).toBeGreaterThan(before))
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await vi.waitFor(() => expect(openWatchers()).toBe(before), { timeout: 3000 })
    } finally {
      // Idempotent: a host that also closes the workbench itself is fine.
      await workbench.close()
    }
  })
})
