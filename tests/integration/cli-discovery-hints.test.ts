/**
 * When discovery finds nothing, the CLI's failure names every plugin's hint, not only the first one: a hub whose plain
 * GET is not `400 Connection ID required` (a hosted service's 404, an `[Authorize]` hub's 401) is found only when
 * the user pins SignalR, and the REST plugin's advice is wrong for it.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../servers/cli/run-cli.js'

describe('the CLI discovery failure summary', () => {
  let server: Server
  let origin: string
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wb-cli-hints-'))
    server = createServer((request, response) => {
      response.statusCode = request.url?.startsWith('/private') ? 401 : 404
      response.end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const { port } = server.address() as { port: number }
    origin = `http://127.0.0.1:${port}`
  })
  afterAll(async () => {
    await new Promise((done) => server.close(done))
    await rm(dir, { recursive: true, force: true })
  })

  it.each(['/hubs/chat', '/private/hubs/chat'])('for %s tells the user to pin SignalR', async (path) => {
    const result = await runCli(['list', '--url', `${origin}${path}`, '--config-dir', dir])
    expect(result.code).toBe(3)
    expect(result.err).toMatch(/signalr: Pin the plugin \(signalr@…\)/)
  })
})
