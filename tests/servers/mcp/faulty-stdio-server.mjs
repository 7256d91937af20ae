// An MCP stdio server (the SDK's own server and stdio transport) that misbehaves on request, for the workbench's
// stdio safety tests: it crashes, floods stdout, writes a 10 MB line, hangs, reports its environment, or starts a
// grandchild process. It says on stderr that it is ready, as real servers do.
import { spawn } from 'node:child_process'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const tools = ['ok', 'crash', 'flood', 'huge', 'hang', 'env', 'grandchild'].map((name) => ({
  name,
  inputSchema: { type: 'object', properties: {} },
}))

const server = new Server({ name: 'faulty', version: '1.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }))
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const text = (value) => ({ content: [{ type: 'text', text: value }] })
  switch (request.params.name) {
    case 'ok':
      return text('fine')
    case 'crash':
      process.stderr.write('about to fail\nboom: the database is gone\n')
      setTimeout(() => process.exit(3), 20)
      return new Promise(() => undefined)
    case 'flood': {
      const junk = 'not json at all '.repeat(64) + '\n'
      const write = () => {
        while (process.stdout.write(junk));
        process.stdout.once('drain', write)
      }
      write()
      return new Promise(() => undefined)
    }
    case 'huge':
      process.stdout.write(
        `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${'x'.repeat(10 * 1024 * 1024)}"}}\n`,
      )
      return new Promise(() => undefined)
    case 'hang':
      return new Promise(() => undefined)
    case 'env':
      return { ...text('env'), structuredContent: { env: { ...process.env } } }
    case 'grandchild': {
      const child = spawn('sleep', ['600'], { stdio: 'ignore' })
      return { ...text(String(child.pid)), structuredContent: { pid: child.pid, self: process.pid } }
    }
    default:
      return { ...text('unknown'), isError: true }
  }
})

await server.connect(new StdioServerTransport())
process.stderr.write('faulty server ready\n')
