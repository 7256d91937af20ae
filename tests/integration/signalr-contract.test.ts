/**
 * The shared protocol contract, run for the SignalR plugin against OUR hub server (`@wirebench/demo`'s, written from
 * the SignalR specs and proved with the official client in signalr-fixture.test.ts).
 */
import type { InvokeResult } from '@wirebench/core'
import { createSignalrPlugin } from '@wirebench/protocol-signalr'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startTestHubServer } from '../servers/signalr/test-hubs.js'

const call = (method: string, message: Record<string, unknown>) => ({ service: 'test', method, messages: [message] })

interface WhoAmI {
  headers: Record<string, string>
  url: string
}

runProtocolContract({
  name: 'signalr',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () => createSignalrPlugin(),
  async startFixture() {
    const server = await startTestHubServer()
    const closed = await startTestHubServer()
    await closed.close()
    const hub = server.url('/hubs/test')
    return {
      discovery: { kind: 'url', url: hub },
      callTarget: hub,
      unary: call('invoke', { target: 'Echo', arguments: ['contract'] }),
      slow: call('invoke', { target: 'Slow', arguments: [5_000] }),
      failing: { call: call('invoke', { target: 'Fail' }), status: 'Unknown' },
      headerEcho: {
        call: call('invoke', { target: 'WhoAmI', transport: 'LongPolling' }),
        headersOf: (result: InvokeResult) => (result.response as WhoAmI).headers,
        urlOf: (result: InvokeResult) => (result.response as WhoAmI).url,
      },
      serverStream: { call: call('stream', { target: 'Counter', arguments: [3, 0] }), count: 3 },
      clientStream: {
        call: { service: 'test', method: 'upload', messages: [] },
        messages: [{ target: 'Sum' }, 1, 2, 3],
      },
      duplex: {
        call: { service: 'test', method: 'connection', messages: [] },
        message: (i) => ({ target: 'Echo', arguments: [`m${i}`] }),
      },
      unreachable: { kind: 'url', url: closed.url('/hubs/test') },
      openConnections: () => Promise.resolve(server.endpoint('/hubs/test').connections.size),
      close: () => server.close(),
    }
  },
})
