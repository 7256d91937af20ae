/**
 * GraphQL through the standalone server's routes with its default plugins: `/api/discover` (the fan-out lists the
 * yoga endpoint under graphql), `/api/invoke`, `/api/schema`, and a subscription over the live WebSocket.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildClientSchema } from 'graphql'
import type { IntrospectionQuery } from 'graphql'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse, InvokeResult, SchemaDocumentResponse, StreamFrame } from '@wirebench/core'
import { createStandaloneServer } from '@wirebench/server'
import type { StandaloneServer } from '@wirebench/server'
import { startYogaServer } from '../servers/graphql/yoga-server.js'
import type { YogaServer } from '../servers/graphql/yoga-server.js'
import { connectLive, isOp, liveUrl } from '../servers/live/live-client.js'

describe('GraphQL through the workbench routes', () => {
  let yoga: YogaServer
  let wb: StandaloneServer
  let base: string
  let configDir: string
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token!, ...init.headers },
    })

  beforeAll(async () => {
    yoga = await startYogaServer()
    configDir = await mkdtemp(join(tmpdir(), 'wb-graphql-'))
    wb = await createStandaloneServer({ port: 0, configDir, uiDir: null, logLevel: false })
    base = await wb.listen()
  })
  afterAll(async () => {
    await wb.close()
    await yoga.close()
    await rm(configDir, { recursive: true, force: true })
  })

  it('discovers the endpoint in the fan-out under graphql', async () => {
    const response = await api('/api/discover', { method: 'POST', body: JSON.stringify({ urls: [yoga.url] }) })
    expect(response.status).toBe(200)
    const body = (await response.json()) as DiscoverResponse
    const graphqlServices = body.services.filter((s) => s.protocol === 'graphql')
    expect(graphqlServices.map((s) => s.name)).toEqual(['Query', 'Mutation', 'Subscription'])
    const graphql = body.attempts.find((a) => a.pluginId === 'graphql')
    expect(graphql).toMatchObject({ outcome: 'ok', servicesFound: 3 })
  })

  it('invokes a query and serves the SDL of the discovered endpoint', async () => {
    const invoked = await api('/api/invoke', {
      method: 'POST',
      body: JSON.stringify({
        protocol: 'graphql',
        url: yoga.url,
        service: 'Query',
        method: 'shapes',
        messages: [{ variables: { filter: { colors: ['RED'] } } }],
      }),
    })
    expect(invoked.status).toBe(200)
    const result = (await invoked.json()) as InvokeResult
    expect(result.status).toBe('OK')
    expect(result.response).toMatchObject({ data: { shapes: [{ id: 's1', color: 'RED' }] } })

    const schema = await api(`/api/schema?protocol=graphql&url=${encodeURIComponent(yoga.url)}`)
    expect(schema.status).toBe(200)
    const document = (await schema.json()) as SchemaDocumentResponse
    expect(document.format).toBe('graphql-introspection')
    const introspection = JSON.parse(document.text) as IntrospectionQuery
    expect(buildClientSchema(introspection).getSubscriptionType()?.name).toBe('Subscription')
  })

  it('streams a subscription over the live WebSocket', async () => {
    const client = await connectLive(liveUrl(base), { token: wb.token })
    try {
      client.send({
        op: 'stream.open',
        id: 'g',
        protocol: 'graphql',
        url: yoga.url,
        service: 'Subscription',
        method: 'countdown',
        messages: [{ variables: { from: 2 } }],
      })
      const closed = await client.waitFor(isOp('closed', 'g'))
      expect(closed.problem).toBeUndefined()
      const frames: StreamFrame[] = client.frames('g').map((f) => f.frame)
      expect(frames[0]).toMatchObject({ type: 'headers' })
      expect(frames.filter((f) => f.type === 'message').map((f) => f.type === 'message' && f.data)).toEqual([
        { data: { countdown: 2 } },
        { data: { countdown: 1 } },
        { data: { countdown: 0 } },
      ])
      expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    } finally {
      await client.close()
    }
  })
})
