import { ENVIRONMENTS_VERSION, type Environment, type EnvironmentsDocument } from '@wirebench/auth'
import { TRUST_MARKER, type DiscoverRequest, type ExportRequest, type InvokeRequest } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { ApiClient, RequestOptions } from '../api/api-client.js'
import { ApiError } from '../api/api-error.js'
import type { EnvironmentsApi } from '../api/environments-client.js'
import { createAuthSession, redirectUriFor } from './auth-session.js'
import { withOutgoingAuth } from './outgoing-api.js'
import { createEnvironmentsStore } from './environments-store.js'

/** A workbench server stand-in: records invokes, answers the token proxy with numbered tokens or a 502. */
function fakeServer(options: { tokenFails?: boolean } = {}) {
  const invoked: InvokeRequest[] = []
  const exported: ExportRequest[] = []
  const discovered: DiscoverRequest[] = []
  const tokenRequests: unknown[] = []
  const api = {
    discover: (request: DiscoverRequest) => {
      discovered.push(request)
      return Promise.resolve({ services: [], attempts: [] })
    },
    invoke: (request: InvokeRequest) => {
      invoked.push(request)
      return Promise.resolve({ response: {}, durationMs: 1, status: 'OK', metadata: {} })
    },
    exportCall: (request: ExportRequest) => {
      exported.push(request)
      return Promise.resolve({ snippet: 'curl', language: 'shell' })
    },
    request: (path: string, init?: RequestOptions) => {
      if (path !== '/api/auth/oauth-token') return Promise.reject(new Error(`unexpected ${path}`))
      tokenRequests.push(init?.json)
      if (options.tokenFails) {
        return Promise.reject(
          new ApiError({
            type: 'urn:wirebench:problem:upstream_error',
            title: 'Token endpoint failed',
            status: 502,
            code: 'upstream_error',
            detail: 'The token endpoint answered 401: invalid_client (client authentication failed)',
            hint: 'Check the client ID and secret.',
          }),
        )
      }
      return Promise.resolve({ access_token: `tok-${tokenRequests.length}`, expires_in: 3600 })
    },
  } as unknown as ApiClient
  return { api, invoked, exported, discovered, tokenRequests }
}

const env = (id: string, auth: Environment['auth'], vars: Record<string, string> = {}): Environment => ({
  id,
  name: id,
  vars,
  auth,
  hosts: { approved: ['api.test', 'doc.test', 'private.test'], refused: ['evil.test'] },
})

async function setUp(
  environments: Environment[],
  active: string | null,
  server = fakeServer(),
  options: { loadLater?: boolean; workspaceVars?: Record<string, string> } = {},
) {
  const saved: EnvironmentsDocument[] = []
  const envApi: EnvironmentsApi = {
    load: () =>
      Promise.resolve({
        document: { version: ENVIRONMENTS_VERSION, environments, activeEnvironmentId: active },
        revision: 'r1',
      }),
    save: (document) => {
      saved.push(document)
      return Promise.resolve({ revision: `r${saved.length + 1}` })
    },
    clearCookies: () => Promise.resolve(),
  }
  const store = createEnvironmentsStore({ api: envApi, debounceMs: 0 })
  if (!options.loadLater) await store.getState().load()
  const session = createAuthSession({
    api: server.api,
    environments: store,
    prefix: '',
    location: { port: '5080', protocol: 'http:' },
    // The services of these tests are documented at doc.test (and served there).
    resolveTarget: (_address, serverUrl) => serverUrl ?? 'http://doc.test/openapi.json',
    preApprovedUrls: ['rest@http://demo.test:5081/openapi.json'],
    ...(options.workspaceVars ? { workspaceVars: () => options.workspaceVars ?? {} } : {}),
  })
  const client = withOutgoingAuth(server.api, session)
  const call = (request: Partial<InvokeRequest> = {}) =>
    client.invoke({ protocol: 'rest', url: 'doc', service: 'S', method: 'm', messages: [{}], ...request })
  const discover = (urls: string[]) => client.discover({ urls })
  return { ...server, store, session, client, call, discover, saved }
}

const cc = {
  type: 'oauth2_cc',
  tokenUrl: 'http://127.0.0.1:9999/token',
  clientId: 'svc',
  clientSecret: '${secret}',
  scope: '',
  audience: '',
} as const

