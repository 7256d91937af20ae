/** The shared protocol contract, run for the WebSocket plugin against real `ws` servers (tests/servers/websocket). */
import type { InvokeResult } from '@wirebench/core'
import { createWebSocketPlugin } from '@wirebench/protocol-websocket'
import { runProtocolContract } from '../contract/protocol-contract.js'
import { startWsServers } from '../servers/websocket/ws-servers.js'

const call = { service: 'echo', method: 'connect' }

interface UpgradeEcho {
  url: string
  headers: Record<string, string>
}

runProtocolContract({
  name: 'websocket',
  claims: { serverStreaming: false, channels: true },
  createPlugin: () => createWebSocketPlugin(),
  async startFixture() {
    const servers = await startWsServers()
    const closed = await startWsServers()
    await closed.close()
    return {
      discovery: { kind: 'url', url: servers.url('/echo') },
      callTarget: servers.url('/echo'),
      unary: { ...call, messages: [{ text: 'contract' }] },
      slow: { ...call, serverUrl: servers.url('/slow'), messages: [{ text: 'anyone?' }] },
      failing: { call: { ...call, messages: [{ text: '@close 1008 policy' }] }, status: 'PermissionDenied' },
      headerEcho: {
        call: { ...call, messages: [{ text: '@upgrade' }] },
        headersOf: (result: InvokeResult) => (result.response as UpgradeEcho).headers,
        urlOf: (result: InvokeResult) => (result.response as UpgradeEcho).url,
      },
      clientStream: { call: { ...call, messages: [] }, messages: [{ text: 'a' }, { text: 'b' }] },
      duplex: { call: { ...call, messages: [] }, message: (i) => ({ text: `m${i}` }) },
      unreachable: { kind: 'url', url: closed.url('/echo') },
      // No `openConnections`: the plugin keeps no connection after a call (each call opens and closes its own).
      close: () => servers.close(),
    }
  },
})
