/**
 * MCP calls and session events the reference servers cannot show, against our SDK-built lab server: every content
 * kind, structured content that breaks its schema, tool errors as results, a nested form from `$defs`, cancellation
 * both ways (from the session channel by progress token, and by the HTTP client going away), list changes, the
 * server pinging us, server requests nobody answers, and the pool's idle timeout and bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FieldInfo, McpSessionEvent, ServiceInfo } from '@wirebench/core'
import { createMcpPlugin } from '@wirebench/protocol-mcp'
import { contractContext } from '../contract/protocol-contract.js'
import type { LiveClient } from '../servers/live/live-client.js'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabServer } from '../servers/mcp/lab-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { openSessionChannel } from '../servers/mcp/session-channel.js'
import { failure } from '../support/workbench-failure.js'

let lab: LabServer
let wb: McpWorkbench
let live: LiveClient
let services: ServiceInfo[]

beforeAll(async () => {
  ;[lab, wb] = await Promise.all([startLabServer(), startMcpWorkbench()])
  live = await wb.connect()
  services = (await wb.discover([lab.url])).services
})
afterAll(async () => {
  await wb?.close()
  await lab?.close()
})

const call = (method: string, message: unknown = {}) =>
  wb.invoke({ url: lab.url, service: 'Tools', method, messages: [message] })

const fieldSummary = (fields: FieldInfo[]): unknown =>
  fields.map((f) => ({
    name: f.name,
    type: f.type,
    required: f.required,
    ...(f.isRepeated ? { repeated: true } : {}),
    ...(f.defaultValue !== undefined ? { default: f.defaultValue } : {}),
    ...(f.enumValues ? { values: f.enumValues.map((v) => v.name) } : {}),
    ...(f.messageType ? { fields: fieldSummary(f.messageType.fields) } : {}),
  }))

describe('tool calls', () => {
  it('passes every content kind through as the server sent it', async () => {
    const result = await call('contents')
    const content = (result.response as { content: Array<{ type: string }> }).content
    expect(content.map((c) => c.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource'])
    expect(content[2]).toEqual({ type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' })
  })

  it('checks structured content against the outputSchema and shows why it does not match', async () => {
    expect(await call('weather-ok')).toMatchObject({ status: 'OK', outputValidation: { valid: true } })
    const bad = await call('weather-bad')
    expect(bad.status).toBe('OK')
    expect(bad.response).toMatchObject({ structuredContent: { temperature: 'hot' } })
    expect(bad.outputValidation).toEqual({
      valid: false,
      errors: expect.arrayContaining([
        { path: '/temperature', message: 'must be number' },
        { path: '', message: "must have required property 'conditions'" },
      ]),
    })
    // The common validation result points into the whole tools/call result the response viewer shows.
    expect(bad.validation).toEqual({
      valid: false,
      schema: 'outputSchema of tool weather-bad',
      problems: expect.arrayContaining([
        { pointer: '/structuredContent/temperature', message: 'must be number' },
        { pointer: '/structuredContent', message: "must have required property 'conditions'" },
      ]),
    })
    expect((await call('weather-ok')).validation).toEqual({
      valid: true,
      schema: 'outputSchema of tool weather-ok',
      problems: [],
    })
  })

  it('checks structured content over 1 MB in the server’s worker and serves its result by id', async () => {
    const result = await call('weather-many')
    expect(result.validation).toBeUndefined()
    expect(result.validationPending?.schema).toBe('outputSchema of tool weather-many')
    const follow = await wb.api(`/api/validations/${result.validationPending!.id}`)
    expect(follow.status).toBe(200)
    expect(await follow.json()).toEqual({
      valid: false,
      schema: 'outputSchema of tool weather-many',
      problems: [expect.objectContaining({ pointer: '/structuredContent/readings/9000/temperature', keyword: 'type' })],
    })
  })

  it('reports a tool error (isError) as a result with the tool’s own message', async () => {
    const result = await call('fails')
    expect(result).toMatchObject({ status: 'Unknown', statusMessage: expect.stringContaining('isError') })
    expect(result.response).toEqual({ content: [{ type: 'text', text: 'It went wrong on purpose.' }], isError: true })
  })

  it('describes a nested input schema ($defs, arrays, enums, defaults, required) as form fields', () => {
    const nested = services.find((s) => s.name === 'Tools')!.methods.find((m) => m.name === 'nested')!
    expect(fieldSummary(nested.inputType.fields)).toEqual([
      { name: 'name', type: 'string', required: true },
      { name: 'size', type: 'enum', required: false, default: 'medium', values: ['small', 'medium', 'large'] },
      { name: 'count', type: 'int32', required: false, default: 1 },
      { name: 'tags', type: 'string', required: false, repeated: true },
      {
        name: 'address',
        type: 'message',
        required: true,
        fields: [
          { name: 'street', type: 'string', required: true },
          { name: 'city', type: 'string', required: false, default: 'Lyon' },
        ],
      },
      {
        name: 'lines',
        type: 'message',
        required: false,
        repeated: true,
        fields: [
          { name: 'sku', type: 'string', required: true },
          { name: 'qty', type: 'double', required: false },
        ],
      },
      { name: 'note', type: 'string', required: false },
    ])
    // Server text is data: a `${…}` in it stays as written.
    expect(nested.inputType.fields.at(-1)?.description).toBe('Anything ${canarySecret} else')
    expect(nested.mcp?.inputSchema).toMatchObject({ $defs: { Address: { type: 'object' } } })
  })

  it('refuses a message that is not one object, naming the problem', async () => {
    const problem = await wb.invokeProblem({ url: lab.url, service: 'Tools', method: 'echo', messages: [[1, 2]] })
    expect(problem).toMatchObject({ status: 400, code: 'invalid_request' })
    expect(problem.detail).toContain('JSON object')
  })
})

describe('cancellation', () => {
  // A cancel must find the call running at the server: wait for its tools/call there, not for a fixed time.
  const toolCalls = () => lab.methods().filter((m) => m === 'tools/call').length

  it('cancels a running call from the session channel by its progress token', async () => {
    const channel = await openSessionChannel(live, lab.url)
    const calledBefore = toolCalls()
    const running = wb.invokeProblem({
      url: lab.url,
      service: 'Tools',
      method: 'slow',
      messages: [{ ms: 10_000, _meta: { progressToken: 'slow-from-ui' } }],
    })
    await expect.poll(toolCalls).toBe(calledBefore + 1)
    await channel.send({ op: 'cancel', progressToken: 'slow-from-ui', reason: 'user pressed stop', id: 'stop' })
    expect(await channel.waitFor('reply', (e) => e.id === 'stop')).toMatchObject({ result: {} })
    expect(await running).toMatchObject({ code: 'cancelled', detail: 'user pressed stop' })
    await expect.poll(() => lab.cancelled().some((c) => String(c.reason).includes('user pressed stop'))).toBe(true)
    channel.close()
  })

  it('sends notifications/cancelled when the HTTP client goes away', async () => {
    const before = lab.cancelled().length
    const calledBefore = toolCalls()
    const controller = new AbortController()
    const request = fetch(`${wb.base}/api/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': wb.token },
      body: JSON.stringify({
        protocol: 'mcp',
        url: lab.url,
        service: 'Tools',
        method: 'slow',
        messages: [{ ms: 10_000 }],
      }),
      signal: controller.signal,
    }).catch(() => undefined)
    await expect.poll(toolCalls).toBe(calledBefore + 1)
    controller.abort()
    await request
    await expect.poll(() => lab.cancelled().length).toBe(before + 1)
    expect(lab.methods()).toContain('notifications/cancelled')
  })
})

describe('session events', () => {
  it('tells the channel a list changed, and a call to the new tool works before anyone re-discovers', async () => {
    const channel = await openSessionChannel(live, lab.url)
    const grown = (await call('grow')).response as { content: Array<{ text: string }> }
    const name = grown.content[0]!.text
    await channel.waitFor('listChanged', (e) => e.list === 'tools')
    expect((await call(name, {})).status).toBe('OK')
    const again = await wb.discover([lab.url])
    expect(again.services.find((s) => s.name === 'Tools')?.methods.map((m) => m.name)).toContain(name)
    channel.close()
  })

  it('answers the server’s ping itself and shows it', async () => {
    const channel = await openSessionChannel(live, lab.url)
    expect((await call('ping-client')).status).toBe('OK')
    await channel.waitFor('requestAnswered', (e) => e.method === 'ping' && e.by === 'workbench')
    channel.close()
  })

  it('takes a request the server withdrew off the channel', async () => {
    const channel = await openSessionChannel(live, lab.url)
    const result = call('ask-then-withdraw')
    const request = await channel.waitFor('request', (e) => e.method === 'elicitation/create')
    expect(await channel.waitFor('requestCancelled', (e) => e.requestId === request.requestId)).toMatchObject({
      method: 'elicitation/create',
    })
    expect(((await result).response as { content: Array<{ text: string }> }).content[0]?.text).toBe('withdrawn')
    const late = await channel.send({
      op: 'answer',
      requestId: request.requestId,
      result: { action: 'decline' },
      id: 'late',
    })
    expect(late.accepted).toBe(true)
    expect(await channel.waitFor('reply', (e) => e.id === 'late')).toMatchObject({
      error: { message: expect.stringContaining('is waiting for an answer') },
    })
    channel.close()
  })

  it('relays the server’s log after a level change', async () => {
    const channel = await openSessionChannel(live, lab.url)
    await channel.send({ op: 'setLevel', level: 'info' })
    const log = await channel.waitFor('log')
    expect(log).toEqual({ kind: 'log', level: 'info', logger: 'lab', data: 'level set to info' })
    channel.close()
  })

  it('refuses a send it cannot read, saying what an op looks like', async () => {
    const channel = await openSessionChannel(live, lab.url)
    const sent = await channel.send({ op: 'launch', command: 'rm' })
    expect(sent).toMatchObject({ accepted: false, problem: { code: 'invalid_request' } })
    expect(sent.problem?.detail).toContain('"launch" is not an op')
    channel.close()
  })
})

describe('the plugin’s own bounds', () => {
  it('answers a server request nobody answers with a timeout, and shows it expired', async () => {
    const plugin = createMcpPlugin({ serverRequestTimeoutMs: 300 })
    try {
      const channel = await plugin.openChannel!(
        { target: lab.url, service: 'Session', method: 'events', messages: [] },
        contractContext(),
      )
      const events: McpSessionEvent[] = []
      void (async () => {
        for await (const frame of channel.frames())
          if (frame.type === 'message') events.push(frame.data as McpSessionEvent)
      })()
      const result = await plugin.invoke(
        { target: lab.url, service: 'Tools', method: 'ask', messages: [{}] },
        contractContext(),
      )
      // The lab tool passes the elicitation's failure on: the server's JSON-RPC error comes back as the result.
      expect(result.status).toBe('DeadlineExceeded')
      expect(JSON.stringify(result.response)).toMatch(/Nobody answered in the workbench within 0.3 s/)
      expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['request', 'requestExpired']))
      await channel.dispose()
    } finally {
      await plugin.dispose?.()
    }
  })

  it('closes an idle session and reconnects on the next call', async () => {
    const plugin = createMcpPlugin({ idleTimeoutMs: 150 })
    try {
      const before = lab.initializes()
      const echo = () =>
        plugin.invoke(
          { target: lab.url, service: 'Tools', method: 'echo', messages: [{ message: 'x' }] },
          contractContext(),
        )
      await echo()
      await echo()
      expect(lab.initializes()).toBe(before + 1)
      await new Promise((resolve) => setTimeout(resolve, 400))
      await echo()
      expect(lab.initializes()).toBe(before + 2)
    } finally {
      await plugin.dispose?.()
    }
  })

  it('keeps at most maxSessions open: an idle one makes room, busy ones refuse a new one', async () => {
    const plugin = createMcpPlugin({ maxSessions: 2 })
    const as = (who: string) => contractContext({ metadata: { authorization: `Bearer ${who}` } })
    const echo = (who: string) =>
      plugin.invoke({ target: lab.url, service: 'Tools', method: 'echo', messages: [{ message: who }] }, as(who))
    try {
      await echo('a')
      await echo('b')
      await echo('c')
      const channels = await Promise.all(
        ['c', 'd'].map((who) =>
          plugin.openChannel!({ target: lab.url, service: 'Session', method: 'events', messages: [] }, as(who)),
        ),
      )
      const refused = await failure(echo('e'))
      expect(refused).toMatchObject({ code: 'busy' })
      expect(refused.message).toContain('At most 2 MCP sessions')
      await Promise.all(channels.map((channel) => channel.dispose()))
    } finally {
      await plugin.dispose?.()
    }
  })
})

describe('paged tools/list', () => {
  const discoverWith = async (server: LabServer, maxListPages?: number, describe?: string) => {
    const plugin = createMcpPlugin(maxListPages === undefined ? {} : { maxListPages })
    try {
      const services = await plugin.discover({ kind: 'url', url: server.url, pinned: true }, contractContext())
      return { services, described: describe && plugin.describeMethod?.(server.url, 'Tools', describe) }
    } finally {
      await plugin.dispose?.()
    }
  }

  it('describes every page in list order, asking for each page once', async () => {
    const paged = await startLabServer({ generatedTools: 250, pageSize: 40 })
    try {
      const { services, described } = await discoverWith(paged, undefined, 'tool-0250')
      const tools = services.find((s) => s.name === 'Tools')!
      const names = tools.methods.map((m) => m.name)
      expect(names.filter((n) => n.startsWith('tool-'))).toEqual(
        Array.from({ length: 250 }, (_, i) => `tool-${String(i + 1).padStart(4, '0')}`),
      )
      expect(new Set(names).size).toBe(names.length)
      // So many tools are listed without their forms; the plugin describes one when asked.
      expect(described && described.inputType.fields.map((f) => f.name)).toEqual(['id', 'label', 'flag'])
      const pages = Math.ceil(names.length / 40)
      expect(paged.methods().filter((m) => m === 'tools/list')).toHaveLength(pages)
    } finally {
      await paged.close()
    }
  })

  it('stops a list longer than maxListPages, and one whose cursor repeats, saying which', async () => {
    const paged = await startLabServer({ generatedTools: 250, pageSize: 40 })
    const looping = await startLabServer({ pageSize: 5, isCursorLooping: true })
    try {
      const long = await failure(discoverWith(paged, 3))
      expect(long).toMatchObject({ code: 'payload_too_large' })
      expect(long.message).toContain('more than 3 pages')
      // Three pages read, no fourth asked for.
      expect(paged.methods().filter((m) => m === 'tools/list')).toHaveLength(3)
      const endless = await failure(discoverWith(looping))
      expect(endless).toMatchObject({ code: 'upstream_invalid' })
      expect(endless.message).toContain('repeated the tools/list cursor "0"')
    } finally {
      await Promise.all([paged.close(), looping.close()])
    }
  })
})
