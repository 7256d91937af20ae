/**
 * Auth markers the GraphQL plugin cannot honour are refused, never dropped: a SigV4 marker fails discovery, queries
 * and subscriptions with `unsupported` before anything is sent unsigned.
 */
import { describe, expect, it } from 'vitest'
import { SIGV4_MARKER, WorkbenchError } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { testContext } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

const sigv4 = {
  [SIGV4_MARKER]: JSON.stringify({
    accessKey: 'AKIDEXAMPLE',
    secretKey: 'secret',
    region: 'us-east-1',
    service: 'appsync',
  }),
}

describe('GraphQL calls with a SigV4 marker', () => {
  const setup = yogaPluginSetup()

  const expectUnsupported = (error: unknown) => {
    expect(WorkbenchError.is(error, 'unsupported')).toBe(true)
    expect((error as WorkbenchError).message).toContain('SigV4')
    expect((error as WorkbenchError).message).not.toContain('secret')
  }

  it('refuses discovery', async () => {
    const fresh = createGraphqlPlugin()
    try {
      expectUnsupported(
        await fresh
          .discover({ kind: 'url', url: setup.yoga.url }, testContext({ metadata: sigv4 }))
          .catch((e: unknown) => e),
      )
    } finally {
      await fresh.dispose?.()
    }
  })

  it('refuses a query instead of sending it unsigned', async () => {
    const call = { target: setup.yoga.url, service: 'Query', method: 'shape', messages: [{ variables: { id: 's1' } }] }
    expectUnsupported(await setup.plugin.invoke(call, testContext({ metadata: sigv4 })).catch((e: unknown) => e))
  })

  for (const transport of ['graphql-ws', 'graphql-sse'] as const) {
    it(`refuses a subscription over ${transport}`, async () => {
      const call = {
        target: setup.yoga.url,
        service: 'Subscription',
        method: 'countdown',
        messages: [{ variables: { from: 1 }, subscriptionTransport: transport }],
      }
      const frames: StreamFrame[] = []
      const error = await (async () => {
        for await (const frame of setup.plugin.invokeStream!(call, testContext({ metadata: sigv4 }))) frames.push(frame)
      })().catch((e: unknown) => e)
      expectUnsupported(error)
      expect(frames).toEqual([])
    })
  }
})
