/**
 * One session's MCP server of the lab (the SDK's low-level `Server`): tools in pages, resources with a template and
 * subscriptions, a prompt with completion, logging; tool calls are `lab-tool-calls.ts`.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { callLabTool } from './lab-tool-calls.js'
import type { LabSession, LabState } from './lab-tool-calls.js'

export interface LabListOptions {
  /** Tools per `tools/list` page. */
  pageSize: number
  /** Every `tools/list` page names the same next cursor, so the list never ends. */
  isCursorLooping?: boolean
}

export function createLabMcpServer(state: LabState, options: LabListOptions): Server {
  const { pageSize } = options
  const server = new Server(
    { name: 'wirebench-lab', version: '1.0.0', title: 'Wirebench lab' },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        prompts: {},
        completions: {},
        logging: {},
      },
      instructions: 'A test server. ${canarySecret} is only text here.',
    },
  )
  const session: LabSession = { server, subscribed: new Set(), consent: 'none' }
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0)
    const page = state.tools.slice(start, start + pageSize)
    if (options.isCursorLooping) return { tools: page, nextCursor: '0' }
    const next = start + pageSize
    return next < state.tools.length ? { tools: page, nextCursor: String(next) } : { tools: page }
  })
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => callLabTool(request, extra, state, session))
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      { uri: 'lab://readme', name: 'readme', mimeType: 'text/plain', description: 'A text resource.' },
      { uri: 'lab://blob', name: 'blob', mimeType: 'application/octet-stream' },
    ],
  }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [{ uriTemplate: 'lab://items/{id}{?view}', name: 'item', mimeType: 'application/json' }],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params
    if (uri === 'lab://readme') return { contents: [{ uri, mimeType: 'text/plain', text: state.readme }] }
    if (uri === 'lab://blob') return { contents: [{ uri, mimeType: 'application/octet-stream', blob: 'AAECAw==' }] }
    const item = /^lab:\/\/items\/([^?]+)(?:\?view=(.*))?$/.exec(uri)
    if (item) {
      const body = JSON.stringify({ id: decodeURIComponent(item[1] ?? ''), view: item[2] ?? null })
      return { contents: [{ uri, mimeType: 'application/json', text: body }] }
    }
    throw Object.assign(new Error(`Resource ${uri} not found`), { code: -32002 })
  })
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    session.subscribed.add(request.params.uri)
    return {}
  })
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    session.subscribed.delete(request.params.uri)
    return {}
  })
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    await server.sendLoggingMessage({ level: 'info', logger: 'lab', data: `level set to ${request.params.level}` })
    return {}
  })
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: [{ name: 'greet', description: 'Greets someone.', arguments: [{ name: 'name', required: true }] }],
  }))
  server.setRequestHandler(GetPromptRequestSchema, (request) => ({
    messages: [
      { role: 'user', content: { type: 'text', text: `Say hello to ${request.params.arguments?.['name'] ?? '?'}` } },
    ],
  }))
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    const names = ['Ada', 'Alan', 'Grace', 'Linus']
    const prefix = request.params.argument.value.toLowerCase()
    const values = names.filter((n) => n.toLowerCase().startsWith(prefix))
    return { completion: { values, total: values.length, hasMore: false } }
  })
  return server
}