describe('outgoing calls', () => {
  it('substitutes the active environment into body, headers and server URL and adds its auth under user headers', async () => {
    const t = await setUp(
      [env('dev', { type: 'bearer', token: '${token}' }, { token: 't0k', host: 'api.test' })],
      'dev',
    )
    await t.call({
      messages: [{ q: '${host}', n: ['${missing}'] }],
      metadata: { 'X-Trace': '${host}' },
      serverUrl: 'http://${host}:8080',
    })
    expect(t.invoked[0]).toMatchObject({
      messages: [{ q: 'api.test', n: ['${missing}'] }],
      metadata: { 'X-Trace': 'api.test', Authorization: 'Bearer t0k' },
      serverUrl: 'http://api.test:8080',
    })

    await t.call({ metadata: { authorization: 'Basic mine' } })
    expect(t.invoked[1]?.metadata).toEqual({ authorization: 'Basic mine' })
  })

  it('exports the request exactly as it would be invoked, with the format, toggles and variables besides', async () => {
    const t = await setUp(
      [env('dev', { type: 'bearer', token: '${token}' }, { token: 't0k', host: 'api.test' })],
      'dev',
    )
    const written: InvokeRequest = {
      protocol: 'rest',
      url: 'doc',
      service: 'S',
      method: 'm',
      messages: [{ q: '${host}', n: '${host}' }],
      metadata: { 'X-Trace': '${host}' },
      serverUrl: 'http://${host}:8080',
    }
    const finalizeMessages = (messages: unknown[]) => messages.map((m) => ({ ...(m as object), typed: true }))
    await t.client.invoke(written, undefined, { finalizeMessages })
    const variables = [{ name: 'token', value: 't0k', isSecret: true }]
    await t.client.exportCall(
      { ...written, format: 'curl', includeSecrets: false, resolveVariables: false, variables },
      undefined,
      { finalizeMessages },
    )
    const { format, includeSecrets, resolveVariables, variables: sentVariables, ...request } = t.exported[0]!
    expect(request).toEqual(t.invoked[0])
    expect(request).toMatchObject({ metadata: { Authorization: 'Bearer t0k' }, serverUrl: 'http://api.test:8080' })
    expect(request.messages).toEqual([{ q: 'api.test', n: 'api.test', typed: true }])
    expect({ format, includeSecrets, resolveVariables, sentVariables }).toEqual({
      format: 'curl',
      includeSecrets: false,
      resolveVariables: false,
      // The bearer header the auth step computed follows as a secret of its own, after the variables: a variable
      // spelling the same value (`token`) comes first and keeps its name in the snippet.
      sentVariables: [...variables, { name: 'accessToken', value: 't0k', isSecret: true }],
    })
  })

  it("fills variables system first, then the environment's, then the workspace's", async () => {
    const workspaceVars = { host: 'workspace.test', only: 'from-workspace', now: 'never' }
    const t = await setUp([env('dev', { type: 'none' }, { host: 'api.test' })], 'dev', fakeServer(), {
      workspaceVars,
    })
    await t.call({ messages: [{ host: '${host}', only: '${only}', now: '${now}' }] })
    const sent = t.invoked[0]?.messages[0] as Record<string, string>
    expect(sent).toMatchObject({ host: 'api.test', only: 'from-workspace' })
    expect(sent.now).toMatch(/^\d+$/)
    const none = await setUp([env('dev', { type: 'none' })], null, fakeServer(), { workspaceVars })
    await none.call({ messages: [{ host: '${host}' }] })
    expect(none.invoked[0]?.messages[0]).toEqual({ host: 'workspace.test' })
  })

  it('sends nothing extra when no environment is active', async () => {
    const t = await setUp([env('dev', { type: 'bearer', token: 'x' })], null)
    await t.call()
    expect(t.invoked[0]?.metadata).toBeUndefined()
  })

  it('fails the call before it is sent with the proxy message and hint when the token request fails', async () => {
    const t = await setUp([env('dev', cc, { secret: 's' })], 'dev', fakeServer({ tokenFails: true }))
    const error = await t.call().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    const { problem } = error as ApiError
    expect(problem.title).toBe('The auth step failed before the call was sent')
    expect(problem.detail).toContain('invalid_client (client authentication failed)')
    expect(problem.hint).toBe('Check the client ID and secret.')
    expect(t.invoked).toHaveLength(0)
    expect(t.tokenRequests).toEqual([
      { tokenUrl: cc.tokenUrl, clientId: 'svc', clientSecret: 's', scope: '', audience: '' },
    ])
  })

  it('reuses a cached client-credentials token, and switching environment drops it', async () => {
    const t = await setUp([env('a', cc, { secret: 's' }), env('b', { type: 'none' })], 'a')
    await t.call()
    await t.call()
    expect(t.tokenRequests).toHaveLength(1)
    expect(t.invoked.map((r) => r.metadata?.Authorization)).toEqual(['Bearer tok-1', 'Bearer tok-1'])

    t.store.getState().select('b')
    await t.call()
    expect(t.invoked[2]?.metadata).toBeUndefined()
    t.store.getState().select('a')
    await t.call()
    expect(t.tokenRequests).toHaveLength(2)
    expect(t.invoked[3]?.metadata?.Authorization).toBe('Bearer tok-2')
  })
})

