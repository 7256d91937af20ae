/**
 * Secrets never reach the server's output (SECURITY.md): canary secrets travel through discovery, invoke (ok, failing
 * upstream, refused marker) and uploads of the real CLI logging at trace level, then every byte it printed is searched.
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
    method: 'POST',
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
    // A wrong token must not be echoed either.
    expect((await api('/api/protocols', {}, { headers: { 'x-workbench-token': canaries.bearer } })).status).toBe(401)

    await stopCli(run)
    const printed = run.stdout() + run.stderr()
    // Trace logging really ran: request lines of the invoke route are in the output being searched.
    expect(printed).toContain('/api/invoke')
    for (const [name, canary] of Object.entries(canaries)) {
      expect(printed, `${name} leaked into the server output`).not.toContain(canary)
      for (const answer of answers) expect(answer, `${name} leaked into a problem`).not.toContain(canary)
    }
    // The session token appears once: in the banner that hands it to the user.
    expect(printed.split(token).length - 1).toBe(1)
  })
})
