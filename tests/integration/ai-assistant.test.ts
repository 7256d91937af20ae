/**
 * The AI package through the real workbench server: every provider against a local stand-in (`@dwmkerr/mock-llm` for
 * the OpenAI-compatible ones, replayed Anthropic and Ollama exchanges, an MCP host over streamable HTTP and over
 * stdio), the provider's own error for a model that is not loaded, and the privacy rules: a canary in an environment
 * secret, a header and a response never reaches any provider nor the log, and the API key never comes back.
 */
import { Writable } from 'node:stream'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAiService } from '@wirebench/ai'
import { defaultStdioTransport } from '@wirebench/ai/mcp'
import type { StdioTransportFactory } from '@wirebench/ai'
import { AI_ROUTES } from '@wirebench/core'
import type { AiChatAnswer, AiChatRequest, AiConfigView } from '@wirebench/core'
import { workbench } from '@wirebench/server'
import { repoRoot } from '../servers/server/cli-process.js'
import { startAnthropicReplay, startMcpChatHost, startMockLlm, startOllamaReplay } from '../servers/ai/model-servers.js'
import type { RecordingServer } from '../servers/ai/model-servers.js'

const TOKEN = 'b'.repeat(64)
const headers = { host: 'localhost:5080', 'x-workbench-token': TOKEN }
const API_KEY = 'sk-canary-key-7f3a9c2e'
const ENV_CANARY = 'env-canary-5b1d8e'
const HEADER_CANARY = 'hdr-canary-0c4f2a'
const RESPONSE_CANARY = 'resp-canary-9e7b31'
const canaries = [ENV_CANARY, HEADER_CANARY, RESPONSE_CANARY]

