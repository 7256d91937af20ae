/** The shared protocol contract, run for the plain HTTP plugin against the recording Fastify server. */
import { createHttpPlugin } from '@wirebench/protocol-http'
import type { InvokeResult } from '@wirebench/core'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startRecordingServer } from '../servers/http/recording-server.js'
import type { ReceivedRequest } from '../servers/http/recording-server.js'

const recordOf = (result: InvokeResult): ReceivedRequest => result.response as ReceivedRequest

runProtocolContract({
  name: 'http',
  claims: { serverStreaming: false, channels: false },
  neverDiscovers: true,
  createPlugin: () => createHttpPlugin(),
  async startFixture() {
    const server = await startRecordingServer()
    const closed = await startRecordingServer()
    await closed.close()
    const request = (url: string) => ({ service: 'HTTP', method: 'request', messages: [{ url }] })
    return {
      discovery: { kind: 'url', url: server.origin },
      callTarget: server.origin,
      unary: request('/items?x=1'),
      slow: request('/slow'),
      failing: { call: request('/missing'), status: 'NotFound' },
      headerEcho: {
        call: request('/echo'),
        headersOf: (result) => recordOf(result).headers,
        urlOf: (result) => {
          const record = recordOf(result)
          return `${record.path}?${new URLSearchParams(record.query).toString()}`
        },
      },
      unreachable: { kind: 'url', url: closed.origin },
      openConnections: () => server.openConnections(),
      close: () => server.close(),
    }
  },
})
