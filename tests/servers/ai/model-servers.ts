/**
 * Local stand-ins for the model providers, on 127.0.0.1:0, each recording every request body it receives:
 * `@dwmkerr/mock-llm` (third-party, OpenAI-compatible) behind a recording tap; Anthropic Messages and Ollama chat
 * replaying exchanges written from their published API references (streaming and tool calls); an MCP host with a
 * `chat` tool over streamable HTTP (the SDK's server); and listings for the local probe.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const here = dirname(fileURLToPath(import.meta.url))

export interface RecordingServer {
  url: string
  /** Raw request bodies, in order. */
  bodies: string[]
  /** Requests of any kind (a probe's GETs included). */
  hits: number
  close(): Promise<void>
}

async function listen(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (text += chunk))
    request.on('end', () => resolve(text))
    request.on('error', reject)
  })
}

/**
 * `@dwmkerr/mock-llm`'s Express app in its own Node process (`mock-llm-tap.mjs`), recording each body to a file.
 * `rules` and `streaming` are its configuration as its README documents it.
 */
export async function startMockLlm(
  rules: unknown[],
  streaming: { chunkSize: number; chunkIntervalMs: number } = { chunkSize: 8, chunkIntervalMs: 1 },
): Promise<RecordingServer> {
  const dir = await mkdtemp(join(tmpdir(), 'wb-mock-llm-'))
  const configFile = join(dir, 'config.json')
  const recordFile = join(dir, 'bodies.jsonl')
  await writeFile(configFile, JSON.stringify({ rules, streaming }))
  await writeFile(recordFile, '')
  const child = spawn(process.execPath, [join(here, 'mock-llm-tap.mjs'), configFile, recordFile], {
    // Plain Node: no test-runner options or conditions inherited.
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(child.stdout, 'data')) as [Buffer]
  const url = `http://127.0.0.1:${line.toString('utf8').trim()}`
  const bodies = (): string[] =>
    readFileSync(recordFile, 'utf8')
      .split('\n')
      .filter((entry) => entry !== '')
      .map((entry) => JSON.parse(entry) as string)
  return {
    url,
    get bodies() {
      return bodies()
    },
    get hits() {
      return bodies().length
    },
    async close() {
      child.kill('SIGTERM')
      if (child.exitCode === null) await once(child, 'exit')
      await rm(dir, { recursive: true, force: true })
    },
  }
}

function recordingView(recording: { bodies: string[]; hits: number }): Pick<RecordingServer, 'bodies' | 'hits'> {
  return {
    get bodies() {
      return recording.bodies
    },
    get hits() {
      return recording.hits
    },
  }
}

type Replay = (body: Record<string, unknown>, response: ServerResponse) => void

async function startReplay(path: string, replay: Replay): Promise<RecordingServer> {
  const recording = { bodies: [] as string[], hits: 0 }
  const { server, url } = await listen((request, response) => {
    recording.hits++
    void readBody(request).then((text) => {
      recording.bodies.push(text)
      if (request.method !== 'POST' || request.url !== path) {
        response.writeHead(404).end()
        return
      }
      replay(JSON.parse(text) as Record<string, unknown>, response)
    })
  })
  return { url, ...recordingView(recording), close: () => closeServer(server) }
}

function lastUserText(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: unknown }[]
  const last = [...messages].reverse().find((message) => message.role === 'user')
  const content = last?.content
  if (typeof content === 'string') return content
  return Array.isArray(content) ? ((content[0] as { text?: string } | undefined)?.text ?? '') : ''
}

function sse(response: ServerResponse, events: [string, unknown][]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const [event, data] of events) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  response.end()
}

/**
 * Anthropic Messages (docs.anthropic.com, "Streaming Messages" and "Tool use"): a text answer, a `tool_use` block
 * whose input arrives as `input_json_delta` pieces when the user asks to open something, and the documented 404
 * `not_found_error` for an unknown model.
 */
export function startAnthropicReplay(): Promise<RecordingServer> {
  return startReplay('/v1/messages', (body, response) => {
    if (body.model === 'claude-missing') {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'model: claude-missing' } }),
      )
      return
    }
    const wantsTool = lastUserText(body).includes('open')
    if (body.stream !== true) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          id: 'msg_01',
          type: 'message',
          role: 'assistant',
          model: body.model,
          content: wantsTool
            ? [
                { type: 'text', text: 'Opening it.' },
                {
                  type: 'tool_use',
                  id: 'toolu_01',
                  name: 'open_method',
                  input: { service: 'Books', method: 'getBook' },
                },
              ]
            : [{ type: 'text', text: 'Hello from Claude.' }],
          stop_reason: wantsTool ? 'tool_use' : 'end_turn',
          usage: { input_tokens: 12, output_tokens: 6 },
        }),
      )
      return
    }
    const start: [string, unknown] = [
      'message_start',
      {
        type: 'message_start',
        message: { id: 'msg_01', type: 'message', role: 'assistant', content: [], model: body.model, usage: {} },
      },
    ]
    const text = (index: number, pieces: string[]): [string, unknown][] => [
      ['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }],
      ...pieces.map((piece): [string, unknown] => [
        'content_block_delta',
        { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } },
      ]),
      ['content_block_stop', { type: 'content_block_stop', index }],
    ]
    const tool: [string, unknown][] = [
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', id: 'toolu_01', name: 'open_method', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"service": "Bo' } },
      ],
      [
        'content_block_delta',
        {
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'input_json_delta', partial_json: 'oks", "method": "getBook"}' },
        },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    ]
    const end: [string, unknown][] = [
      ['message_delta', { type: 'message_delta', delta: { stop_reason: wantsTool ? 'tool_use' : 'end_turn' } }],
      ['message_stop', { type: 'message_stop' }],
    ]
    sse(response, [
      start,
      ...text(0, wantsTool ? ['Opening ', 'it.'] : ['Hello ', 'from ', 'Claude.']),
      ...(wantsTool ? tool : []),
      ...end,
    ])
  })
}

