/**
 * Discovery never changes a server: an unpinned discovery of a json-server collection through the real workbench,
 * with every plugin, leaves its database as it was (json-server creates a record for any POST to `/posts`), while
 * GraphQL servers no one here wrote — Apollo Server 5 with its CSRF prevention on, Mercurius — are still discovered
 * unpinned; a pinned `graphql@` URL may be introspected by POST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DiscoverResponse } from '@wirebench/core'
import { startApolloServer } from '../servers/graphql/apollo-server.js'
import type { ApolloTestServer } from '../servers/graphql/apollo-server.js'
import { startMercuriusServer } from '../servers/graphql/mercurius-server.js'
import type { MercuriusTestServer } from '../servers/graphql/mercurius-server.js'
import { startJsonServer } from '../servers/rest/json-server.js'
import type { JsonServer } from '../servers/rest/json-server.js'
import { startWorkbench } from '../servers/token/workbench.js'
import type { TestWorkbench } from '../servers/token/workbench.js'

describe('discovery without side effects', () => {
  let rest: JsonServer
  let apollo: ApolloTestServer
  let mercurius: MercuriusTestServer
  let wb: TestWorkbench

  const discover = async (urls: string[]): Promise<DiscoverResponse> => {
    const response = await wb.api('/api/discover', { body: { urls } })
    expect(response.status).toBe(200)
    return (await response.json()) as DiscoverResponse
  }

  beforeAll(async () => {
    ;[rest, apollo, mercurius, wb] = await Promise.all([
      startJsonServer(),
      startApolloServer(),
      startMercuriusServer(),
      startWorkbench(),
    ])
  })
  afterAll(async () => {
    await Promise.all([wb.close(), rest.close(), apollo.close(), mercurius.close()])
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
})
