/**
 * Embedded mode in Express 4 and 5 hosts: discovery of the host's origin lists the router stack (nested routers,
 * mount paths, `app.route()` chains, parameters) compared with the route table the host was built from; calls reach the
 * handlers over loopback HTTP to the host's listener; the live WebSocket opens under the prefix.
 */
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express5 from 'express'
import express4 from 'express4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_PROTOCOL } from '@wirebench/core'
import { expressRoutes, startExpressHost } from '../servers/embed/express-host.js'
import { connectLive, liveUrl, refusedStatus } from '../servers/live/live-client.js'
import type { ExpressApp, ExpressHost, ExpressModule, ExpressRouter } from '../servers/embed/express-host.js'
import { listedMethods as listed, proxiedPost, useConfigDir, workbenchPost } from './support/embed-host.js'

const token = 'embedded-express-token-0123456789abcdef0123456789abcdef'
const configDir = useConfigDir('express')

/** A discovery as a TLS-terminating proxy in front of the host forwards it. */
function proxiedDiscover(host: ExpressHost): Promise<{ status: number; body: string }> {
  return proxiedPost(host.origin, '/api/discover', '{"urls":[]}', { token })
}

/** The mounted workbench's API as the page calls it. */
function api<T>(host: { origin: string }, path: string, body: unknown): Promise<T> {
  return workbenchPost<T>(host.origin, path, body, { token })
}

/** This test's own reading of the route table: SPEC.md's embedded column for routes with no declared metadata. */
function expected(): string[] {
  return expressRoutes
    .map(([verb, mount, path]) => {
      const full = `${mount}${path}`.replace(/:(\w+)/g, '{$1}')
      const name = `${verb}_${full}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
      const params = [...full.matchAll(/\{(\w+)\}/g)].map((m) => `${m[1]}:path:required`)
      return `${mount.slice(1) || 'Default'} ${name} ${verb.toUpperCase()} ${full} [${params.join(',')}]`
    })
    .sort()
}

type Verb = (path: string, handler: unknown) => void
const verb = (router: ExpressRouter, name: string): Verb => (router[name] as Verb).bind(router)
const allVerbs = (path: string): string[] =>
  ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'].map((v) => `Default ${v.toLowerCase()}_anything ${v} ${path} []`)

/** Routes in each version's own syntax: constraints, optional parameters, wildcards, a mount path with a parameter. */
const extensions = {
  'Express 4': (app: ExpressApp, express: ExpressModule, echo: unknown) => {
    const x = express.Router()
    verb(x, 'get')('/items/:id(\\d+)', echo)
    verb(x, 'get')('/opt/:maybe?', echo)
    const admin = express.Router({ mergeParams: true })
    verb(admin, 'get')('/audit/:year', echo)
    x.use('/tenants/:tenant/admin', admin)
    app.use('/x', x)
    verb(app, 'all')('/anything', echo)
  },
  'Express 5': (app: ExpressApp, express: ExpressModule, echo: unknown) => {
    const x = express.Router()
    verb(x, 'get')('/opt{/:maybe}', echo)
    verb(x, 'get')('/files/*rest', echo)
    const admin = express.Router({ mergeParams: true })
    verb(admin, 'get')('/audit/:year', echo)
    x.use('/tenants/:tenant/admin', admin)
    app.use('/x', x)
    verb(app, 'all')('/anything', echo)
  },
}
const tenantAudit =
  'x/tenants/{tenant}/admin get_x_tenants_tenant_admin_audit_year GET /x/tenants/{tenant}/admin/audit/{year} [tenant:path:required,year:path:required]'
const extensionLines = {
  'Express 4': [
    'x get_x_items_id GET /x/items/{id} [id:path:required]',
    'x get_x_opt_maybe GET /x/opt/{maybe} [maybe:path:required]',
    tenantAudit,
    ...allVerbs('/anything'),
  ],
  'Express 5': [
    'x get_x_opt_maybe GET /x/opt/{maybe} [maybe:path:required]',
    'x get_x_files_rest GET /x/files/{rest} [rest:path:required]',
    tenantAudit,
    ...allVerbs('/anything'),
  ],
}

describe.each([
  ['Express 4' as const, express4],
  ['Express 5' as const, express5],
])('%s host', (label, express) => {
  let host: ExpressHost
  beforeAll(async () => {
    host = await startExpressHost(express as never, {
      configDir: configDir(),
      token,
      extend: extensions[label],
      allowedHosts: ['app.example.test'],
    })
  })
  afterAll(() => host.close())

  it('ignores forwarded headers when the host does not trust its proxy', async () => {
    const response = await proxiedDiscover(host)
    expect([response.status, response.body]).toEqual([403, expect.stringContaining('Cross-origin')])
  })

  it('lists the router stack: nested routers under their mount paths, route chains, parameters', async () => {
    const answer = await api<DiscoverResponse>(host, '/api/discover', { urls: [host.origin] })
    expect(listed(answer)).toEqual([...expected(), ...extensionLines[label]].sort())
    expect(answer.services.every((s) => s.source === 'embedded')).toBe(true)
    expect(host.hits).toEqual([])
  })

  it('calls a host route over loopback with its path, query and headers', async () => {
    await api(host, '/api/discover', { urls: [host.origin] })
    const result = await api<InvokeResult>(host, '/api/invoke', {
      protocol: 'rest',
      url: host.origin,
      service: 'api/admin',
      method: 'get_api_admin_audit_year_month',
      messages: [{ year: '2026', month: '11' }],
      metadata: { 'x-trace': 't-1' },
    })
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({
      method: 'GET',
      url: '/api/admin/audit/2026/11',
      params: { year: '2026', month: '11' },
      headers: { 'x-trace': 't-1' },
    })
  })

  it("opens the live WebSocket under the prefix through the host's own server, behind the same gates", async () => {
    // The page load is what lets the workbench learn the host's server.
    await api(host, '/api/discover', { urls: [host.origin] })
    const url = liveUrl(host.origin, '/workbench')
    const client = await connectLive(url, { token })
    expect(client.socket.protocol).toBe(LIVE_PROTOCOL)
    await client.close()
    expect(await refusedStatus(url, { token: 'wrong-token-0123456789abcdef0123456789abcdef' })).toBe(401)
    // Upgrades outside the prefix stay the host's: with no handler of its own they are answered, not left hanging.
    expect(await refusedStatus(liveUrl(host.origin, '/elsewhere'), { token })).toBe(404)
  })
})