describe('redirect URI', () => {
  it('names localhost, the page port and the mount prefix', () => {
    expect(redirectUriFor({ port: '5080', protocol: 'http:' }, '')).toBe('http://localhost:5080/oauth-callback')
    expect(redirectUriFor({ port: '3000', protocol: 'http:' }, '/workbench')).toBe(
      'http://localhost:3000/workbench/oauth-callback',
    )
    expect(redirectUriFor({ port: '', protocol: 'https:' }, '/wb')).toBe('https://localhost/wb/oauth-callback')
  })
})

describe('TLS trust settings', () => {
  const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
  const trusted = (auth: Environment['auth']): Environment => ({
    ...env('private', auth, { ca }),
    trust: { caCertificate: '${ca}', allowSelfSigned: false },
  })

  it('go with every call beside bearer auth, without a client certificate', async () => {
    const t = await setUp([trusted({ type: 'bearer', token: 't' })], 'private')
    await t.call()
    expect(t.invoked[0]?.metadata).toEqual({
      Authorization: 'Bearer t',
      [TRUST_MARKER]: JSON.stringify({ caCertificate: ca }),
    })
  })

  it('go with every discovery request, and a discovery started before the environments loaded waits for them', async () => {
    const t = await setUp([trusted({ type: 'none' })], 'private', fakeServer(), { loadLater: true })
    const pending = t.discover(['https://private.test/openapi.json'])
    await Promise.resolve()
    expect(t.discovered).toHaveLength(0)
    await t.store.getState().load()
    await pending
    expect(t.discovered).toEqual([
      {
        urls: ['https://private.test/openapi.json'],
        metadata: { [TRUST_MARKER]: JSON.stringify({ caCertificate: ca }) },
      },
    ])
  })

  it('leave discovery without metadata when the active environment has none', async () => {
    const t = await setUp([env('plain', { type: 'none' })], 'plain')
    await t.discover(['http://a.test/'])
    expect(t.discovered).toEqual([{ urls: ['http://a.test/'] }])
  })
})

