/** A real standalone workbench on 127.0.0.1:0 with a throwaway config dir, and a JSON client for its API. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStandaloneServer } from '@wirebench/server'
import type { WorkbenchLimits } from '@wirebench/server'

export interface TestWorkbench {
  base: string
  token: string
  configDir: string
  /** A JSON request with the session token, as the UI sends it. */
  api(path: string, init?: { method?: string; body?: unknown }): Promise<Response>
  close(): Promise<void>
}

export async function startWorkbench(
  options: { limits?: Partial<WorkbenchLimits>; configDir?: string } = {},
): Promise<TestWorkbench> {
  const configDir = options.configDir ?? (await mkdtemp(join(tmpdir(), 'wb-auth-')))
  const server = await createStandaloneServer({
    host: '127.0.0.1',
    port: 0,
    configDir,
    uiDir: null,
    logLevel: false,
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const base = await server.listen()
  const token = server.token ?? ''
  return {
    base,
    token,
    configDir,
    api: (path, init = {}) =>
      fetch(`${base}${path}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          'x-workbench-token': token,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
    async close() {
      await server.close()
      if (!options.configDir) await rm(configDir, { recursive: true, force: true })
    },
  }
}
