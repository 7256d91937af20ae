/**
 * `wirebench call --request` on a channel: a saved WebSocket request's assertions are checked on how the channel went
 * (the close code as status, a JSON path on the last frame, the first frame's latency) against a `ws` server, and
 * the exit code fails when one does not pass.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import type { SavedAssertion, SavedRequest } from '@wirebench/core'
import { runCli } from '../servers/cli/run-cli.js'

describe('wirebench call --request: assertions on a WebSocket channel', () => {
  let server: WebSocketServer
  let origin: string
  let root: string

  beforeAll(async () => {
    // Answers the first message with two frames, then closes: normally on /feed, as overloaded (1011) on /busy.
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
    server.on('connection', (socket, request) => {
      socket.once('message', () => {
        socket.send(JSON.stringify({ seq: 1, user: { name: 'ada' } }))
        socket.send(JSON.stringify({ seq: 2, user: { name: 'bob' } }))
        socket.close(request.url === '/busy' ? 1011 : 1000, 'done')
      })
    })
    await new Promise((resolve) => server.once('listening', resolve))
    origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
    root = await mkdtemp(join(tmpdir(), 'wb-cli-stream-assertions-'))
    await mkdir(join(root, 'config'), { recursive: true, mode: 0o700 })
    await mkdir(join(root, 'ws', 'requests', 'live'), { recursive: true })
  })
  afterAll(async () => {
    for (const client of server.clients) client.terminate()
    await new Promise((resolve) => server.close(resolve))
    await rm(root, { recursive: true, force: true })
  })

  async function run(name: string, path: string, assertions: SavedAssertion[]) {
    const saved: SavedRequest = {
      version: 1,
      name,
      protocol: 'websocket',
      url: `${origin}${path}`,
      service: path.slice(1),
      method: 'connect',
      messages: [{ hello: true }],
      assertions,
    }
    await writeFile(join(root, 'ws', 'requests', 'live', `${name}.json`), JSON.stringify(saved))
    const args = ['call', '--workspace', join(root, 'ws'), '--request', `live/${name}`, '--timeout', '10']
    return runCli([...args, '--config-dir', join(root, 'config')])
  }

  it('exits 0 when the close code, the last frame and the first frame’s latency are as asserted', async () => {
    const { code, err } = await run('feed', '/feed', [
      { type: 'status', is: 1000 },
      { type: 'json', path: 'user.name', equals: 'bob' },
      { type: 'latency', below: 10_000 },
    ])
    expect(err).toContain('assertion passed: status is 1000')
    expect(err).toContain('assertion passed: user.name equals "bob"')
    expect(err).toMatch(/assertion passed: latency below 10000 ms \(took \d+ ms to the first frame\)/)
    expect(code, err).toBe(0)
  })

  it('exits 1 when the last frame or the close code is not what was asserted', async () => {
    const earlier = await run('feed-first', '/feed', [{ type: 'json', path: 'seq', equals: 1 }])
    expect(earlier.err).toContain('assertion FAILED: seq equals 1 (seq is 2, expected 1)')
    expect(earlier.code).toBe(1)
    const busy = await run('busy', '/busy', [{ type: 'status', is: 1000 }])
    expect(busy.err).toMatch(/assertion FAILED: status is 1000 \(status 1011/)
    expect(busy.code).toBe(1)
  })
})
