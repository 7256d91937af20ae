/**
 * Starts the demo MCP server: Streamable HTTP at `/mcp` on loopback, one MCP session per client (the SDK's stateful
 * transport), with tools, resources (a template and subscriptions), a prompt with completion and logging.
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { crossSiteMessage, isCrossSite } from '../cross-site.js'
import { closeServer, listenOn, readBody, requestUrl } from '../node-http.js'
import type { DemoServiceHandle, StartServiceOptions } from '../service-handle.js'
import { registerPrompts } from './prompts.js'
import { registerResources } from './resources.js'
import { registerTools } from './tools.js'

export interface McpDemoOptions extends StartServiceOptions {
  /** How often the clock resource changes for its subscribers (default 5 s). */
  clockMs?: number
}

const maxBodyBytes = 1024 * 1024

function newServer(clockMs: number): { server: McpServer; stop: () => void } {
  const server = new McpServer(
    { name: 'wirebench-demo', title: 'Wirebench demo kitchen', version: '1.0.0' },
    {
      capabilities: { resources: { subscribe: true, listChanged: true }, logging: {} },
      instructions:
        'A demo kitchen: convert temperatures, brew coffee (with progress), book a table (it asks you), read the menu and recipes.',
    },
  )
  registerTools(server)
  const stop = registerResources(server, clockMs)
  registerPrompts(server)
  return { server, stop }
}

function sendJsonRpcError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }))
}

export async function startMcpDemo(options: McpDemoOptions): Promise<DemoServiceHandle> {
  const clockMs = options.clockMs ?? 5_000
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; stop: () => void }>()

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (isCrossSite(req)) return sendJsonRpcError(res, 403, crossSiteMessage)
    const url = requestUrl(req)
    if (url?.pathname !== '/mcp') return sendJsonRpcError(res, 404, 'The MCP endpoint is /mcp.')
    const body = req.method === 'POST' ? await readBody(req, maxBodyBytes) : ''
    if (body === undefined) return sendJsonRpcError(res, 413, 'The message is larger than 1 MiB.')
    let parsed: unknown
    try {
      parsed = body === '' ? undefined : JSON.parse(body)
    } catch {
      return sendJsonRpcError(res, 400, 'Parse error: the body is not JSON.')
    }
    const sessionId = req.headers['mcp-session-id']
    const known = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    if (known) return known.transport.handleRequest(req, res, parsed)
    if (typeof sessionId === 'string') return sendJsonRpcError(res, 404, 'Session not found.')
    if (req.method !== 'POST') return sendJsonRpcError(res, 400, 'Bad Request: no session; start one with initialize.')
    const { server, stop } = newServer(clockMs)
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { transport, stop }),
    })
    transport.onclose = () => {
      stop()
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, parsed)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJsonRpcError(res, 500, 'Internal error.')
      else res.end()
    })
  })
  const address = await listenOn(http, options)
  return {
    service: { protocol: 'mcp', name: 'Kitchen (MCP)', url: `http://${address}/mcp` },
    async close() {
      for (const { transport, stop } of sessions.values()) {
        stop()
        await transport.close().catch(() => undefined)
      }
      sessions.clear()
      await closeServer(http)
    },
  }
}