describe('credentials bound to hosts', () => {
  const local = (hosts: Environment['hosts']): Environment => ({
    id: 'local',
    name: 'Local demo',
    vars: { token: 's3cret', apiKey: 'k-1', user: 'ann' },
    auth: { type: 'bearer', token: '${token}' },
    hosts,
  })
  const written = { metadata: { 'X-Key': '${apiKey}', 'X-User': '${user}' } }

  it('asks once about a host never decided (calls waiting on it share the question) and remembers the answer', async () => {
    const t = await setUp([local({ approved: [], refused: [] })], 'local')
    const first = t.call({ ...written, serverUrl: 'https://petstore.swagger.io/v2' })
    const second = t.call({ ...written, serverUrl: 'https://PETSTORE.swagger.io:443/v2' })
    await expect.poll(() => t.session.hostQuestions.store.getState().questions).toHaveLength(1)
    const [question] = t.session.hostQuestions.store.getState().questions
    expect(question).toMatchObject({ environmentName: 'Local demo', host: 'petstore.swagger.io' })
    expect(t.invoked).toHaveLength(0)
    t.session.hostQuestions.store.getState().answer(question!.id, true)
    await Promise.all([first, second])
    expect(t.invoked.map((r) => r.metadata)).toEqual([
      { 'X-Key': 'k-1', 'X-User': 'ann', Authorization: 'Bearer s3cret' },
      { 'X-Key': 'k-1', 'X-User': 'ann', Authorization: 'Bearer s3cret' },
    ])
    await expect
      .poll(() => t.saved.at(-1)?.environments[0]?.hosts)
      .toEqual({
        approved: ['petstore.swagger.io'],
        refused: [],
      })
    await t.call({ serverUrl: 'https://petstore.swagger.io/v3' })
    expect(t.session.hostQuestions.store.getState().questions).toHaveLength(0)
  })

  it('sends a refused host neither auth nor secret variables, and leaves a notice', async () => {
    const t = await setUp([local({ approved: [], refused: [] })], 'local')
    const call = t.call({ ...written, messages: [{ note: '${apiKey}' }], serverUrl: 'https://petstore.swagger.io/' })
    await expect.poll(() => t.session.hostQuestions.store.getState().questions).toHaveLength(1)
    const [question] = t.session.hostQuestions.store.getState().questions
    t.session.hostQuestions.store.getState().answer(question!.id, false)
    await call
    expect(t.invoked[0]).toMatchObject({
      metadata: { 'X-Key': '${apiKey}', 'X-User': 'ann' },
      messages: [{ note: '${apiKey}' }],
    })
    expect(JSON.stringify(t.invoked)).not.toMatch(/s3cret|k-1/)
    expect(t.session.hostQuestions.store.getState().notices).toEqual([
      expect.objectContaining({
        environmentName: 'Local demo',
        host: 'petstore.swagger.io',
        reason: 'refused-now',
        withheld: ['apiKey'],
      }),
    ])
    await expect.poll(() => t.saved.at(-1)?.environments[0]?.hosts?.refused).toEqual(['petstore.swagger.io'])
  })

  it('sends to the origins the workbench was started on without asking, and cancels a call whose question is closed', async () => {
    const t = await setUp([local({ approved: [], refused: [] })], 'local')
    await t.call({ serverUrl: 'http://demo.test:5081/' })
    expect(t.invoked[0]?.metadata).toEqual({ Authorization: 'Bearer s3cret' })
    // The same name on another port is another origin: asked about, not pre-approved.
    const call = t.call({ serverUrl: 'http://demo.test:5082/' })
    await expect.poll(() => t.session.hostQuestions.store.getState().questions).toHaveLength(1)
    t.session.hostQuestions.store.getState().dismiss(t.session.hostQuestions.store.getState().questions[0]!.id)
    const error = await call.catch((e: unknown) => e)
    expect((error as ApiError).problem.code).toBe('cancelled')
    expect(t.invoked).toHaveLength(1)
  })

  it('binds discovery the same way: auth to an approved host, trust settings only to a refused one', async () => {
    const t = await setUp([local({ approved: ['api.test'], refused: ['evil.test'] })], 'local')
    await t.discover(['rest@http://api.test/openapi.json'])
    await t.discover(['http://evil.test/openapi.json'])
    expect(t.discovered).toEqual([
      { urls: ['rest@http://api.test/openapi.json'], metadata: { Authorization: 'Bearer s3cret' } },
      { urls: ['http://evil.test/openapi.json'] },
    ])
  })

  it('discovers a stdio MCP server without the credentials and without a notice, but notices a refused host', async () => {
    const t = await setUp([local({ approved: [], refused: ['evil.test'] })], 'local')
    await t.discover(['mcp+stdio://everything'])
    await t.discover(['mcp@mcp+stdio://everything'])
    expect(t.discovered).toEqual([{ urls: ['mcp+stdio://everything'] }, { urls: ['mcp@mcp+stdio://everything'] }])
    expect(t.session.hostQuestions.store.getState().questions).toEqual([])
    expect(t.session.hostQuestions.store.getState().notices).toEqual([])
    // The withholding itself still tells when a discovery of one host went without what it could have carried.
    await t.discover(['http://evil.test/openapi.json'])
    expect(t.discovered[2]).toEqual({ urls: ['http://evil.test/openapi.json'] })
    expect(t.session.hostQuestions.store.getState().notices).toEqual([
      expect.objectContaining({ environmentName: 'Local demo', host: 'evil.test', reason: 'refused' }),
    ])
  })

  it('gives channel frames the secret variables only on an approved host', async () => {
    const t = await setUp([local({ approved: ['api.test'], refused: ['evil.test'] })], 'local')
    const address = { protocol: 'websocket', url: 'ws://x', service: 's', method: 'm' }
    expect(t.session.frameVariables(address, 'ws://api.test/chat')).toEqual({
      token: 's3cret',
      apiKey: 'k-1',
      user: 'ann',
    })
    expect(t.session.frameVariables(address, 'ws://evil.test/chat')).toEqual({ user: 'ann' })
  })
})

