/**
 * Secrets never reach the server's output (SECURITY.md): canary secrets travel through discovery, invoke (ok, failing
 * upstream, refused marker), uploads, the environments file (vars and auth, valid and invalid saves) and every token
 * proxy route (success and each kind of failure) of the real CLI logging at trace level, then every byte it printed
 * and every problem it answered is searched.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cliDirs,
  removeCliDirs,
  requireBuiltCli,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../servers/server/cli-process.js'
import type { CliRun } from '../servers/server/cli-process.js'

const canaries = {
  bearer: 'CANARY-BEARER-7f3a',
  apiKey: 'CANARY-APIKEY-19be',
  cookie: 'CANARY-COOKIE-c0de',
  sigv4: 'CANARY-SIGV4-5ec2',
  mtlsKey: 'CANARY-MTLSKEY-0b1e',
  query: 'CANARY-QUERY-a11f',
  envVar: 'CANARY-ENVVAR-3d7e',
  envToken: 'CANARY-ENVTOKEN-8a20',
  envPassword: 'CANARY-ENVPASS-61c9',
  clientSecret: 'CANARY-CLIENTSECRET-f00d',
  code: 'CANARY-CODE-2b7a',
  verifier: 'CANARY-VERIFIER-9e4c-000000000000000000000000000',
  refreshToken: 'CANARY-REFRESH-77d1',
  customPassword: 'CANARY-CUSTOMPW-c3a8',
  customHeader: 'CANARY-CUSTOMHDR-5f02',
  accessToken: 'CANARY-ACCESS-e91b',
}

let target: Server
let targetUrl: string
let run: CliRun
let base: string
let token: string

function startTarget(): Promise<void> {
  target = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://target').pathname
    if (path === '/openapi.json') {
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'canary', version: '1' },
          servers: [{ url: targetUrl }],
          paths: {
            '/ok': { get: { operationId: 'ok', tags: ['T'], responses: { 200: { description: 'ok' } } } },
            '/fail': { get: { operationId: 'fail', tags: ['T'], responses: { 500: { description: 'no' } } } },
          },
        }),
      )
      return
    }
    if (path === '/token') {
      // A token endpoint that answers with a canary token; the proxy passes it through, the log must not show it.
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ access_token: canaries.accessToken, token_type: 'Bearer', expires_in: 60 }))
      return
    }
    if (path === '/token-denied') {
      res.statusCode = 401
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ error: 'invalid_client', error_description: 'no such client' }))
      return
    }
    if (path === '/token-html') {
      res.setHeader('content-type', 'text/html')
      res.end('<html>login</html>')
      return
    }
    res.statusCode = path === '/fail' ? 500 : 200
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify({ path }))
  })
  return new Promise((resolve) =>
    target.listen(0, '127.0.0.1', () => {
      targetUrl = `http://127.0.0.1:${(target.address() as { port: number }).port}`
      resolve()
    }),
  )
}

async function api(path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', 'x-workbench-token': token, ...init.headers },
    body: JSON.stringify(body),
  })
}

const secretMetadata = {
  Authorization: `Bearer ${canaries.bearer}`,
  'X-Api-Key': canaries.apiKey,
  Cookie: `session=${canaries.cookie}`,
  __workbenchApiKeyQuery__: JSON.stringify({ name: 'key', value: canaries.query }),
}

/** Environments with secrets (saved, read back, refused) and every proxy route; returns the problem bodies. */
async function environmentsAndTokenProxy(): Promise<string[]> {
  const problems: string[] = []
  const environment = (auth: unknown) => ({
    version: 1,
    activeEnvironmentId: 'e',
    environments: [{ id: 'e', name: 'E', vars: { secret: canaries.envVar }, auth }],
  })
  const saved = await api(
    '/api/environments',
    { document: environment({ type: 'bearer', token: canaries.envToken }) },
    { method: 'PUT' },
  )
  expect(saved.status, await saved.clone().text()).toBe(200)
  const listed = await fetch(`${base}/api/environments`, { headers: { 'x-workbench-token': token } })
  // The UI gets its secrets back; only the log must not see them.
  expect(await listed.text()).toContain(canaries.envToken)
  const invalid = await api(
    '/api/environments',
    {
      document: environment({ type: 'basic', username: 'u', password: canaries.envPassword, extra: canaries.envToken }),
    },
    { method: 'PUT' },
  )
  expect(invalid.status).toBe(400)
  problems.push(await invalid.text())
  const stale = await api(
    '/api/environments',
    { document: environment({ type: 'basic', username: 'u', password: canaries.envPassword }), baseRevision: 'old' },
    { method: 'PUT' },
  )
  expect(stale.status).toBe(409)
  problems.push(await stale.text())

  const down = 'http://127.0.0.1:9/token'
  const urls = [`${targetUrl}/token`, `${targetUrl}/token-denied`, `${targetUrl}/token-html`, down]
  for (const tokenUrl of urls) {
    const calls = [
      api('/api/auth/oauth-token', {
        tokenUrl,
        clientId: 'svc',
        clientSecret: canaries.clientSecret,
        scope: 'read',
        audience: '',
      }),
      api('/api/auth/oauth-code-exchange', {
        tokenUrl,
        code: canaries.code,
        redirectUri: 'http://localhost:1/oauth-callback',
        clientId: 'pub',
        clientSecret: canaries.clientSecret,
        codeVerifier: canaries.verifier,
      }),
      api('/api/auth/oauth-refresh', {
        tokenUrl,
        refreshToken: canaries.refreshToken,
        clientId: 'pub',
        scope: '',
      }),
      api('/api/auth/custom-token', {
        tokenUrl,
        method: 'POST',
        contentType: 'application/json',
        body: JSON.stringify({ user: 'u', password: canaries.customPassword }),
        headers: { 'X-Api-Secret': canaries.customHeader },
      }),
    ]
    for (const answer of await Promise.all(calls)) {
      const text = await answer.text()
      if (tokenUrl === urls[0]) {
        expect(answer.status, text).toBe(200)
        expect(text).toContain(canaries.accessToken)
      } else {
        expect(answer.status, text).toBe(502)
        problems.push(text)
      }
    }
  }
  return problems
}

