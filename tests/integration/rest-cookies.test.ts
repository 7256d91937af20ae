/**
 * The per-environment cookie jar of REST calls against a real server that sets a session cookie on login and checks
 * it on later calls: replayed to the host that set it only, kept apart per environment, cleared by the workbench
 * route, and carried together with a client certificate on an mTLS server.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, ProtocolPlugin } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { workbench } from '@wirebench/server'
import { createCookieJars } from '@wirebench/transport'
import { testContext } from '../servers/rest/call-context.js'
import { createTestPki } from '../servers/tls/pki.js'
import type { TestPki } from '../servers/tls/pki.js'
import { startSessionServer } from '../servers/tls/session-server.js'
import type { SessionServer } from '../servers/tls/session-server.js'

const cookieEnv = (environmentId: string): Record<string, string> => ({ __workbenchCookieEnv__: environmentId })

describe('REST cookie jar through the plugin', () => {
  let a: SessionServer
  let b: SessionServer
  let plugin: ProtocolPlugin
  beforeAll(async () => {
    // Two hosts: cookies are scoped to the host that set them (RFC 6265), which 127.0.0.2 is not.
    ;[a, b] = await Promise.all([startSessionServer(), startSessionServer({ host: '127.0.0.2' })])
    plugin = createRestPlugin({ cookieJars: createCookieJars() })
    await Promise.all([
      plugin.discover({ kind: 'url', url: a.docUrl }, testContext()),
      plugin.discover({ kind: 'url', url: b.docUrl }, testContext()),
    ])
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await Promise.all([a.close(), b.close()])
  })

  const call = (server: SessionServer, method: string, metadata: Record<string, string>, message = {}) =>
    plugin.invoke({ target: server.docUrl, service: 'session', method, messages: [message] }, testContext({ metadata }))

  it('replays the session cookie a login set to later calls to the same server', async () => {
    expect((await call(a, 'me', cookieEnv('dev'))).metadata.http_status).toBe('401')
    const login = await call(a, 'login', cookieEnv('dev'), { user: 'ada' })
    expect(login.metadata['set-cookie']).toMatch(/^session=/)
    const me = await call(a, 'me', cookieEnv('dev'))
    expect(me.status).toBe('OK')
    expect(me.response).toMatchObject({ user: 'ada' })
  })

  it('sends no Cookie header at all while the jar has nothing for the server', async () => {
    await call(a, 'me', cookieEnv('fresh'))
    expect(a.requests.at(-1)).toEqual({ path: '/me', cookie: null })
  })

  it('does not send a server’s cookie to another host', async () => {
    await call(a, 'login', cookieEnv('dev'), { user: 'ada' })
    const other = await call(b, 'me', cookieEnv('dev'))
    expect(other.metadata.http_status).toBe('401')
    expect(b.requests.at(-1)).toEqual({ path: '/me', cookie: null })
  })

  it('keeps environments apart and leaves calls without the marker cookie-free', async () => {
    await call(a, 'login', cookieEnv('dev'), { user: 'ada' })
    expect((await call(a, 'me', cookieEnv('staging'))).metadata.http_status).toBe('401')
    expect((await call(a, 'me', {})).metadata.http_status).toBe('401')
    expect(a.requests.at(-1)?.cookie).toBeNull()
  })

  it('merges a Cookie header the user set with the jar’s cookies', async () => {
    await call(a, 'login', cookieEnv('dev'), { user: 'ada' })
    const me = await call(a, 'me', { ...cookieEnv('dev'), cookie: 'theme=dark' })
    expect(me.response).toMatchObject({ user: 'ada' })
    expect(a.requests.at(-1)?.cookie).toMatch(/^session=[0-9a-f]+; theme=dark$/)
  })
})

describe('REST cookie jar through the workbench', () => {
  const token = 'c'.repeat(64)
  const headers = { host: 'localhost:5080', 'x-workbench-token': token }
  let app: FastifyInstance
  let configDir: string
  let server: SessionServer
  beforeAll(async () => {
    server = await startSessionServer()
    configDir = await mkdtemp(join(tmpdir(), 'wb-cookies-'))
    app = Fastify({ logger: false })
    await app.register(workbench, { configDir, uiDir: null, token, mode: 'standalone' })
    await app.ready()
    const res = await app.inject({ method: 'POST', url: '/api/discover', headers, payload: { urls: [server.docUrl] } })
    expect(res.statusCode).toBe(200)
  })
  afterAll(async () => {
    await app.close()
    await server.close()
    await rm(configDir, { recursive: true, force: true })
  })

  const invoke = async (method: string, message: object = {}): Promise<InvokeResult> => {
    const payload = {
      protocol: 'rest',
      url: server.docUrl,
      service: 'session',
      method,
      messages: [message],
      metadata: cookieEnv('env-1'),
    }
    const res = await app.inject({ method: 'POST', url: '/api/invoke', headers, payload })
    expect(res.statusCode).toBe(200)
    return res.json<InvokeResult>()
  }

  it('keeps the session across calls until the environment’s cookies are cleared, and lists them without values', async () => {
    await invoke('login', { user: 'grace' })
    expect((await invoke('me')).response).toMatchObject({ user: 'grace' })

    const listed = await app.inject({ method: 'GET', url: '/api/auth/cookies?environmentId=env-1', headers })
    expect(listed.json()).toMatchObject({ environmentId: 'env-1', cookies: [{ name: 'session', domain: '127.0.0.1' }] })
    const sessionId = [...server.sessions.keys()].at(-1) as string
    expect(listed.body).not.toContain(sessionId)

    const cleared = await app.inject({
      method: 'POST',
      url: '/api/auth/cookies/clear',
      headers,
      payload: { environmentId: 'env-1' },
    })
    expect(cleared.statusCode).toBe(204)
    const after = await invoke('me')
    expect(after.metadata.http_status).toBe('401')
    expect(server.requests.at(-1)).toEqual({ path: '/me', cookie: null })
  })
})

describe('REST cookie jar together with mTLS', () => {
  let pki: TestPki
  let server: SessionServer
  let plugin: ProtocolPlugin
  let metadata: Record<string, string>
  beforeAll(async () => {
    pki = await createTestPki()
    server = await startSessionServer({
      tls: { key: pki.serverKey, cert: pki.serverCertificate, ca: pki.caCertificate },
    })
    plugin = createRestPlugin()
    metadata = {
      ...cookieEnv('secure-env'),
      __workbenchMtls__: JSON.stringify({
        certificate: pki.clientCertificate,
        privateKey: pki.clientKey,
        caCertificate: pki.caCertificate,
      }),
    }
    await plugin.discover({ kind: 'url', url: server.docUrl }, testContext({ metadata }))
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await server.close()
  })

  it('one dispatcher carries the client certificate and the jar: the session holds over mTLS', async () => {
    const call = (method: string, message = {}) =>
      plugin.invoke(
        { target: server.docUrl, service: 'session', method, messages: [message] },
        testContext({ metadata }),
      )
    await call('login', { user: 'linus' })
    const me = await call('me')
    expect(me.status).toBe('OK')
    expect(me.response).toMatchObject({ user: 'linus', authorized: true, clientCommonName: 'wirebench-test-client' })
  })
})