describe('workspace variables in discovery and channel frames', () => {
  const dev = (vars: Record<string, string>, auth: Environment['auth'] = { type: 'none' }): Environment => ({
    id: 'dev',
    name: 'Dev',
    vars,
    auth,
    hosts: { approved: ['api.test'], refused: ['evil.test'] },
  })
  const address = { protocol: 'websocket', url: 'ws://x', service: 's', method: 'm' }

  it("substitutes a discovery URL and its auth headers: system, then the environment's, then the workspace's", async () => {
    const workspaceVars = { apiHost: 'api.test', path: 'from-workspace', token: 'ws-token' }
    const t = await setUp([dev({ path: 'openapi' }, { type: 'bearer', token: '${token}' })], 'dev', fakeServer(), {
      workspaceVars,
    })
    await t.discover(['rest@http://${apiHost}/${path}.json'])
    expect(t.discovered).toEqual([
      { urls: ['rest@http://api.test/openapi.json'], metadata: { Authorization: 'Bearer ws-token' } },
    ])
    // Without an environment the workspace's variables alone fill the URL.
    const bare = await setUp([], null, fakeServer(), { workspaceVars })
    await bare.discover(['http://${apiHost}/${path}.json?at=${missing}'])
    expect(bare.discovered[0]?.urls).toEqual(['http://api.test/from-workspace.json?at=${missing}'])
  })

  it('never puts a secret of the environment into a discovery URL (its host is not known before substitution)', async () => {
    const t = await setUp(
      [dev({ key: 's3cret', host: 'api.test' }, { type: 'apikey', key: 'X-Key', value: '${key}', location: 'header' })],
      'dev',
      fakeServer(),
      { workspaceVars: { key: 'not-this-either' } },
    )
    await t.discover(['http://${host}/openapi.json?key=${key}'])
    expect(t.discovered[0]?.urls).toEqual(['http://api.test/openapi.json?key=${key}'])
  })

  it("gives every channel frame the workspace's variables below the environment's", async () => {
    const workspaceVars = { room: 'lobby', user: 'workspace-user', token: 'ws-token' }
    const t = await setUp([dev({ user: 'ann', token: 's3cret' })], 'dev', fakeServer(), { workspaceVars })
    expect(t.session.frameVariables(address, 'ws://api.test/chat')).toEqual({
      room: 'lobby',
      user: 'ann',
      token: 's3cret',
    })
    // A refused host: the environment's secret is withheld, and the workspace's value of that name does not stand in.
    const refused = t.session.frameVariables(address, 'ws://evil.test/chat')
    expect(refused).toMatchObject({ room: 'lobby', user: 'ann' })
    expect(refused?.token).toBeUndefined()
    const bare = await setUp([], null, fakeServer(), { workspaceVars })
    expect(bare.session.frameVariables(address, 'ws://api.test/chat')).toEqual(workspaceVars)
  })

  it("never lets a workspace value stand in for an environment secret withheld from a call's host", async () => {
    const workspaceVars = { token: 'ws-token', room: 'lobby' }
    const t = await setUp([dev({ user: 'ann', token: 's3cret' })], 'dev', fakeServer(), { workspaceVars })
    const written = { metadata: { 'X-Token': '${token}' }, messages: [{ token: '${token}', room: '${room}' }] }
    await t.call({ ...written, serverUrl: 'http://evil.test/' })
    // The spy server sees the reference as written: neither the environment's secret nor the workspace's value.
    expect(t.invoked[0]).toMatchObject({
      metadata: { 'X-Token': '${token}' },
      messages: [{ token: '${token}', room: 'lobby' }],
    })
    expect(JSON.stringify(t.invoked)).not.toMatch(/s3cret|ws-token/)
    // To an approved host the environment's value goes, above the workspace's.
    await t.call({ ...written, serverUrl: 'http://api.test/' })
    expect(t.invoked[1]).toMatchObject({ metadata: { 'X-Token': 's3cret' }, messages: [{ token: 's3cret' }] })
  })
})