/** Ollama's replay, and how many answers its client abandoned before their end (a cancelled chat). */
export type OllamaReplay = RecordingServer & { readonly abandoned: number }

/**
 * Ollama `/api/chat` (github.com/ollama/ollama docs/api.md): NDJSON chunks ending with `done: true`, tool calls with
 * object arguments, and the 404 `model "…" not found, try pulling it first` for a model that is not pulled. Model
 * `slow` sends its first chunk and then nothing until the client goes away.
 */
export async function startOllamaReplay(): Promise<OllamaReplay> {
  let abandoned = 0
  const server = await startReplay('/api/chat', (body, response) => {
    const model = String(body.model)
    if (model === 'slow') {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' })
      response.write(`${JSON.stringify({ model, message: { role: 'assistant', content: 'Thinking' }, done: false })}\n`)
      response.on('close', () => abandoned++)
      return
    }
    if (model === 'not-pulled') {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: `model "${model}" not found, try pulling it first` }))
      return
    }
    const wantsTool = lastUserText(body).includes('open')
    const at = '2024-07-22T20:33:28.123648Z'
    const lines: unknown[] = wantsTool
      ? [
          {
            model,
            created_at: at,
            message: {
              role: 'assistant',
              content: '',
              tool_calls: [{ function: { name: 'open_method', arguments: { service: 'Books', method: 'getBook' } } }],
            },
            done: false,
          },
        ]
      : ['Hello ', 'from ', 'Ollama.'].map((piece) => ({
          model,
          created_at: at,
          message: { role: 'assistant', content: piece },
          done: false,
        }))
    const done = { model, created_at: at, message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' }
    response.writeHead(200, { 'content-type': 'application/x-ndjson' })
    if (body.stream === false) {
      // Non-streaming: one object holding the whole message.
      const first = lines[0] as { message: { content: string; tool_calls?: unknown } }
      const content = wantsTool ? '' : 'Hello from Ollama.'
      response.end(JSON.stringify({ ...done, message: { ...first.message, content } }))
      return
    }
    for (const line of [...lines, done]) response.write(`${JSON.stringify(line)}\n`)
    response.end()
  })
  return Object.defineProperty(server, 'abandoned', { get: () => abandoned }) as OllamaReplay
}

/** An MCP host over streamable HTTP (stateless): the same `chat` tool as the stdio fixture. */
export async function startMcpChatHost(): Promise<RecordingServer> {
  const recording = { bodies: [] as string[], hits: 0 }
  const { server, url } = await listen((request, response) => {
    recording.hits++
    void readBody(request).then(async (text) => {
      const mcp = new McpServer({ name: 'chat-host', version: '1.0.0' }, { capabilities: { tools: {} } })
      mcp.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: 'chat', inputSchema: { type: 'object', properties: {} } }],
      }))
      mcp.setRequestHandler(CallToolRequestSchema, (call) => {
        recording.bodies.push(JSON.stringify(call.params.arguments))
        const messages = (call.params.arguments?.messages ?? []) as { content: string }[]
        return { content: [{ type: 'text', text: `http host: ${messages.at(-1)?.content ?? ''}` }] }
      })
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      await mcp.connect(transport)
      response.on('close', () => void transport.close())
      await transport.handleRequest(request, response, text === '' ? undefined : (JSON.parse(text) as unknown))
    })
  })
  return { url: `${url}/mcp`, ...recordingView(recording), close: () => closeServer(server) }
}

/** A listing server for the probe: Ollama's `/api/tags` or LM Studio's `/v1/models`, counting every hit. */
export async function startListing(kind: 'ollama' | 'lmstudio', models: string[]): Promise<RecordingServer> {
  const recording = { bodies: [] as string[], hits: 0 }
  const { server, url } = await listen((request, response) => {
    recording.hits++
    const path = kind === 'ollama' ? '/api/tags' : '/v1/models'
    if (request.method !== 'GET' || request.url !== path) {
      response.writeHead(404).end()
      return
    }
    const body =
      kind === 'ollama'
        ? { models: models.map((name) => ({ name, model: name, size: 1 })) }
        : { object: 'list', data: models.map((id) => ({ id, object: 'model' })) }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  return { url, ...recordingView(recording), close: () => closeServer(server) }
}
