/**
 * The shared protocol contract, run for the REST plugin against a self-documenting Fastify app whose `ticks`
 * operation answers text/event-stream (server streaming) beside plain JSON operations.
 */
import { createRestPlugin } from '@wirebench/protocol-rest'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startStaticServer } from '../servers/rest/static-server.js'
import { startEventsApp } from '../servers/sse/openapi-events-app.js'
import type { EventsAppReceived } from '../servers/sse/openapi-events-app.js'

runProtocolContract({
  name: 'rest',
  claims: { serverStreaming: true, channels: false },
  createPlugin: () => createRestPlugin(),
  async startFixture() {
    const app = await startEventsApp()
    const closed = await startStaticServer()
    await closed.close()
    return {
      discovery: { kind: 'url', url: app.jsonUrl },
      callTarget: app.jsonUrl,
      unary: { service: 'items', method: 'getItem', messages: [{ id: '1' }] },
      slow: { service: 'misc', method: 'slow', messages: [{ ms: 3_000 }] },
      failing: { call: { service: 'misc', method: 'teapot', messages: [{}] }, status: 'FailedPrecondition' },
      headerEcho: {
        call: { service: 'items', method: 'getItem', messages: [{ id: '2' }] },
        headersOf: (result) => (result.response as EventsAppReceived).headers,
        urlOf: (result) => (result.response as EventsAppReceived).url,
      },
      serverStream: { call: { service: 'events', method: 'ticks', messages: [{ count: 4 }] }, count: 4 },
      unreachable: { kind: 'url', url: `${closed.origin}/openapi.json` },
      openConnections: () => app.openConnections(),
      close: () => app.close(),
    }
  },
})
