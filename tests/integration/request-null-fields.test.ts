/**
 * A `null` in an optional field of `POST /api/invoke`, `/api/export` or `/api/discover` means absent, as the UI and
 * CLI express it by leaving the field out: the call goes exactly as without the field (a null `serverUrl` failed as a
 * 500, a null `history` crashed the process). So do the token proxy's and MCP authorization's bodies (a null CA
 * certificate in a token request's trust was a 500). A spy target records what each call sent.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExportResponse } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'

let spy: Server
let origin: string
const seen: IncomingMessage[] = []
let wb: StandaloneServer
let base: string
let configDir: string

function startSpy(): Promise<void> {
  spy = createServer((request, response) => {
    seen.push(request)
    if (request.url === '/token') {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"access_token":"t","token_type":"bearer","expires_in":60}')
      return
    }
    if (request.url === '/openapi.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'spy', version: '1' },
          servers: [{ url: origin }],
          paths: {
            '/echo': { get: { operationId: 'echo', tags: ['Spy'], responses: { 200: { description: 'ok' } } } },
          },
        }),
      )
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  })
  return new Promise((resolve) => spy.listen(0, '127.0.0.1', resolve))
}

beforeAll(async () => {
  await startSpy()
  origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`
  configDir = await mkdtemp(join(tmpdir(), 'wb-null-fields-'))
  wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
  base = await wb.listen()
})
afterAll(async () => {
  await wb.close()
  spy.closeAllConnections()
  await new Promise((resolve) => spy.close(resolve))
  await rm(configDir, { recursive: true, force: true })
})

const post = (path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'x-workbench-token': wb.token ?? '', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const call = () => ({ protocol: 'rest', url: `${origin}/openapi.json`, service: 'Spy', method: 'echo', messages: [{}] })

const invokeFields = ['serverUrl', 'metadata', 'timeoutMs', 'includeSent', 'history']
const exportFields = ['serverUrl', 'metadata', 'includeSecrets', 'resolveVariables', 'variables']
const nulls = (fields: string[]) => Object.fromEntries(fields.map((field) => [field, null]))

describe('null in an optional field of a call', () => {
  beforeAll(async () => {
    expect((await post('/api/discover', { urls: [`rest@${origin}/openapi.json`] })).status).toBe(200)
  })

  it('is taken as absent by /api/invoke: each call goes to the documented server as without it', async () => {
    for (const field of invokeFields) {
      const before = seen.length
      const response = await post('/api/invoke', { ...call(), [field]: null })
      expect({ field, status: response.status }).toEqual({ field, status: 200 })
      expect(await response.json()).toMatchObject({ status: 'OK', response: { ok: true } })
      expect(seen.slice(before).map((request) => request.url)).toEqual(['/echo'])
    }
    const response = await post('/api/invoke', { ...call(), ...nulls(invokeFields) })
    expect(response.status).toBe(200)
    // A wrong type is still refused, naming the field.
    const refused = await post('/api/invoke', { ...call(), serverUrl: 5 })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ code: 'invalid_request', detail: 'body/serverUrl must be string' })
  })

  it('is taken as absent by /api/export: the snippet is the one written without it', async () => {
    const plain = await post('/api/export', { ...call(), format: 'curl' })
    expect(plain.status).toBe(200)
    const expected = (await plain.json()) as ExportResponse
    for (const field of exportFields) {
      const response = await post('/api/export', { ...call(), format: 'curl', [field]: null })
      expect({ field, status: response.status }).toEqual({ field, status: 200 })
      expect(await response.json()).toEqual(expected)
    }
  })

  it('is taken as absent by /api/discover', async () => {
    for (const field of ['metadata', 'protocolHints']) {
      const response = await post('/api/discover', { urls: [`rest@${origin}/openapi.json`], [field]: null })
      expect({ field, status: response.status }).toEqual({ field, status: 200 })
    }
  })
})

describe('null in an optional field of a token request or an MCP authorization', () => {
  const tokenCalls = () => seen.filter((request) => request.url === '/token').length
  const bodies = () => ({
    '/api/auth/oauth-token': { tokenUrl: `${origin}/token`, clientId: 'c', clientSecret: 's', scope: '', audience: '' },
    '/api/auth/oauth-code-exchange': {
      tokenUrl: `${origin}/token`,
      code: 'x',
      redirectUri: 'http://127.0.0.1/oauth-callback',
      clientId: 'c',
      codeVerifier: 'v',
      clientSecret: null,
    },
    '/api/auth/oauth-refresh': {
      tokenUrl: `${origin}/token`,
      refreshToken: 'r',
      clientId: 'c',
      scope: '',
      clientSecret: null,
    },
    '/api/auth/custom-token': {
      tokenUrl: `${origin}/token`,
      method: 'POST',
      contentType: 'application/json',
      body: '{}',
      headers: {},
    },
  })

  it('is taken as absent by the token proxy, also inside `trust`: one token request each, answered', async () => {
    for (const [path, body] of Object.entries(bodies())) {
      for (const trust of [null, { caCertificate: null, allowSelfSigned: null }]) {
        const before = tokenCalls()
        const response = await post(path, { ...body, trust })
        expect({ path, trust, status: response.status }).toEqual({ path, trust, status: 200 })
        expect(await response.json()).toMatchObject({ access_token: 't' })
        expect(tokenCalls() - before).toBe(1)
      }
    }
    // A wrong type is still refused, naming the field, and sends nothing.
    const before = tokenCalls()
    const refused = await post('/api/auth/oauth-token', {
      ...bodies()['/api/auth/oauth-token'],
      trust: { allowSelfSigned: 'yes' },
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      code: 'invalid_request',
      detail: 'body/trust/allowSelfSigned must be boolean',
    })
    expect(tokenCalls()).toBe(before)
  })

  it('is taken as absent by the MCP authorization routes: the same answer as without the field', async () => {
    const start = { url: `${origin}/mcp`, redirectUri: `${base}/oauth-callback` }
    const plain = await post('/api/mcp/auth/start', start)
    const withNulls = await post('/api/mcp/auth/start', {
      ...start,
      resourceMetadataUrl: null,
      scope: null,
      clientId: null,
    })
    expect(withNulls.status).not.toBe(500)
    expect({ status: withNulls.status, body: await withNulls.json() }).toEqual({
      status: plain.status,
      body: await plain.json(),
    })
    const complete = await post('/api/mcp/auth/complete', { state: 'unknown', code: 'c', iss: null })
    const completePlain = await post('/api/mcp/auth/complete', { state: 'unknown', code: 'c' })
    expect({ status: complete.status, body: await complete.json() }).toEqual({
      status: completePlain.status,
      body: await completePlain.json(),
    })
  })
})
