/** The shared protocol contract, run for the REST plugin against the self-documenting Fastify app. */
import { createRestPlugin } from '@wirebench/protocol-rest'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startFastifyApp } from '../servers/rest/fastify-app.js'
import type { Received } from '../servers/rest/fastify-app.js'
import { startStaticServer } from '../servers/rest/static-server.js'

runProtocolContract({
  name: 'rest',
  claims: { serverStreaming: false, channels: false },
  createPlugin: () => createRestPlugin(),
  async startFixture() {
    const app = await startFastifyApp()
    const closed = await startStaticServer()
    await closed.close()
    return {
      discovery: { kind: 'url', url: app.jsonUrl },
      callTarget: app.jsonUrl,
      unary: { service: 'pets', method: 'getPet', messages: [{ id: '1' }] },
      slow: { service: 'misc', method: 'slow', messages: [{ ms: 3_000 }] },
      failing: { call: { service: 'misc', method: 'teapot', messages: [{}] }, status: 'FailedPrecondition' },
      headerEcho: {
        call: { service: 'pets', method: 'getPet', messages: [{ id: '2' }] },
        headersOf: (result) => (result.response as Received).headers,
        urlOf: (result) => (result.response as Received).url,
      },
      unreachable: { kind: 'url', url: `${closed.origin}/openapi.json` },
      openConnections: () =>
        new Promise<number>((resolve, reject) =>
          app.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        ),
      close: () => app.close(),
    }
  },
})
