/**
 * Requests carrying `Upgrade:` to a host's own routes, outside the workbench's prefix: once the workbench listens for
 * the live socket's upgrades, Node hands every such request (an h2c attempt, a WebSocket handshake on a plain route)
 * to the server's `upgrade` event. A Fastify host and an Express host must still answer them as they would without
 * the workbench, including an Express server shared by two workbenches, and the live socket must still open.
 */
import { createServer } from 'node:http'
import { connect } from 'node:net'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { expressWorkbench, wirebench } from '@wirebench/embed'
import type { ExpressWorkbench } from '@wirebench/embed'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectLive, liveUrl } from '../servers/live/live-client.js'
import { listenHost, useConfigDir } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-upgrades-token-0123456789abcdef0123456789abcdef'
const otherToken = 'embedded-upgrades-other-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('upgrades')

const h2cAttempt = (path: string): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\n` +
  'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n'
const handshake = (path: string): string =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'

/** What the server wrote on one raw connection until it closed it; `(no answer)` after two seconds of silence. */
function rawExchange(origin: string, text: string): Promise<string> {
  const { port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    let answer = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(answer === '' ? '(no answer)' : answer)
    }, 2000)
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(answer)
    })
    socket.on('error', reject)
    socket.write(text)
  })
}

const statusLine = (answer: string): string => answer.split('\r\n')[0] ?? ''
const bodyOf = (answer: string): string => answer.slice(answer.indexOf('\r\n\r\n') + 4)

async function expectLiveSocket(origin: string, prefix: string, sessionToken: string): Promise<void> {
  const live = await connectLive(liveUrl(origin, prefix), { token: sessionToken })
  await live.close()
}

describe('a Fastify host with the workbench registered', () => {
  let app: FastifyInstance
  let origin: string

  beforeAll(async () => {
    app = Fastify()
    await app.register(wirebench, { prefix: '/workbench', configDir: configDir(), token, uiDir: null, announce: false })
    app.get('/plain', () => Promise.resolve({ route: 'plain' }))
    origin = await app.listen({ host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => {
    await app.close()
  })

  it('answers an h2c attempt on a host route as that route, not 404', async () => {
    const answer = await rawExchange(origin, h2cAttempt('/plain'))
    expect([statusLine(answer), bodyOf(answer)]).toEqual(['HTTP/1.1 200 OK', '{"route":"plain"}'])
  })

  it('answers a WebSocket handshake on a plain host route as that route, and still opens the live socket', async () => {
    const answer = await rawExchange(origin, handshake('/plain?x=1'))
    expect([statusLine(answer), bodyOf(answer)]).toEqual(['HTTP/1.1 200 OK', '{"route":"plain"}'])
    await expectLiveSocket(origin, '/workbench', token)
  })
})

describe('an Express host whose server is shared by two workbenches', () => {
  let host: ListeningServer
  let workbenches: ExpressWorkbench[]

  beforeAll(async () => {
    const app = express5()
    const server = createServer(app)
    const common = { configDir: configDir(), uiDir: null, announce: false, server } as const
    const own = await expressWorkbench(app, { ...common, prefix: '/workbench', token })
    const team = await expressWorkbench(app, { ...common, prefix: '/team-bench', token: otherToken })
    workbenches = [own, team]
    app.use('/workbench', own)
    app.use('/team-bench', team)
    app.get('/plain', (_req, res) => {
      res.json({ route: 'plain' })
    })
    host = await listenHost(undefined, { server })
  })
  afterAll(async () => {
    for (const workbench of workbenches) await workbench.close()
    await host.close()
  })

  it('answers an h2c attempt on a host route as that route, not 404', async () => {
    const answer = await rawExchange(host.origin, h2cAttempt('/plain'))
    expect([statusLine(answer), bodyOf(answer)]).toEqual(['HTTP/1.1 200 OK', '{"route":"plain"}'])
  })

  it("answers a WebSocket handshake outside both prefixes with the host's own answer, once", async () => {
    const plain = await rawExchange(host.origin, handshake('/plain'))
    expect([statusLine(plain), bodyOf(plain)]).toEqual(['HTTP/1.1 200 OK', '{"route":"plain"}'])
    const missing = await rawExchange(host.origin, handshake('/nowhere'))
    expect(statusLine(missing)).toBe('HTTP/1.1 404 Not Found')
    expect(bodyOf(missing)).toContain('Cannot GET /nowhere')
  })

  it("opens each workbench's live socket under its own prefix", async () => {
    await expectLiveSocket(host.origin, '/workbench', token)
    await expectLiveSocket(host.origin, '/team-bench', otherToken)
  })
})
