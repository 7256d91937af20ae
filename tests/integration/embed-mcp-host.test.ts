/**
 * An MCP endpoint the embedding Express host serves itself (`/mcp`, the SDK's Streamable HTTP transport) is the host's
 * own origin, which embedded mode always allows: it is discovered and called on the host's listener — by its loopback
 * address and by the public name a TLS-terminating proxy serves the page from (which resolves nowhere here).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DiscoverResponse, InvokeResult } from '@wirebench/core'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import '../support/express5-in-vitest.js'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listenHost, mountBehindProxy, proxiedPost, useConfigDir, workbenchPost } from './support/embed-host.js'
import type { ListeningServer } from './support/embed-host.js'

const token = 'embedded-mcp-host-token-0123456789abcdef0123456789abcdef'
const publicName = 'app.example.test'
const configDir = useConfigDir('mcp-host')

/** The host's MCP route: stateless Streamable HTTP, one tool that says which Host it was reached by. */
function serveMcp(req: IncomingMessage, res: ServerResponse): void {
  const mcp = new McpServer({ name: 'host-mcp', version: '1.0.0' })
  mcp.registerTool('whoami', { description: 'Says which host name reached it' }, () => ({
    content: [{ type: 'text', text: `host ${req.headers.host ?? ''}` }],
  }))
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  res.on('close', () => void transport.close())
  void mcp.connect(transport).then(() => transport.handleRequest(req, res))
}

/** The text of a tools/call result. */
function textOf(called: InvokeResult): string | undefined {
  const result = called.response as { content?: Array<{ text?: string }> } | undefined
  return result?.content?.[0]?.text
}

describe('an Express host serving its own MCP endpoint', () => {
  let host: ListeningServer

  beforeAll(async () => {
    const app = express()
    await mountBehindProxy(app, { configDir: configDir(), token, publicName })
    app.all('/mcp', (req, res) => serveMcp(req, res))
    host = await listenHost(app as never)
  })
  afterAll(async () => host.close())

  it('discovers and calls it by the host’s loopback address', async () => {
    const url = `${host.origin}/mcp`
    const found = await workbenchPost<DiscoverResponse>(
      host.origin,
      '/api/discover',
      { urls: [`mcp@${url}`] },
      { token },
    )
    expect(found.attempts.filter((a) => a.pluginId === 'mcp').map((a) => a.message ?? a.outcome)).toEqual(['ok'])
    const tools = found.services.find((s) => s.protocol === 'mcp' && s.name === 'Tools')
    expect(tools?.methods.map((m) => m.name)).toContain('whoami')
    const called = await workbenchPost<InvokeResult>(
      host.origin,
      '/api/invoke',
      { protocol: 'mcp', url, service: 'Tools', method: 'whoami', messages: [{}] },
      { token },
    )
    expect(textOf(called)).toBe(`host ${new URL(host.origin).host}`)
  })

  it('calls it by the proxy’s public name on the host listener, keeping that Host', async () => {
    const url = `https://${publicName}/mcp`
    const answer = await proxiedPost(
      host.origin,
      '/api/invoke',
      JSON.stringify({ protocol: 'mcp', url, service: 'Tools', method: 'whoami', messages: [{}] }),
      { token },
    )
    expect(answer.status, answer.body).toBe(200)
    expect(textOf(JSON.parse(answer.body) as InvokeResult)).toBe(`host ${publicName}`)
  })
})
