import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import type { DiscoverResponse, ProtocolPlugin, ServiceInfo } from '@wirebench/core'
import { createHarness } from '../test-support/harness.test-helpers.js'
import type { Harness } from '../test-support/harness.test-helpers.js'

/** A plugin that lists one service at every URL whose path starts with `prefix`. */
function lister(id: string, prefix: string, defersTo?: string[]): ProtocolPlugin {
  const service = (url: string): ServiceInfo => ({
    name: `${id}-service`,
    package: '',
    methods: [],
    source: id,
    isUploaded: false,
    protocol: id,
    originUrl: url,
  })
  return {
    id,
    name: id.toUpperCase(),
    ...(defersTo ? { defersTo } : {}),
    discover: (target) =>
      target.kind === 'url' && new URL(target.url).pathname.startsWith(prefix)
        ? Promise.resolve([service(target.url)])
        : Promise.reject(new WorkbenchError('no_services', 'not mine')),
    invoke: () => Promise.reject(new WorkbenchError('unsupported', 'no calls')),
  }
}

describe('POST /api/discover with plugins that defer to others', () => {
  let h: Harness
  beforeAll(async () => {
    // `events` lists /graphql and /feed alike (as the SSE plugin lists a yoga endpoint) but defers to `gql`.
    h = await createHarness({ plugins: [lister('gql', '/graphql'), lister('events', '/', ['gql'])] })
  })
  afterAll(() => h.close())

  const discover = async (urls: string[]) =>
    (
      await h.app.inject({ method: 'POST', url: '/api/discover', headers: h.headers, payload: { urls } })
    ).json<DiscoverResponse>()

  it('lists a URL only under the plugin deferred to, and says so in the deferring attempt', async () => {
    const body = await discover(['http://127.0.0.1:9/graphql', 'http://127.0.0.1:9/feed'])
    expect(body.services.map((s) => [s.protocol, s.originUrl])).toEqual([
      ['gql', 'http://127.0.0.1:9/graphql'],
      ['events', 'http://127.0.0.1:9/feed'],
    ])
    const deferred = body.attempts.find((a) => a.pluginId === 'events' && a.url === 'http://127.0.0.1:9/graphql')
    expect(deferred).toMatchObject({
      outcome: 'empty',
      servicesFound: 0,
      message: expect.stringMatching(/Listed under GQL/),
    })
  })

  it('still lists the deferring plugin when it is pinned', async () => {
    const body = await discover(['events@http://127.0.0.1:9/graphql'])
    expect(body.services.map((s) => s.protocol)).toEqual(['events'])
  })
})