beforeAll(async () => {
  requireBuiltCli()
  await startTarget()
  const { configDir, uiDir } = await cliDirs()
  run = spawnCli(['--no-open', '--port', '0', '--config-dir', configDir, '--ui-dir', uiDir], {
    WIREBENCH_LOG_LEVEL: 'trace',
  })
  const started = await waitForUrl(run)
  base = started.base
  token = started.token ?? ''
})

afterAll(async () => {
  if (run) await stopCli(run)
  await removeCliDirs()
  await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()))
})

describe('log redaction', () => {
  it('keeps every planted secret out of everything the server prints', async () => {
    const doc = `${targetUrl}/openapi.json`
    expect(
      (await api('/api/discover', { urls: [doc, 'http://127.0.0.1:9/down.json'], metadata: secretMetadata })).status,
    ).toBe(200)
    const call = { protocol: 'rest', url: doc, service: 'T', messages: [{}], metadata: secretMetadata }
    const okAnswer = await api('/api/invoke', { ...call, method: 'ok' })
    expect(okAnswer.status, await okAnswer.clone().text()).toBe(200)
    expect((await api('/api/invoke', { ...call, method: 'fail' })).status).toBe(200)
    const refusedPort = await api('/api/invoke', { ...call, method: 'ok', serverUrl: 'http://127.0.0.1:9' })
    expect(refusedPort.status).toBeGreaterThanOrEqual(400)
    const markers = {
      ...secretMetadata,
      __workbenchSigV4__: JSON.stringify({ accessKey: 'A', secretKey: canaries.sigv4, region: 'r', service: 's' }),
      __workbenchMtls__: JSON.stringify({ certificate: 'C', privateKey: canaries.mtlsKey }),
    }
    const refusedMarkers = await api('/api/invoke', { ...call, method: 'ok', metadata: markers })
    expect(refusedMarkers.status).toBeGreaterThanOrEqual(400)
    const answers = await Promise.all([refusedPort.text(), refusedMarkers.text()])
    answers.push(...(await environmentsAndTokenProxy()))
    // A wrong token must not be echoed either.
    expect((await api('/api/protocols', {}, { headers: { 'x-workbench-token': canaries.bearer } })).status).toBe(401)

    await stopCli(run)
    const printed = run.stdout() + run.stderr()
    // Trace logging really ran: request lines of the invoke and proxy routes are in the output being searched.
    expect(printed).toContain('/api/invoke')
    expect(printed).toContain('/api/auth/oauth-code-exchange')
    expect(printed).toContain('/api/environments')
    for (const [name, canary] of Object.entries(canaries)) {
      expect(printed, `${name} leaked into the server output`).not.toContain(canary)
      for (const answer of answers) expect(answer, `${name} leaked into a problem`).not.toContain(canary)
    }
    // The session token appears once: in the banner that hands it to the user.
    expect(printed.split(token).length - 1).toBe(1)
  })
})
