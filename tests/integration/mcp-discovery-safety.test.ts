/**
 * MCP discovery keeps issue 12's rule: an unpinned probe only reads (GETs), and `initialize` goes out only to an
 * address that showed it speaks MCP. MCP does not claim other protocols' URLs, and SSE and REST do not list an MCP
 * endpoint as theirs. Real servers: server-everything's SSE transport, a stateless Streamable HTTP server built with
 * the SDK, our lab server (with and without bearer auth), json-server and a recording HTTP server.
 */
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabServer } from '../servers/mcp/lab-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'
import { startJsonServer } from '../servers/rest/json-server.js'
import type { JsonServer } from '../servers/rest/json-server.js'
import { startMcpEverything } from '../servers/sse/mcp-everything.js'
import type { McpEverything } from '../servers/sse/mcp-everything.js'
import { startSequenceServer } from '../servers/sse/sequence-server.js'
import type { SequenceServer } from '../servers/sse/sequence-server.js'

interface Recorded {
  method: string
  path: string
  body: string
}

/** Answers every request like a REST API that knows no such route for POST (405) and lists items for GET. */
async function startRecordingServer(): Promise<{ url: string; seen: Recorded[]; close(): Promise<void> }> {
  const seen: Recorded[] = []
  const server: HttpServer = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      seen.push({ method: request.method ?? '', path: request.url ?? '', body: Buffer.concat(chunks).toString('utf8') })
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify([{ id: 1 }]))
      } else {
        response.writeHead(405, { 'content-type': 'application/json', allow: 'GET' })
        response.end(JSON.stringify({ message: 'Method not allowed' }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/items`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The SDK's stateless Streamable HTTP server: a GET without a session opens a bare event stream. */
async function startStatelessServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const mcp = new McpServer({ name: 'stateless', version: '1.0.0' })
    mcp.registerTool('hello', { description: 'Says hello' }, () => ({ content: [{ type: 'text', text: 'hello' }] }))
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    response.on('close', () => void transport.close())
    void mcp.connect(transport).then(() => transport.handleRequest(request, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

describe('MCP discovery without side effects', () => {
  let wb: McpWorkbench
  let lab: LabServer
  let guarded: LabServer
  let everything: McpEverything
  let json: JsonServer
  let events: SequenceServer
  let recording: Awaited<ReturnType<typeof startRecordingServer>>
  let stateless: Awaited<ReturnType<typeof startStatelessServer>>

  beforeAll(async () => {
    ;[wb, lab, guarded, everything, json, events, recording, stateless] = await Promise.all([
      startMcpWorkbench(),
      startLabServer(),
      startLabServer({ bearerToken: 'lab-token' }),
      startMcpEverything(),
      startJsonServer(),
      startSequenceServer(),
      startRecordingServer(),
      startStatelessServer(),
    ])
  }, 60_000)
  afterAll(async () => {
    await wb?.close()
    await Promise.all([
      lab?.close(),
      guarded?.close(),
      everything?.close(),
      json?.close(),
      events?.close(),
      recording?.close(),
      stateless?.close(),
    ])
  })

  it('sends a non-MCP URL nothing but GETs, and claims nothing there', async () => {
    const discovered = await wb.discover([recording.url])
    const mcp = discovered.attempts.find((a) => a.pluginId === 'mcp')
    expect(mcp).toMatchObject({ outcome: 'empty', code: 'no_services' })
    expect(mcp?.hint).toContain(`mcp@${recording.url}`)
    expect(discovered.services.filter((s) => s.protocol === 'mcp')).toEqual([])
    expect(recording.seen.filter((r) => r.body.includes('initialize'))).toEqual([])
    const mcpProbes = recording.seen.filter((r) => r.path === '/items' && r.method !== 'GET')
    expect(mcpProbes.every((r) => r.path.includes('/grpc.reflection.'))).toBe(true)
  })

  it('leaves a json-server collection unchanged and unclaimed', async () => {
    const before = json.counts()
    const discovered = await wb.discover([`${json.base}/posts`])
    expect(discovered.attempts.find((a) => a.pluginId === 'mcp')).toMatchObject({ outcome: 'empty' })
    expect(json.counts()).toEqual(before)
  })

  it('leaves a plain event stream to the SSE plugin', async () => {
    const url = events.url('/events?count=1')
    const discovered = await wb.discover([url])
    expect(discovered.services.map((s) => s.protocol)).toEqual(['sse'])
    expect(discovered.attempts.find((a) => a.pluginId === 'mcp')).toMatchObject({ outcome: 'empty' })
  })

  it('lists server-everything’s legacy SSE endpoint as MCP only: the SSE plugin stands back', async () => {
    const discovered = await wb.discover([everything.sseUrl])
    expect(new Set(discovered.services.map((s) => s.protocol))).toEqual(new Set(['mcp']))
    const sse = discovered.attempts.find((a) => a.pluginId === 'sse')
    expect(sse).toMatchObject({ outcome: 'empty', servicesFound: 0 })
    expect(sse?.message).toContain('MCP')
  })

  it('recognises a Streamable HTTP endpoint by its JSON-RPC refusal of a GET, and REST lists nothing there', async () => {
    const discovered = await wb.discover([lab.url])
    expect(new Set(discovered.services.map((s) => s.protocol))).toEqual(new Set(['mcp']))
    expect(lab.methods()[0]).toBe('initialize')
  })

  it('recognises a stateless Streamable HTTP server (bare event stream) by a second, JSON-only GET', async () => {
    const discovered = await wb.discover([stateless.url])
    const mcp = discovered.services.filter((s) => s.protocol === 'mcp')
    expect(mcp.map((s) => s.name)).toEqual(['Tools', 'Session'])
    expect(discovered.services.filter((s) => s.protocol === 'sse')).toEqual([])
  })

  it('says where a protected server’s resource metadata is when it refuses the probe with 401', async () => {
    const discovered = await wb.discover([guarded.url])
    const mcp = discovered.attempts.find((a) => a.pluginId === 'mcp')
    expect(mcp).toMatchObject({
      outcome: 'error',
      code: 'unauthorized',
      authChallenge: {
        status: 401,
        scheme: 'Bearer',
        resourceMetadata: `${guarded.origin}/.well-known/oauth-protected-resource/mcp`,
        scope: 'lab',
      },
    })
    expect(mcp?.message).toContain('protected-resource metadata')
    expect(guarded.initializes()).toBe(0)
  })

  it('uses the environment’s bearer token on the probe, the initialize and the calls', async () => {
    const metadata = { authorization: 'Bearer lab-token' }
    const discovered = await wb.discover([guarded.url], metadata)
    expect(discovered.services.filter((s) => s.protocol === 'mcp').length).toBeGreaterThan(0)
    const result = await wb.invoke({
      url: guarded.url,
      service: 'Tools',
      method: 'echo',
      messages: [{ message: 'in' }],
      metadata,
    })
    expect(result.status).toBe('OK')
    const refused = await wb.invokeProblem({
      url: guarded.url,
      service: 'Tools',
      method: 'echo',
      messages: [{ message: 'x' }],
    })
    expect(refused).toMatchObject({
      status: 401,
      code: 'unauthorized',
      authChallenge: { resourceMetadata: expect.stringContaining('/.well-known/oauth-protected-resource') },
    })
  })

  it('initializes a pinned mcp@ URL directly, without the GET probe', async () => {
    const fresh = await startLabServer()
    try {
      const discovered = await wb.discover([`mcp@${fresh.url}`])
      expect(discovered.attempts).toEqual([expect.objectContaining({ pluginId: 'mcp', outcome: 'ok' })])
      expect(fresh.methods()[0]).toBe('initialize')
    } finally {
      await fresh.close()
    }
  })
})
