/**
 * SECURITY.md's embedded defaults, each against a real Fastify host on 127.0.0.1:0, with spies proving a refusal
 * reached nothing: the production guard, `authorize` before every route, asset and upgrade, host cookies never
 * authorizing, private targets refused unless listed, forwarded headers ignored, no escape from the prefix, no stdio
 * MCP server started unless the host opts in.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest } from 'node:http'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DiscoverResponse } from '@wirebench/core'
import { wirebench } from '@wirebench/embed'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const token = 'embedded-security-token-0123456789abcdef0123456789abcdef'
let configDir: string
let uiDir: string

beforeAll(async () => {
  configDir = await mkdtemp(join(tmpdir(), 'wb-embed-sec-'))
  uiDir = join(configDir, 'ui')
  await mkdir(join(uiDir, 'assets'), { recursive: true })
  await writeFile(join(uiDir, 'index.html'), '<!doctype html><html><head></head><body>ui</body></html>')
  await writeFile(join(uiDir, 'assets', 'app.js'), 'console.log(1)')
  await writeFile(join(configDir, 'secret.txt'), 'TOP-SECRET')
})

afterAll(async () => {
  await rm(configDir, { recursive: true, force: true })
})

interface Host {
  app: FastifyInstance
  port: number
  secretHits: number
  close(): Promise<void>
}

async function startHost(options: Record<string, unknown> = {}): Promise<Host> {
  const app = Fastify()
  await app.register(wirebench, { prefix: '/workbench', configDir, uiDir, token, announce: false, ...options })
  const host: Host = { app, port: 0, secretHits: 0, close: () => app.close() }
  app.get('/secret', () => {
    host.secretHits++
    return 'host secret'
  })
  app.post('/orders', () => {
    host.secretHits++
    return { ok: true }
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  host.port = typeof address === 'object' && address !== null ? address.port : 0
  return host
}

/** A raw request: the path goes out byte for byte (no client-side `..` folding). */
function raw(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('upgrade', (res, socket) => {
      socket.destroy()
      resolve({ status: res.statusCode ?? 101, body: '' })
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

const json = (port: number, extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  host: `127.0.0.1:${port}`,
  'x-workbench-token': token,
  ...extra,
})

describe('production guard', () => {
  const previous = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = previous
  })

  it('refuses to mount under NODE_ENV=production without allowInProduction and authorize', async () => {
    process.env.NODE_ENV = 'production'
    for (const options of [{}, { allowInProduction: true }, { authorize: () => true }]) {
      const app = Fastify()
      await expect(
        app.register(wirebench, { configDir, uiDir: null, announce: false, ...options }).ready(),
      ).rejects.toThrow(/allowInProduction: true and an authorize\(request\) hook/)
      await app.close()
    }
  })

  it('mounts under NODE_ENV=production with both', async () => {
    process.env.NODE_ENV = 'production'
    const app = Fastify()
    await app
      .register(wirebench, { configDir, uiDir: null, announce: false, allowInProduction: true, authorize: () => true })
      .ready()
    await app.close()
  })
})

describe('authorize', () => {
  let host: Host
  const seen: string[] = []
  beforeAll(async () => {
    host = await startHost({
      authorize: (request: FastifyRequest) => {
        seen.push(request.url)
        if (request.headers['x-boom'] !== undefined) throw new Error('boom')
        return request.headers.cookie === 'session=admin'
      },
    })
  })
  afterAll(() => host.close())

  it('runs before the page, assets, API and the live upgrade, answering 403 on false', async () => {
    const port = host.port
    const h = { host: `127.0.0.1:${port}` }
    expect((await raw(port, '/workbench/', { headers: h })).status).toBe(403)
    expect((await raw(port, '/workbench/assets/app.js', { headers: h })).status).toBe(403)
    expect((await raw(port, '/workbench/oauth-callback', { headers: h })).status).toBe(403)
    const upgrade = await raw(port, '/workbench/api/ws', {
      headers: {
        ...h,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        'sec-websocket-protocol': `wirebench.live.v1, wirebench.token.${token}`,
      },
    })
    expect(upgrade.status).toBe(403)
    const invoke = await raw(port, '/workbench/api/invoke', {
      method: 'POST',
      headers: json(port),
      body: JSON.stringify({
        protocol: 'rest',
        url: `http://127.0.0.1:${port}`,
        service: 'Default',
        method: 'post_orders',
        messages: [{}],
      }),
    })
    expect(invoke.status).toBe(403)
    expect(seen).toEqual(expect.arrayContaining(['/workbench/', '/workbench/assets/app.js', '/workbench/api/ws']))
    expect(host.secretHits).toBe(0)
    // The authorized page loads.
    expect((await raw(port, '/workbench/assets/app.js', { headers: { ...h, cookie: 'session=admin' } })).status).toBe(
      200,
    )
  })

  it('refuses with 403 when the hook throws', async () => {
    const port = host.port
    const page = await raw(port, '/workbench/', {
      headers: { host: `127.0.0.1:${port}`, cookie: 'session=admin', 'x-boom': '1' },
    })
    expect(page.status).toBe(403)
  })

  it("never lets the host's session cookie stand in for the workbench's token", async () => {
    const port = host.port
    const body = JSON.stringify({
      protocol: 'rest',
      url: `http://127.0.0.1:${port}`,
      service: 'Default',
      method: 'post_orders',
      messages: [{}],
    })
    const headers: Record<string, string> = { ...json(port), cookie: 'session=admin' }
    delete headers['x-workbench-token']
    const refused = await raw(port, '/workbench/api/invoke', { method: 'POST', headers, body })
    expect(refused.status).toBe(401)
    expect(host.secretHits).toBe(0)
    const allowed = await raw(port, '/workbench/api/invoke', {
      method: 'POST',
      headers: { ...headers, 'x-workbench-token': token },
      body,
    })
    expect(allowed.status).toBe(200)
    expect(host.secretHits).toBe(1)
  })
})

