/**
 * A SignalR hub the embedding Express host serves itself is the host's own origin, which embedded mode always allows:
 * it is discovered and invoked on the host's listener — over every transport, by the host's loopback address and by
 * the public name a TLS-terminating proxy serves the page from (which resolves nowhere here).
 */
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import '../support/express5-in-vitest.js'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'
import type { HubServer } from '@wirebench/demo'
import { mountBehindProxy, proxiedPost, useConfigDir, workbenchPost } from './support/embed-host.js'

const token = 'embedded-signalr-host-token-0123456789abcdef0123456789abcdef'
const publicName = 'app.example.test'
const configDir = useConfigDir('signalr-host')

describe('an Express host serving its own SignalR hub', () => {
  let host: HubServer

  beforeAll(async () => {
    const app = express()
    await mountBehindProxy(app, { configDir: configDir(), token, publicName })
    // One http server for the hub (at /hubs/test) and the app (everything else, the workbench among it).
    host = await startTestHubServer(
      {},
      {
        intercept: (request, response) => {
          if (request.url?.startsWith('/hubs/') === true) return false
          app(request as never, response as never)
          return true
        },
      },
    )
  })
  afterAll(async () => host.close())

  it.each(['WebSockets', 'ServerSentEvents', 'LongPolling'])(
    'discovers and invokes it by the host’s loopback address over %s',
    async (transport) => {
      const url = host.url('/hubs/test')
      const found = await workbenchPost<DiscoverResponse>(
        host.origin,
        '/api/discover',
        { urls: [`signalr@${url}`] },
        {
          token,
        },
      )
      expect(found.attempts.filter((a) => a.pluginId === 'signalr').map((a) => a.message ?? a.outcome)).toEqual(['ok'])
      const called = await workbenchPost<InvokeResult>(
        host.origin,
        '/api/invoke',
        {
          protocol: 'signalr',
          url,
          service: 'test',
          method: 'invoke',
          messages: [{ target: 'Echo', arguments: ['hi'], transport }],
        },
        { token },
      )
      expect(called.response).toBe('hi')
    },
  )

  it('invokes it by the proxy’s public name on the host listener, keeping that Host', async () => {
    const url = `https://${publicName}/hubs/test`
    const answer = await proxiedPost(
      host.origin,
      '/api/invoke',
      JSON.stringify({
        protocol: 'signalr',
        url,
        service: 'test',
        method: 'invoke',
        messages: [{ target: 'WhoAmI', arguments: [], transport: 'WebSockets' }],
      }),
      { token },
    )
    expect(answer.status, answer.body).toBe(200)
    const seen = (JSON.parse(answer.body) as InvokeResult).response as { headers?: Record<string, string> }
    expect(seen.headers?.['host']).toBe(publicName)
  })
})
