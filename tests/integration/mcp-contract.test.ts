/**
 * The shared protocol contract for the MCP plugin: against server-everything over Streamable HTTP (the reference server
 * no one here wrote; it echoes no headers and cannot count connections, so those items are skipped there) and against
 * our SDK-built lab server, which echoes the headers and URL a call carried and counts its open connections. Server
 * streaming is a tool call with its progress; the duplex channel is the session channel, answering each `ping`.
 */
import { createMcpPlugin } from '@wirebench/protocol-mcp'
import type { InvokeResult } from '@wirebench/core'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startLabServer } from '../servers/mcp/lab-server.js'
import { startMcpEverything } from '../servers/sse/mcp-everything.js'

interface HeaderEcho {
  headers: Record<string, unknown>
  url: string
}

const echoOf = (result: InvokeResult): HeaderEcho =>
  (result.response as { structuredContent: HeaderEcho }).structuredContent

const duplex = {
  call: { service: 'Session', method: 'events', messages: [] },
  message: (i: number) => ({ op: 'ping', id: `ping-${i}` }),
}

runProtocolContract({
  name: 'mcp (lab server, Streamable HTTP)',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () => createMcpPlugin(),
  async startFixture() {
    const [lab, closed] = await Promise.all([startLabServer(), startLabServer()])
    await closed.close()
    return {
      discovery: { kind: 'url', url: lab.url },
      callTarget: lab.url,
      unary: { service: 'Tools', method: 'echo', messages: [{ message: 'contract' }] },
      slow: { service: 'Tools', method: 'slow', messages: [{ ms: 5000 }] },
      failing: { call: { service: 'Tools', method: 'fails', messages: [{}] }, status: 'Unknown' },
      headerEcho: {
        call: { service: 'Tools', method: 'headers', messages: [{}] },
        headersOf: (result) => echoOf(result).headers,
        urlOf: (result) => echoOf(result).url,
      },
      serverStream: { call: { service: 'Tools', method: 'progress', messages: [{ steps: 2, delayMs: 5 }] }, count: 3 },
      duplex,
      unreachable: { kind: 'url', url: closed.url },
      openConnections: () => Promise.resolve(lab.openConnections()),
      close: () => lab.close(),
    }
  },
})

runProtocolContract({
  name: 'mcp (server-everything, Streamable HTTP)',
  claims: { serverStreaming: true, channels: true },
  createPlugin: () => createMcpPlugin(),
  async startFixture() {
    const everything = await startMcpEverything({ transport: 'streamableHttp' })
    const closed = await startLabServer()
    await closed.close()
    return {
      discovery: { kind: 'url', url: everything.mcpUrl },
      callTarget: everything.mcpUrl,
      unary: { service: 'Tools', method: 'echo', messages: [{ message: 'contract' }] },
      slow: { service: 'Tools', method: 'trigger-long-running-operation', messages: [{ duration: 5, steps: 2 }] },
      // The SDK's server reports arguments that break the input schema as a tool error (isError).
      failing: { call: { service: 'Tools', method: 'get-sum', messages: [{ a: 'one', b: 2 }] }, status: 'Unknown' },
      serverStream: {
        call: { service: 'Tools', method: 'trigger-long-running-operation', messages: [{ duration: 0.2, steps: 2 }] },
        count: 3,
      },
      duplex,
      unreachable: { kind: 'url', url: closed.url },
      close: () => everything.close(),
    }
  },
})