const openTool = JSON.stringify({ service: 'Books', method: 'getBook' })
const mockRules = [
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: '@',
    response: {
      status: 200,
      content:
        '{"id":"c1","object":"chat.completion","model":"{{jmes request body.model}}","choices":[{"message":{"role":"assistant","content":"echo: {{jmes request body.messages[-1].content}}"},"finish_reason":"stop"}]}',
    },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: "contains(body.messages[-1].content, 'open')",
    response: {
      status: 200,
      content: JSON.stringify({
        id: 'c2',
        object: 'chat.completion',
        choices: [
          {
            message: {
              role: 'assistant',
              content: '',
              tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'open_method', arguments: openTool } }],
            },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: "body.model == 'missing-model'",
    response: {
      status: 404,
      content:
        '{"error":{"message":"The model `missing-model` does not exist or you do not have access to it.","type":"invalid_request_error","code":"model_not_found"}}',
    },
  },
]

/** What the page sends: the canaries sit where a careless page would leave them. */
function chatRequest(text: string, tools: AiChatRequest['tools'] = ['open_method']): AiChatRequest {
  return {
    messages: [{ role: 'user', content: text }],
    tools,
    context: {
      services: [{ name: 'Books', methods: [{ name: 'getBook', fields: [{ name: 'token', type: 'string' }] }] }],
      selected: { protocol: 'rest', service: 'Books', method: 'getBook' },
      request: {
        message: { id: 1, note: `typed by hand: ${ENV_CANARY}` },
        metadata: { Authorization: `Bearer ${HEADER_CANARY}`, 'X-Trace': 'visible-trace-id' },
      },
      response: { status: 200, body: { title: 'Ledger', access_token: RESPONSE_CANARY }, headers: {} },
    },
  }
}

describe('the AI package in the workbench', () => {
  let app: FastifyInstance
  let configDir: string
  let mockLlm: RecordingServer
  let anthropic: RecordingServer
  let ollama: RecordingServer
  let mcpHttp: RecordingServer
  const logLines: string[] = []
  const responses: string[] = []
  const startStdio = vi.fn<StdioTransportFactory>()

  async function call(options: InjectOptions): Promise<{ status: number; json: unknown }> {
    const response = await app.inject({ ...options, headers: { ...headers, ...options.headers } })
    responses.push(response.body)
    return { status: response.statusCode, json: response.body === '' ? undefined : response.json<unknown>() }
  }
  const putConfig = (payload: Record<string, unknown>) => call({ method: 'PUT', url: AI_ROUTES.config, payload })
  const chat = (payload: AiChatRequest) => call({ method: 'POST', url: AI_ROUTES.chat, payload })

  beforeAll(async () => {
    configDir = await mkdtemp(join(tmpdir(), 'wb-ai-'))
    ;[mockLlm, anthropic, ollama, mcpHttp] = await Promise.all([
      startMockLlm(mockRules),
      startAnthropicReplay(),
      startOllamaReplay(),
      startMcpChatHost(),
    ])
    startStdio.mockImplementation(defaultStdioTransport)
    const ai = await createAiService({ configDir, defaultEndpoints: { anthropic: anthropic.url }, startStdio })
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'))
        done()
      },
    })
    app = Fastify({ logger: { level: 'trace', stream: logStream } })
    await app.register(workbench, { configDir, uiDir: null, token: TOKEN, mode: 'standalone', ai })
    await app.ready()
    // The canary as an environment secret: a value the page did not recognise must still be cut by the server.
    const current = await call({ method: 'GET', url: '/api/environments' })
    const document = (current.json as { document: { environments: { vars: Record<string, string> }[] } }).document
    const first = document.environments[0]
    if (first) first.vars.apiSecret = ENV_CANARY
    const saved = await call({ method: 'PUT', url: '/api/environments', payload: { document } })
    expect(saved.status).toBe(200)
  })

  afterAll(async () => {
    await app?.close()
    await Promise.all([mockLlm, anthropic, ollama, mcpHttp].map((server) => server?.close()))
    await rm(configDir, { recursive: true, force: true })
    vi.restoreAllMocks()
  })

  it('starts on local Ollama by default and answers through its chat API, with tool calls', async () => {
    const view = (await call({ method: 'GET', url: AI_ROUTES.config })).json as AiConfigView
    expect(view).toMatchObject({ provider: 'ollama', hasApiKey: false, autoDetectLocal: true })
    expect(view.effectiveEndpoint).toBe('http://localhost:11434')
    expect((await putConfig({ provider: 'OLLAMA', endpoint: ollama.url, model: 'llama3.2' })).status).toBe(200)

    const plain = await chat(chatRequest('hello'))
    expect(plain.status).toBe(200)
    expect(plain.json).toMatchObject({ content: 'Hello from Ollama.', provider: 'ollama', model: 'llama3.2' })
    const tool = (await chat(chatRequest('please open getBook'))).json as AiChatAnswer
    expect(tool.toolCalls).toEqual([
      { id: 'call_1', name: 'open_method', arguments: { service: 'Books', method: 'getBook' } },
    ])
    const sent = JSON.parse(ollama.bodies.at(-1) ?? '{}') as { tools: { function: { name: string } }[] }
    expect(sent.tools.map((t) => t.function.name)).toEqual(['open_method'])
  })

  it('passes on Ollama’s own error for a model that is not pulled, with the pull command as the hint', async () => {
    await putConfig({ provider: 'ollama', endpoint: ollama.url, model: 'not-pulled' })
    const failed = await chat(chatRequest('hello'))
    expect(failed.status).toBe(502)
    expect(failed.json).toMatchObject({
      detail: expect.stringContaining('model "not-pulled" not found, try pulling it first') as unknown,
      hint: expect.stringContaining('ollama pull not-pulled') as unknown,
    })
  })

  it('streams Ollama’s answer piece by piece', async () => {
    const ai = await createAiService({ configDir: join(configDir, 'stream'), overlay: { endpoint: ollama.url } })
    const deltas: string[] = []
    const answer = await ai.chat(chatRequest('hello'), {
      secrets: [ENV_CANARY],
      signal: AbortSignal.timeout(5000),
      onDelta: (text) => deltas.push(text),
    })
    expect(deltas).toEqual(['Hello ', 'from ', 'Ollama.'])
    expect(answer.content).toBe('Hello from Ollama.')
  })

  it('refuses a cloud provider without a key and keeps the key out of every answer', async () => {
    const refused = await putConfig({ provider: 'openai', endpoint: `${mockLlm.url}/v1` })
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ detail: 'The openai provider needs an API key.' })
    const saved = await putConfig({
      provider: 'OpenAI',
      endpoint: `${mockLlm.url}/v1`,
      model: 'gpt-4o-mini',
      apiKey: API_KEY,
    })
    expect(saved.status).toBe(200)
    expect(saved.json).toMatchObject({ provider: 'openai', hasApiKey: true })
    const view = (await call({ method: 'GET', url: AI_ROUTES.config })).json as Record<string, unknown>
    expect(view.hasApiKey).toBe(true)
    expect(JSON.stringify(view)).not.toContain(API_KEY)
    // On disk, for the user's machine only.
    expect(await readFile(join(configDir, 'ai-config.json'), 'utf8')).toContain(API_KEY)
  })

  it.each([
    ['openai', '/v1'],
    ['openrouter', '/v1'],
    ['lmstudio', ''],
  ])('talks to %s through the OpenAI-compatible API of mock-llm, tool calls included', async (provider, path) => {
    await putConfig({ provider, endpoint: `${mockLlm.url}${path}`, model: 'gpt-4o-mini', apiKey: API_KEY })
    const plain = await chat(chatRequest('hello there'))
    expect(plain.status).toBe(200)
    expect(plain.json).toMatchObject({ content: 'echo: hello there', provider })
    const tool = (await chat(chatRequest('open the book'))).json as AiChatAnswer
    expect(tool.toolCalls).toEqual([
      { id: 'call_1', name: 'open_method', arguments: { service: 'Books', method: 'getBook' } },
    ])
  })

  it('streams an OpenAI-compatible answer from mock-llm', async () => {
    const ai = await createAiService({
      configDir: join(configDir, 'stream-openai'),
      overlay: { provider: 'lmstudio', endpoint: mockLlm.url },
    })
    const deltas: string[] = []
    const answer = await ai.chat(chatRequest('a streamed answer please', []), {
      secrets: [ENV_CANARY],
      signal: AbortSignal.timeout(5000),
      onDelta: (text) => deltas.push(text),
    })
    expect(answer.content).toBe('echo: a streamed answer please')
    expect(deltas.length).toBeGreaterThan(2)
    expect(deltas.join('')).toBe(answer.content)
  })

  it('passes on the provider’s own error for an unknown model', async () => {
    await putConfig({ provider: 'openai', endpoint: `${mockLlm.url}/v1`, model: 'missing-model', apiKey: API_KEY })
    const failed = await chat(chatRequest('hello'))
    expect(failed.status).toBe(502)
    expect(failed.json).toMatchObject({
      detail: expect.stringContaining('The model `missing-model` does not exist') as unknown,
      hint: expect.stringContaining('missing-model') as unknown,
    })
  })

  it('talks to Anthropic’s Messages API (replayed), whole and streamed, tool use included', async () => {
    await putConfig({ provider: 'anthropic', model: 'claude-3-5-haiku-latest', apiKey: API_KEY })
    expect((await chat(chatRequest('hi'))).json).toMatchObject({ content: 'Hello from Claude.', provider: 'anthropic' })
    const tool = (await chat(chatRequest('open getBook'))).json as AiChatAnswer
    expect(tool).toMatchObject({ content: 'Opening it.' })
    expect(tool.toolCalls).toEqual([
      { id: 'toolu_01', name: 'open_method', arguments: { service: 'Books', method: 'getBook' } },
    ])
    const sent = JSON.parse(anthropic.bodies.at(-1) ?? '{}') as { system: string; tools: { name: string }[] }
    expect(sent.tools.map((t) => t.name)).toEqual(['open_method'])
    expect(sent.system).toContain('visible-trace-id')

    const ai = await createAiService({
      configDir: join(configDir, 'stream-anthropic'),
      overlay: { provider: 'anthropic', apiKey: API_KEY },
      defaultEndpoints: { anthropic: anthropic.url },
    })
    const deltas: string[] = []
    const streamed = await ai.chat(chatRequest('open it'), {
      secrets: [ENV_CANARY],
      signal: AbortSignal.timeout(5000),
      onDelta: (text) => deltas.push(text),
    })
    expect(deltas).toEqual(['Opening ', 'it.'])
    expect(streamed.toolCalls).toEqual([
      { id: 'toolu_01', name: 'open_method', arguments: { service: 'Books', method: 'getBook' } },
    ])
  })

  it('sends the conversation to an MCP host over streamable HTTP', async () => {
    await putConfig({ provider: 'mcp', endpoint: mcpHttp.url, model: 'host-model' })
    const answer = await chat(chatRequest('what is getBook?'))
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ content: 'http host: what is getBook?', provider: 'mcp' })
    expect(JSON.parse(mcpHttp.bodies.at(-1) ?? '{}')).toMatchObject({ model: 'host-model' })
  })

  it('refuses a stdio: endpoint from the API and starts nothing', async () => {
    const before = await readFile(join(configDir, 'ai-config.json'), 'utf8')
    const refused = await putConfig({
      provider: 'mcp',
      endpoint: 'stdio:node -e "require(`fs`).writeFileSync(`/tmp/x`,``)"',
    })
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ detail: 'A stdio: command line cannot be set through the API.' })
    expect(await readFile(join(configDir, 'ai-config.json'), 'utf8')).toBe(before)
    await chat(chatRequest('still the HTTP host'))
    expect(startStdio).not.toHaveBeenCalled()
  })

  it('runs an MCP host over stdio when the command line comes from the CLI', async () => {
    const record = join(configDir, 'stdio-record.jsonl')
    const fixture = join(repoRoot, 'tests', 'servers', 'ai', 'mcp-chat-stdio.mjs')
    const ai = await createAiService({
      configDir: join(configDir, 'stdio'),
      overlay: { provider: 'mcp', endpoint: `stdio:node ${fixture} ${record}`, model: 'stdio-model' },
      startStdio,
    })
    expect(ai.view().endpoint).toBe('stdio:node …')
    const answer = await ai.chat(chatRequest('over stdio'), {
      secrets: [ENV_CANARY],
      signal: AbortSignal.timeout(10_000),
    })
    expect(answer.content).toBe('stdio host (stdio-model): over stdio')
    expect(startStdio).toHaveBeenCalledWith(['node', fixture, record])
    const received = await readFile(record, 'utf8')
    for (const canary of canaries) expect(received).not.toContain(canary)
  })

  it('keeps every canary out of every prompt a provider received, and out of the log', () => {
    const prompts = [...mockLlm.bodies, ...anthropic.bodies, ...ollama.bodies, ...mcpHttp.bodies]
    expect(prompts.length).toBeGreaterThan(10)
    for (const prompt of prompts) {
      for (const canary of [...canaries, API_KEY]) expect(prompt).not.toContain(canary)
      // Redacted, not dropped: the model still sees the request's shape.
      if (prompt.includes('visible-trace-id')) expect(prompt).toContain('***')
    }
    const log = logLines.join('')
    expect(log.length).toBeGreaterThan(0)
    for (const secret of [...canaries, API_KEY]) expect(log).not.toContain(secret)
  })

  it('never answers the API key in any response', () => {
    expect(responses.length).toBeGreaterThan(10)
    for (const body of responses) expect(body).not.toContain(API_KEY)
  })
})

describe('a workbench without the AI package', () => {
  it('has no /api/ai routes', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'wb-noai-'))
    const app = Fastify({ logger: false })
    await app.register(workbench, { configDir, uiDir: null, token: TOKEN, mode: 'standalone' })
    await app.ready()
    try {
      for (const url of [AI_ROUTES.config, AI_ROUTES.probeLocal]) {
        expect((await app.inject({ method: 'GET', url, headers })).statusCode).toBe(404)
      }
      const chat = await app.inject({ method: 'POST', url: AI_ROUTES.chat, headers, payload: chatRequest('x') })
      expect(chat.statusCode).toBe(404)
    } finally {
      await app.close()
      await rm(configDir, { recursive: true, force: true })
    }
  })
})
