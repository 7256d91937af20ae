/**
 * Where and how the Express glue is mounted: the host's origin by every name that reaches it (and no other loopback
 * server), the host's own `trust proxy` setting, and a body parser mounted before the workbench.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startExpressHost } from '../servers/embed/express-host.js'
import type { ExpressHost } from '../servers/embed/express-host.js'
import { proxiedPost, useConfigDir, workbenchPost } from './support/embed-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('express-mounting')

/** A discovery as a TLS-terminating proxy in front of the host forwards it. */
function proxiedDiscover(host: ExpressHost): Promise<{ status: number; body: string }> {
  return proxiedPost(host.origin, '/api/discover', '{"urls":[]}', { token })
}

/** The mounted workbench's API as the page calls it. */
function api<T>(host: { origin: string }, path: string, body: unknown): Promise<T> {
  return workbenchPost<T>(host.origin, path, body, { token })
}

describe("the host's own origin by every name that reaches it", () => {
  let host: ExpressHost
  let spy: Server
  const spyHits: string[] = []
  beforeAll(async () => {
    // Both stacks: `localhost`, 127.0.0.1 and [::1] all reach the host.
    host = await startExpressHost(express5 as never, {
      configDir: configDir(),
      token,
      listenOn: '::',
      allowedHosts: ['app.example.test'],
      extend: (app) => void (app['set'] as (name: string, value: unknown) => void).call(app, 'trust proxy', true),
    })
    spy = createServer((request, response) => {
      spyHits.push(request.url ?? '')
      response.end('{}')
    })
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await host.close()
    await new Promise((resolve) => spy.close(resolve))
  })
  const port = (): string => new URL(host.origin).port

  it.each(['localhost', '127.0.0.1', '[::1]'])('calls a host route on the origin named %s', async (name) => {
    const origin = `http://${name}:${port()}`
    const at = { ...host, origin }
    const found = await api<DiscoverResponse>(at, '/api/discover', { urls: [origin] })
    expect(found.services.map((s) => s.source)).toContain('embedded')
    const result = await api<InvokeResult>(at, '/api/invoke', {
      protocol: 'rest',
      url: origin,
      service: 'Default',
      method: 'get_health',
      messages: [{}],
    })
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({ method: 'GET', url: '/health' })
  })

  it("reads the host's own 'trust proxy' setting: a request through the trusted proxy passes", async () => {
    const response = await proxiedDiscover(host)
    // Past the gates: the route's own validation answers (an empty list), where an untrusting host answers 403.
    expect([response.status, response.body]).toEqual([400, expect.stringContaining('body/urls')])
  })

  it.each(['localhost', '127.0.0.1'])('still refuses another loopback server named %s', async (name) => {
    const origin = `http://localhost:${port()}`
    await api(host, '/api/discover', { urls: [origin] })
    const response = await fetch(`${origin}/workbench/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify({
        protocol: 'rest',
        url: origin,
        service: 'Default',
        method: 'get_health',
        messages: [{}],
        serverUrl: `http://${name}:${(spy.address() as AddressInfo).port}`,
      }),
    })
    expect(await response.text()).toContain('blocked_target')
    expect(spyHits).toEqual([])
  })
})

describe('an Express host with a body parser mounted before the workbench', () => {
  let host: ExpressHost
  beforeAll(async () => {
    host = await startExpressHost(express5 as never, { configDir: configDir(), token, bodyParserFirst: true })
  })
  afterAll(() => host.close())

  it('answers a problem naming the fix instead of hanging, and says it once on the terminal', async () => {
    const written: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk))
      return true
    })
    try {
      for (let n = 0; n < 2; n++) {
        const response = await fetch(`${host.origin}/workbench/api/discover`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-workbench-token': token },
          body: JSON.stringify({ urls: [host.origin] }),
          signal: AbortSignal.timeout(5_000),
        })
        expect(response.status).toBe(500)
        const problem = (await response.json()) as { detail: string; hint: string }
        expect(problem.detail).toContain('body parser')
        expect(problem.hint).toContain('Mount the workbench before your body parsers')
      }
    } finally {
      spy.mockRestore()
    }
    expect(written.filter((line) => line.includes('Mount the workbench before'))).toHaveLength(1)
  })
})
