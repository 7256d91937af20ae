/** The shared protocol contract, run for the GraphQL plugin against a graphql-yoga server. */
import type { InvokeResult } from '@wirebench/core'
import { createGraphqlPlugin } from '@wirebench/protocol-graphql'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startYogaServer } from '../servers/graphql/yoga-server.js'

const query = 'Query'

runProtocolContract({
  name: 'graphql',
  claims: { serverStreaming: true, channels: false },
  createPlugin: () => createGraphqlPlugin(),
  async startFixture() {
    const server = await startYogaServer()
    const closed = await startYogaServer()
    await closed.close()
    const data = (result: InvokeResult): Record<string, unknown> =>
      (result.response as { data: Record<string, unknown> }).data
    return {
      discovery: { kind: 'url', url: server.url },
      callTarget: server.url,
      unary: { service: query, method: 'hello', messages: [{ variables: { name: 'contract' } }] },
      slow: { service: query, method: 'slow', messages: [{ variables: { ms: 3_000 } }] },
      failing: { call: { service: query, method: 'forbidden', messages: [{}] }, status: 'PermissionDenied' },
      headerEcho: {
        call: { service: query, method: 'echoHeaders', messages: [{ query: '{ echoHeaders requestUrl }' }] },
        headersOf: (result) => data(result).echoHeaders as Record<string, unknown>,
        urlOf: (result) => data(result).requestUrl as string,
      },
      serverStream: {
        call: { service: 'Subscription', method: 'countdown', messages: [{ variables: { from: 3 } }] },
        count: 4,
      },
      unreachable: { kind: 'url', url: closed.url },
      openConnections: () => Promise.resolve(server.openConnections()),
      close: () => server.close(),
    }
  },
})
