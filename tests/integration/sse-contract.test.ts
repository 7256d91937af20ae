/** The shared protocol contract, run for the SSE plugin against the sequence-numbered event server. */
import { createSsePlugin } from '@wirebench/protocol-sse'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'

interface HeaderEcho {
  headers: Record<string, unknown>
  url: string
}

function echoOf(response: unknown): HeaderEcho {
  return ((response as { data: unknown }[])[0] as { data: HeaderEcho }).data
}

runProtocolContract({
  name: 'sse',
  claims: { serverStreaming: true, channels: false },
  createPlugin: () => createSsePlugin(),
  async startFixture() {
    const server = await startSequenceServer()
    const closed = await startSequenceServer()
    await closed.close()
    const eventsUrl = server.url('/events?count=3')
    return {
      discovery: { kind: 'url', url: eventsUrl },
      callTarget: eventsUrl,
      unary: { service: 'events', method: 'subscribe', messages: [{}] },
      slow: { service: 'events', method: 'subscribe', messages: [{}], serverUrl: server.url('/slow') },
      failing: {
        call: { service: 'events', method: 'subscribe', messages: [{}], serverUrl: server.url('/missing') },
        status: 'NotFound',
      },
      headerEcho: {
        call: { service: 'events', method: 'subscribe', messages: [{}], serverUrl: server.url('/headers') },
        headersOf: (result) => echoOf(result.response).headers,
        urlOf: (result) => echoOf(result.response).url,
      },
      serverStream: { call: { service: 'events', method: 'subscribe', messages: [{}] }, count: 3 },
      unreachable: { kind: 'url', url: closed.url('/events') },
      openConnections: () => server.openConnections(),
      close: () => server.close(),
    }
  },
})
