/**
 * Discovery never changes a server: an unpinned discovery of a json-server collection through the real workbench,
 * with every plugin, leaves its database as it was (json-server creates a record for any POST to `/posts`), and so
 * does one of a collection whose GET error echoes the probe's own parameter names (X/Twitter API v2's wording), while
 * GraphQL servers no one here wrote — Apollo Server 5 with its CSRF prevention on, Mercurius, GraphQL Yoga — are still
 * discovered unpinned; a pinned `graphql@` URL may be introspected by POST. SignalR negotiates (a POST) only after a
 * GET of the hub URL answered ASP.NET Core's 400 "Connection ID required": a json-server whose `negotiate` collection
 * takes a POST to `/negotiate` keeps its records, and a hub is listed once, as SignalR.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse } from '@wirebench/core'
import { startApolloServer } from '../servers/graphql/apollo-server.js'
import type { ApolloTestServer } from '../servers/graphql/apollo-server.js'
import { startMercuriusServer } from '../servers/graphql/mercurius-server.js'
import type { MercuriusTestServer } from '../servers/graphql/mercurius-server.js'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'
import { startJsonServer } from '../servers/rest/json-server.js'
import type { JsonServer } from '../servers/rest/json-server.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

describe('discovery without side effects', () => {
  let rest: JsonServer
  let apollo: ApolloTestServer
  let mercurius: MercuriusTestServer
  let yoga: YogaServer
  let wb: TestWorkbench

  const discover = async (urls: string[]): Promise<DiscoverResponse> => {
    const response = await wb.api('/api/discover', { body: { urls } })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }

  beforeAll(async () => {
    ;[rest, apollo, mercurius, yoga, wb] = await Promise.all([
      startJsonServer(),
      startApolloServer(),
      startMercuriusServer(),
      startYogaServer(),
      startWorkbench(),
    ])
  })
  afterAll(async () => {
    await Promise.all([wb.close(), rest.close(), apollo.close(), mercurius.close(), yoga.close()])
  })

  it('leaves a json-server collection unchanged when every plugin probes it unpinned', async () => {
    const before = rest.counts()
    const discovered = await discover([`${rest.base}/posts`])
    expect(discovered.services).toEqual([])
    expect(discovered.attempts.length).toBeGreaterThanOrEqual(5)
    expect(rest.counts()).toEqual(before)
    // What reached the REST server: reads, and gRPC reflection calls on reflection's own path (which json-server refuses).
    const writes = rest.requests().filter((r) => !/^(GET|HEAD) /.test(r))
    expect(writes.every((r) => r.includes('/grpc.reflection.'))).toBe(true)
    const graphql = discovered.attempts.find((a) => a.pluginId === 'graphql')
    expect(graphql).toMatchObject({ outcome: 'empty' })
    expect(graphql?.hint).toContain(`graphql@${rest.base}/posts`)
  })

  it('discovers Apollo Server 5 (CSRF prevention on) unpinned, by GET alone', async () => {
    const discovered = await discover([apollo.url])
    const graphql = discovered.services.filter((s) => s.protocol === 'graphql')
    expect(graphql.map((s) => s.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    expect(apollo.requests().filter((r) => r.endsWith('/graphql'))).not.toContain('POST /graphql')
  })

  it('falls back to POST when the GET answer is a GraphQL error (Apollo refusing the GET as CSRF)', async () => {
    const strict = await startApolloServer({ csrfRequestHeaders: ['x-my-app'] })
    try {
      const discovered = await discover([strict.url])
      expect(discovered.services.filter((s) => s.protocol === 'graphql')).toHaveLength(3)
      // The other plugins' probes reach it too (REST and SSE GETs, gRPC reflection on its own path); one POST follows.
      expect(strict.requests().filter((r) => r === 'POST /graphql')).toHaveLength(1)
    } finally {
      await strict.close()
    }
  })

  it('sends no POST to a REST API whose GET error merely mentions a query parameter', async () => {
    const seen: string[] = []
    const api = createServer((request, response) => {
      seen.push(`${request.method ?? ''} ${(request.url ?? '').split('?')[0] ?? ''}`)
      const unknown = (request.url ?? '').includes('?') ? 'query' : undefined
      response.writeHead(unknown ? 400 : 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(unknown ? { errors: [{ message: `Unknown query parameter: ${unknown}` }] } : []))
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/items`
      const discovered = await discover([url])
      expect(discovered.services).toEqual([])
      expect(seen.filter((r) => r.startsWith('POST') && !r.includes('/grpc.reflection.'))).toEqual([])
    } finally {
      await new Promise<void>((resolve) => api.close(() => resolve()))
    }
  })

  it('sends no POST to a collection whose GET error names the probe parameters (X/Twitter API v2 wording)', async () => {
    const seen: string[] = []
    const created: string[] = []
    // X's API v2 refuses unknown query parameters by name, and creates a post for every POST to /2/tweets.
    const api = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://x')
        seen.push(`${request.method ?? ''} ${url.pathname}`)
        const json = (status: number, value: unknown): void => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
          response.end(JSON.stringify(value))
        }
        if (url.pathname !== '/2/tweets') return json(404, { title: 'Not Found Error', type: 'about:blank' })
        if (request.method === 'POST') {
          created.push(body)
          return json(201, { data: { id: String(created.length), text: body.slice(0, 40) } })
        }
        if (request.method !== 'GET') return json(405, { title: 'Method Not Allowed' })
        const unknown = [...url.searchParams.keys()].filter((k) => k !== 'max_results').sort()
        if (unknown.length === 0) return json(200, { data: [], meta: { result_count: 0 } })
        return json(400, {
          errors: unknown.map((name) => ({
            parameters: { [name]: [url.searchParams.get(name)] },
            message: `The query parameter [${name}] is not one of [ids,max_results,pagination_token]`,
          })),
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.twitter.com/2/problems/invalid-request',
        })
      })
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/2/tweets`
      const discovered = await discover([url])
      expect(discovered.services).toEqual([])
      expect(created).toEqual([])
      expect(seen.filter((r) => r.startsWith('POST') && !r.includes('/grpc.reflection.'))).toEqual([])
      // Its GET answer is not taken for a GraphQL error either: the probe stands back and says how to pin.
      const graphql = discovered.attempts.find((a) => a.pluginId === 'graphql')
      expect(graphql).toMatchObject({ outcome: 'empty' })
      expect(graphql?.hint).toContain(`graphql@${url}`)
    } finally {
      await new Promise<void>((resolve) => api.close(() => resolve()))
    }
  })

  it('discovers GraphQL Yoga unpinned', async () => {
    const discovered = await discover([yoga.url])
    const graphql = discovered.services.filter((s) => s.protocol === 'graphql')
    expect(graphql.map((s) => s.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    expect(discovered.attempts.find((a) => a.pluginId === 'graphql')).toMatchObject({ outcome: 'ok' })
  })

  it('discovers Mercurius unpinned', async () => {
    const discovered = await discover([mercurius.url])
    const graphql = discovered.services.filter((s) => s.protocol === 'graphql')
    expect(graphql.map((s) => s.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    expect(mercurius.requests()).not.toContain('POST /graphql')
  })

  it('introspects a pinned graphql@ URL by POST', async () => {
    const discovered = await discover([`graphql@${mercurius.url}`])
    expect(discovered.attempts).toEqual([expect.objectContaining({ pluginId: 'graphql', outcome: 'ok' })])
    expect(mercurius.requests()).toContain('POST /graphql')
  })

  it('sends no negotiate POST to a REST server, even where POST …/negotiate would create a record', async () => {
    const trap = await startJsonServer({ negotiate: [{ id: 1, note: 'a POST here creates a record' }] })
    try {
      const before = trap.counts()
      const discovered = await discover([trap.base, `${trap.base}/`, `${trap.base}/posts`])
      expect(trap.counts()).toEqual(before)
      expect(trap.requests().filter((r) => r.includes('negotiate'))).toEqual([])
      const signalr = discovered.attempts.filter((a) => a.pluginId === 'signalr')
      expect(signalr).toHaveLength(3)
      expect(signalr.every((a) => a.outcome === 'empty')).toBe(true)
    } finally {
      await trap.close()
    }
  })

  it('lists a SignalR hub once, as SignalR: REST, SSE and WebSocket stand back at its http and ws URLs', async () => {
    const hub = await startTestHubServer()
    try {
      const http = hub.url('/hubs/test')
      const ws = http.replace(/^http/, 'ws')
      const discovered = await discover([http, ws])
      expect(discovered.services.map((s) => [s.protocol, s.name, s.originUrl])).toEqual([
        ['signalr', 'test', http],
        ['signalr', 'test', ws],
      ])
      const websocket = discovered.attempts.find((a) => a.pluginId === 'websocket' && a.url === ws)
      expect(websocket).toMatchObject({
        outcome: 'empty',
        message: expect.stringMatching(/Listed under SignalR/) as unknown,
      })
      // The probe negotiated once per URL, after its GET matched.
      expect(hub.endpoint('/hubs/test').stats.negotiates).toBe(2)
    } finally {
      await hub.close()
    }
  })
})