describe('outbound calls, forwarded headers, prefix escapes, stdio MCP', () => {
  let host: Host
  let other: Server
  let otherPort = 0
  let otherHits = 0
  beforeAll(async () => {
    host = await startHost()
    other = createServer((_req, res) => {
      otherHits++
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify({
          openapi: '3.0.0',
          info: { title: 'other', version: '1' },
          paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } },
        }),
      )
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const address = other.address()
    otherPort = typeof address === 'object' && address !== null ? address.port : 0
  })
  afterAll(async () => {
    await host.close()
    await new Promise((resolve) => other.close(resolve))
  })

  async function discover(app: Host, url: string): Promise<DiscoverResponse> {
    const response = await raw(app.port, '/workbench/api/discover', {
      method: 'POST',
      headers: json(app.port),
      body: JSON.stringify({ urls: [url] }),
    })
    return JSON.parse(response.body) as DiscoverResponse
  }

  it('refuses loopback targets other than the host by default, before any request', async () => {
    const answer = await discover(host, `rest@http://127.0.0.1:${otherPort}/openapi.json`)
    expect(answer.attempts[0]).toMatchObject({ outcome: 'error', code: 'blocked_target' })
    // The refusal names the option that allows the address.
    expect(answer.attempts[0]?.hint).toContain("outboundAllowHosts: ['127.0.0.1']")
    expect(otherHits).toBe(0)
    // The host itself is always reachable.
    const own = await discover(host, `http://127.0.0.1:${host.port}`)
    expect(own.attempts[0]).toMatchObject({ outcome: 'ok' })
  })

  it('reaches a listed private host', async () => {
    const listed = await startHost({ outboundAllowHosts: ['127.0.0.1'] })
    try {
      const answer = await discover(listed, `rest@http://127.0.0.1:${otherPort}/openapi.json`)
      expect(answer.attempts[0]).toMatchObject({ outcome: 'ok' })
      expect(otherHits).toBe(1)
    } finally {
      await listed.close()
    }
  })

  it('ignores X-Forwarded-* when the host does not trust a proxy', async () => {
    const port = host.port
    const spoofed = await raw(port, '/workbench/api/discover', {
      method: 'POST',
      headers: json(port, {
        origin: 'https://public.example',
        'x-forwarded-host': 'public.example',
        'x-forwarded-proto': 'https',
      }),
      body: JSON.stringify({ urls: [] }),
    })
    expect(spoofed.status).toBe(403)
  })

  it('keeps every spelling of .. inside the prefix', async () => {
    const port = host.port
    const h = { host: `127.0.0.1:${port}` }
    for (const path of [
      '/workbench/../secret',
      '/workbench/%2e%2e/secret',
      '/workbench/%2E%2E%2fsecret',
      '/workbench/%252e%252e/secret',
      '/workbench/assets/..%2f..%2fsecret.txt',
      '/workbench/assets/%2e%2e/%2e%2e/secret.txt',
      '/workbench/assets/%252e%252e%252f%252e%252e%252fsecret.txt',
    ]) {
      const answer = await raw(port, path, { headers: h })
      expect(answer.body, path).not.toContain('host secret')
      expect(answer.body, path).not.toContain('TOP-SECRET')
    }
    expect(host.secretHits).toBe(0)
  })

  it('starts no stdio MCP server from the config directory unless the host opts in', async () => {
    const marker = join(configDir, 'spawned.txt')
    await writeFile(
      join(configDir, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          probe: {
            command: process.execPath,
            args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
          },
        },
      }),
    )
    try {
      const listed = await raw(host.port, '/workbench/api/mcp/servers', { headers: json(host.port) })
      expect(JSON.parse(listed.body)).toMatchObject({ servers: [] })
      const answer = await discover(host, 'mcp+stdio://probe')
      expect(answer.services).toEqual([])
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(existsSync(marker)).toBe(false)
    } finally {
      await rm(join(configDir, 'mcp.json'), { force: true })
    }
  })
})
