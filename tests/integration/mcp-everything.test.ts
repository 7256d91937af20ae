/**
 * The MCP reference server no one here wrote (`@modelcontextprotocol/server-everything`) over all three transports —
 * Streamable HTTP, legacy HTTP+SSE and stdio (a configured server the workbench starts) — through the real workbench:
 * discovery, every content kind it sends, structured content checked against its output schema, resources (text,
 * blob, templates), prompts with completion, and through the session channel: progress, logging with a level,
 * subscriptions, elicitation and sampling answered by the user, and roots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvokeResult, McpSessionInfo, ServiceInfo } from '@wirebench/core'
import type { LiveClient } from '../servers/live/live-client.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { openSessionChannel } from '../servers/mcp/session-channel.js'
import { entryPoint, startMcpEverything } from '../servers/sse/mcp-everything.js'
import type { McpEverything } from '../servers/sse/mcp-everything.js'

let wb: McpWorkbench
let streamable: McpEverything
let legacy: McpEverything
let live: LiveClient

const roots = [{ uri: 'file:///tmp/wirebench-roots', name: 'scratch' }]

beforeAll(async () => {
  ;[streamable, legacy, wb] = await Promise.all([
    startMcpEverything({ transport: 'streamableHttp' }),
    startMcpEverything({ transport: 'sse' }),
    startMcpWorkbench({
      mcp: {
        servers: [
          {
            name: 'everything',
            transport: 'stdio',
            command: process.execPath,
            args: [entryPoint(), 'stdio'],
            env: {},
            roots,
            source: { kind: 'command-line' },
          },
        ],
      },
    }),
  ])
  live = await wb.connect()
}, 60_000)

afterAll(async () => {
  await wb?.close()
  await Promise.all([streamable?.close(), legacy?.close()])
})

const transports = [
  { name: 'Streamable HTTP', kind: 'streamable-http', url: () => streamable.mcpUrl },
  { name: 'HTTP+SSE', kind: 'sse', url: () => legacy.sseUrl },
  { name: 'stdio', kind: 'stdio', url: () => 'mcp+stdio://everything' },
] as const

describe.each(transports)('server-everything over $name', ({ kind, url }) => {
  let services: ServiceInfo[]
  const call = (service: string, method: string, message: unknown = {}, metadata?: Record<string, string>) =>
    wb.invoke({ url: url(), service, method, messages: [message], ...(metadata ? { metadata } : {}) })
  const textOf = (result: InvokeResult): string =>
    ((result.response as { content: Array<{ text?: string }> }).content[0]?.text ?? '').toString()

  beforeAll(async () => {
    const discovered = await wb.discover([url()])
    services = discovered.services
  })

  it('is discovered as tools, resources, resource templates, prompts and a session', () => {
    expect(services.map((s) => s.name)).toEqual(['Tools', 'Resources', 'Resource templates', 'Prompts', 'Session'])
    expect(services.every((s) => s.protocol === 'mcp' && s.package === 'mcp-servers/everything')).toBe(true)
    const tools = services.find((s) => s.name === 'Tools')!
    const longRunning = tools.methods.find((m) => m.name === 'trigger-long-running-operation')!
    expect(longRunning.mcp?.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    })
    expect(longRunning.inputType.fields.map((f) => [f.name, f.type, f.defaultValue])).toEqual([
      ['duration', 'double', 10],
      ['steps', 'double', 5],
    ])
    const structured = tools.methods.find((m) => m.name === 'get-structured-content')!
    expect(structured.mcp?.outputSchema).toMatchObject({ type: 'object' })
    expect(structured.outputType.fields.map((f) => f.name)).toEqual(['temperature', 'conditions', 'humidity'])
    const template = services.find((s) => s.name === 'Resource templates')!.methods[0]!
    expect(template.inputType.fields).toEqual([expect.objectContaining({ name: 'resourceId', required: true })])
    expect(template.mcp).toMatchObject({ kind: 'resourceTemplate', completable: true })
  })

  it('reports the negotiated session', async () => {
    const info = (await call('Session', 'info')).response as McpSessionInfo
    expect(info).toMatchObject({ transport: kind, serverInfo: { name: 'mcp-servers/everything' } })
    expect(info.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(info.instructions).toContain('Everything')
    if (kind === 'stdio') expect(info.process).toMatchObject({ state: 'running', pid: expect.any(Number) })
  })

  it('calls tools: text, image, resource links, embedded resources and checked structured content', async () => {
    expect(textOf(await call('Tools', 'echo', { message: 'hi' }))).toBe('Echo: hi')
    const image = (await call('Tools', 'get-tiny-image')).response as { content: Array<{ type: string }> }
    expect(image.content.map((c) => c.type)).toContain('image')
    const links = (await call('Tools', 'get-resource-links', { count: 2 })).response as {
      content: Array<{ type: string }>
    }
    expect(links.content.filter((c) => c.type === 'resource_link')).toHaveLength(2)
    const reference = await call('Tools', 'get-resource-reference', { resourceType: 'Text', resourceId: 1 })
    expect((reference.response as { content: Array<{ type: string }> }).content.map((c) => c.type)).toContain(
      'resource',
    )
    const structured = await call('Tools', 'get-structured-content', { location: 'Chicago' })
    expect(structured).toMatchObject({ status: 'OK', outputValidation: { valid: true } })
    expect(structured.validation).toEqual({
      valid: true,
      schema: 'outputSchema of tool get-structured-content',
      problems: [],
    })
    expect((structured.response as { structuredContent: object }).structuredContent).toMatchObject({
      temperature: expect.any(Number),
    })
  })

  it('reports a JSON-RPC error of the server as a result, not a transport failure', async () => {
    const result = await call('Tools', 'get-sum', { a: 'one', b: 2 })
    expect(result.status).not.toBe('OK')
    expect(JSON.stringify(result.response)).toMatch(/invalid|expected/i)
  })

  it('reads resources (text and blob) and fills templates from their variables', async () => {
    const text = (await call('Resources', 'architecture.md')).response as {
      contents: Array<{ text?: string; uri: string }>
    }
    expect(text.contents[0]?.text).toContain('Architecture')
    const blob = (await call('Resource templates', 'Dynamic Blob Resource', { resourceId: '3' })).response as {
      contents: Array<{ blob?: string; uri: string }>
    }
    expect(blob.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/blob/3', blob: expect.any(String) })
    const missing = await wb.invokeProblem({
      url: url(),
      service: 'Resource templates',
      method: 'Dynamic Text Resource',
      messages: [{}],
    })
    expect(missing).toMatchObject({ status: 400, code: 'invalid_request' })
    expect(missing.detail).toContain('resourceId')
  })

  it('gets prompts and completes their arguments', async () => {
    const prompt = (await call('Prompts', 'args-prompt', { city: 'Paris', state: 'TX' })).response as {
      messages: Array<{ content: { text: string } }>
    }
    expect(prompt.messages[0]?.content.text).toContain('Paris')
    const completion = (
      await call('Session', 'complete', {
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'name', value: 'A' },
        context: { arguments: { department: 'Engineering' } },
      })
    ).response as { completion: { values: string[] } }
    expect(completion.completion.values).toEqual(['Alice'])
    const templateCompletion = (
      await call('Session', 'complete', {
        ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
        argument: { name: 'resourceId', value: '1' },
      })
    ).response as { completion: { values: string[] } }
    expect(templateCompletion.completion.values.length).toBeGreaterThan(0)
  })

  it('streams progress of a running tool, tagged with the call’s token on the session channel', async () => {
    const channel = await openSessionChannel(live, url())
    const id = `progress-${kind}`
    live.send({
      op: 'stream.open',
      id,
      protocol: 'mcp',
      url: url(),
      service: 'Tools',
      method: 'trigger-long-running-operation',
      messages: [{ duration: 0.3, steps: 3, _meta: { progressToken: `ui-${kind}` } }],
    })
    await live.waitFor((m) => m.op === 'closed' && 'id' in m && m.id === id)
    const frames = live.frames(id).map((f) => f.frame)
    const progress = frames.filter((f) => f.type === 'message' && f.meta?.['kind'] === 'progress')
    expect(progress.map((f) => (f.type === 'message' ? f.data : undefined))).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ])
    expect(frames.at(-2)).toMatchObject({ type: 'message', meta: { kind: 'result' } })
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'OK' })
    await channel.waitFor('progress', (e) => e.progressToken === `ui-${kind}` && e.progress === 3)
    channel.close()
  })

  it('sets the log level, subscribes to a resource and relays logs and updates', async () => {
    const channel = await openSessionChannel(live, url())
    expect((await channel.send({ op: 'setLevel', level: 'debug', id: 'level' })).accepted).toBe(true)
    expect(await channel.waitFor('reply', (e) => e.id === 'level')).toMatchObject({ op: 'setLevel', result: {} })
    const uri = 'demo://resource/static/document/architecture.md'
    await channel.send({ op: 'subscribe', uri, id: 'sub' })
    await channel.waitFor('reply', (e) => e.id === 'sub')
    await channel.waitFor('log', (e) => String(e.data).includes('Subscribe'))
    await call('Tools', 'toggle-subscriber-updates')
    await channel.waitFor('resourceUpdated', (e) => e.uri === uri)
    await call('Tools', 'toggle-subscriber-updates')
    await channel.send({ op: 'unsubscribe', uri, id: 'unsub' })
    await channel.waitFor('reply', (e) => e.id === 'unsub')
    channel.close()
  })

  it('shows an elicitation to the user and returns the answer to the server', async () => {
    const channel = await openSessionChannel(live, url())
    const running = call('Tools', 'trigger-elicitation-request')
    const request = await channel.waitFor('request', (e) => e.method === 'elicitation/create')
    expect(request.params).toMatchObject({ requestedSchema: { type: 'object' } })
    expect(request.expiresAt).toBeGreaterThan(Date.now())
    const wrong = await channel.send({
      op: 'answer',
      requestId: request.requestId,
      result: { action: 'accept', content: { email: 'not an email' } },
    })
    expect(wrong).toMatchObject({ accepted: true })
    expect(await channel.waitFor('reply', (e) => e.op === 'answer' && e.error !== undefined)).toMatchObject({
      error: { message: expect.stringContaining('email') },
    })
    await channel.send({
      op: 'answer',
      requestId: request.requestId,
      result: { action: 'accept', content: { name: 'Ada Lovelace', check: true, email: 'ada@example.com' } },
    })
    const result = await running
    expect(JSON.stringify(result.response)).toContain('Ada Lovelace')
    await channel.waitFor('requestAnswered', (e) => e.requestId === request.requestId && e.by === 'user')
    channel.close()
  })

  it('returns the URL elicitations of a -32042 error with what to do, and the same call sent again goes on', async () => {
    const args = { url: 'https://example.com/consent', errorPath: true }
    const first = await call('Tools', 'trigger-url-elicitation', args)
    expect(first.status).toBe('FailedPrecondition')
    expect(first.response).toMatchObject({
      error: {
        code: -32042,
        data: {
          elicitations: [{ mode: 'url', url: 'https://modelcontextprotocol.io', elicitationId: expect.any(String) }],
        },
      },
    })
    expect(first.statusMessage).toMatch(
      /finish a page in a browser first \(https:\/\/modelcontextprotocol\.io\); open it, finish there, then send the same call again/,
    )
    // The server remembers the prerequisite it asked for: the retry goes on to its request path.
    const channel = await openSessionChannel(live, url())
    const running = call('Tools', 'trigger-url-elicitation', args)
    const request = await channel.waitFor('request', (e) => e.method === 'elicitation/create')
    expect(request.params).toMatchObject({ mode: 'url', url: args.url })
    await channel.send({ op: 'answer', requestId: request.requestId, result: { action: 'accept' } })
    const retried = await running
    expect(retried.status).toBe('OK')
    expect(textOf(retried)).toContain('User completed the URL elicitation flow')
    channel.close()
  })

  it('shows a sampling request and returns the user’s reply', async () => {
    const channel = await openSessionChannel(live, url())
    const running = call('Tools', 'trigger-sampling-request', { prompt: 'Say hi', maxTokens: 10 })
    const request = await channel.waitFor('request', (e) => e.method === 'sampling/createMessage')
    expect(JSON.stringify(request.params)).toContain('Say hi')
    await channel.send({
      op: 'answer',
      requestId: request.requestId,
      result: { role: 'assistant', content: { type: 'text', text: 'Hi from the user' }, model: 'wirebench-user' },
    })
    expect(textOf(await running)).toContain('Hi from the user')
    channel.close()
  })

  it('answers roots/list with the roots configured for the server', async () => {
    const channel = await openSessionChannel(live, url())
    if (kind !== 'stdio') {
      // HTTP servers have no configuration entry here: the user gives the roots, and the server asks for them again.
      await channel.send({ op: 'setRoots', roots, id: 'roots' })
      await channel.waitFor('reply', (e) => e.id === 'roots')
      await channel.waitFor(
        'requestAnswered',
        (e) => e.method === 'roots/list' && JSON.stringify(e.result).includes('wirebench-roots'),
      )
    }
    const text = textOf(await call('Tools', 'get-roots-list'))
    expect(text).toContain('file:///tmp/wirebench-roots')
    channel.close()
  })
})
