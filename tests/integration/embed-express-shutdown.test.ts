/**
 * An Express host that closes its http server closes the workbench with it: Express has no close hook, and the
 * workbench's own handles (the workspace folder watchers) would otherwise keep the host's process alive after the
 * host shut down. Both ways the workbench knows the server: handed over as `server`, or learnt from the page load.
 */
import { createServer } from 'node:http'
import { join } from 'node:path'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import { expressWorkbench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { describe, expect, it, vi } from 'vitest'
import { listenHost, useConfigDir } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-shutdown-token-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('shutdown')

/** File-system watchers open in this test worker: the workbench's workspace watcher is one of them. */
function openWatchers(): number {
  const handles = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles()
  return handles.filter((handle) => handle.constructor.name === 'FSWatcher').length
}

async function startHost(handsOverServer: boolean): Promise<{ host: ListeningServer; workbench: ExpressWorkbench }> {
  const app = express5()
  const server = createServer(app)
  const workbench = await expressWorkbench(app, {
    prefix: '/workbench',
    // A folder of its own: chokidar shares one watcher between instances watching the same folder.
    configDir: join(configDir(), handsOverServer ? 'handed-over' : 'learnt'),
    token,
    uiDir: null,
    announce: false,
    ...(handsOverServer ? { server } : {}),
  })
  app.use('/workbench', workbench)
  return { host: await listenHost(undefined, { server }), workbench }
}

describe('an Express host closing its server', () => {
  it.each([
    ['handed over as `server`', true],
    ['learnt from the page load', false],
  ])('closes the workbench with it, its watchers included (server %s)', async (_how, handsOverServer) => {
    const before = openWatchers()
    const { host, workbench } = await startHost(handsOverServer)
    try {
      const page = await fetch(`${host.origin}/workbench/api/protocols`, { headers: { 'x-workbench-token': token } })
      expect(page.status).toBe(200)
      await vi.waitFor(() => expect(openWatchers()).toBeGreaterThan(before), { timeout: 10_000 })
      await host.close()
      await vi.waitFor(() => expect(openWatchers()).toBe(before), { timeout: 3000 })
    } finally {
      // Idempotent: a host that also closes the workbench itself is fine.
      await workbench.close()
    }
  })
})
