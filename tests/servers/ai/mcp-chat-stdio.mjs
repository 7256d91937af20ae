// An MCP host as the `mcp` AI provider expects one, on the SDK's own server and stdio transport: a `chat` tool that
// answers from the conversation it is given. Every call's arguments are appended to the file named by argv[2], so a
// test can read what reached the host.
import { appendFileSync } from 'node:fs'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const recordFile = process.argv[2]
const server = new Server({ name: 'chat-host', version: '1.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [{ name: 'chat', inputSchema: { type: 'object', properties: { messages: { type: 'array' } } } }],
}))
server.setRequestHandler(CallToolRequestSchema, (request) => {
  if (recordFile) appendFileSync(recordFile, `${JSON.stringify(request.params.arguments)}\n`)
  const messages = request.params.arguments?.messages ?? []
  const last = messages.at(-1)?.content ?? ''
  return { content: [{ type: 'text', text: `stdio host (${request.params.arguments?.model}): ${last}` }] }
})
await server.connect(new StdioServerTransport())
