/** The shared protocol contract, run for the gRPC plugin against the @grpc/grpc-js lab server. */
import { createGrpcPlugin } from '@wirebench/protocol-grpc'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startLabServer } from '../servers/grpc/lab-server.js'

const service = 'wbtest.v1.Lab'

runProtocolContract({
  name: 'grpc',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () => createGrpcPlugin(),
  async startFixture() {
    const server = await startLabServer()
    const closed = await startLabServer()
    await closed.close()
    return {
      discovery: { kind: 'url', url: server.url },
      callTarget: server.url,
      unary: { service, method: 'Echo', messages: [{ text: 'contract' }] },
      slow: { service, method: 'Slow', messages: [{ ms: 3_000 }] },
      failing: { call: { service, method: 'Fail', messages: [{ code: 5, message: 'gone' }] }, status: 'NotFound' },
      headerEcho: {
        call: { service, method: 'Echo', messages: [{ text: 'headers' }] },
        headersOf: (result) => (result.response as { metadata: Record<string, string> }).metadata,
      },
      serverStream: { call: { service, method: 'Count', messages: [{ count: 4 }] }, count: 4 },
      clientStream: { call: { service, method: 'Sum', messages: [] }, messages: [{ value: '1' }, { value: '2' }] },
      duplex: { call: { service, method: 'Chat', messages: [] }, message: (i) => ({ text: `m${i}`, seq: i }) },
      unreachable: { kind: 'url', url: closed.url },
      openConnections: () => Promise.resolve(server.openConnections()),
      close: () => server.close(),
    }
  },
})
