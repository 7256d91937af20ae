// An MCP server for the MCP benchmarks (the SDK's low-level Server over its Streamable HTTP transport, one session per
// client): an `echo` tool and, on request, many generated tools listed in pages. Counts the `initialize`s it receives
// (GET /stats answers them). `startMcpTargetProcess` runs it in a child process, so its work is not the measured one's.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

/** A tool with a realistic form: scalars with descriptions, an enum with a default, an array, a nested object. */
function generatedTool(i) {
  return {
    name: `tool-${String(i).padStart(4, '0')}`,
    title: `Generated tool ${i}`,
    description: `Generated tool number ${i}: looks up records of kind ${i % 7} and returns them.`,
    inputSchema: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: 'Record id' },
        query: { type: 'string', description: 'Free text to match' },
        mode: { type: 'string', enum: ['fast', 'exact', 'fuzzy'], default: 'fast' },
        tags: { type: 'array', items: { type: 'string' } },
        page: {
          type: 'object',
          properties: { size: { type: 'integer', default: 20 }, cursor: { type: 'string' } },
        },
      },
      required: ['id'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  }
}

export async function startMcpTarget({ tools = 0, pageSize = 100 } = {}) {
  const list = [
    {
      name: 'echo',
      description: 'Echoes its message.',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
    ...Array.from({ length: tools }, (_, i) => generatedTool(i + 1)),
  ]
  const sessions = new Map()
  let initializes = 0
  const newServer = () => {
    const server = new Server({ name: 'bench', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, (request) => {
      const start = Number(request.params?.cursor ?? 0)
      const next = start + pageSize
      return next < list.length
        ? { tools: list.slice(start, next), nextCursor: String(next) }
        : { tools: list.slice(start) }
    })
    server.setRequestHandler(CallToolRequestSchema, (request) => ({
      content: [{ type: 'text', text: String(request.params.arguments?.message ?? '') }],
    }))
    return server
  }
  const http = createServer(async (req, res) => {
    if (req.url === '/stats') {
      res.setHeader('content-type', 'application/json')
      return res.end(JSON.stringify({ initializes }))
    }
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body
    try {
      body = raw === '' ? undefined : JSON.parse(raw)
    } catch {
      // Another protocol's probe (gRPC reflection, a GraphQL query): not an MCP message.
      res.writeHead(400, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }))
    }
    if (body?.method === 'initialize') initializes++
    const id = req.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known) return known.handleRequest(req, res, body)
    if (req.method !== 'POST' || id !== undefined) {
      res.writeHead(id === undefined ? 400 : 404, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'No valid session' }, id: null }))
    }
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => sessions.set(sid, transport),
    })
    transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId)
    await newServer().connect(transport)
    await transport.handleRequest(req, res, body)
  })
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${http.address().port}/mcp`,
    initializes: () => initializes,
    async close() {
      for (const transport of sessions.values()) await transport.close().catch(() => undefined)
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}

/** The target in a child process: resolves with its URL, its initialize count and how to stop it. */
export async function startMcpTargetProcess(options = {}) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const line = out.split('\n')[0]
      if (out.includes('\n')) resolve(JSON.parse(line).url)
    })
    child.once('exit', (code) => reject(new Error(`the MCP target exited with ${code}`)))
  })
  const origin = new URL(url).origin
  return {
    url,
    async initializes() {
      return (await (await fetch(`${origin}/stats`)).json()).initializes
    },
    async close() {
      child.kill('SIGTERM')
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()))
    },
  }
}

// Run as a script: start the target and print its URL.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = await startMcpTarget(JSON.parse(process.argv[2] ?? '{}'))
  process.stdout.write(`${JSON.stringify({ url: target.url })}\n`)
  process.on('SIGTERM', () => void target.close().then(() => process.exit(0)))
}
