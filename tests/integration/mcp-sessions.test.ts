/**
 * MCP sessions through the real workbench: discovery and calls share one pooled session per (server, auth), so the
 * server counts one `initialize` however many calls follow; a session the server forgot is reconnected without the
 * caller noticing; other credentials get their own session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLabServer } from '../servers/mcp/lab-server.js'
import type { LabServer } from '../servers/mcp/lab-server.js'
import { startMcpWorkbench } from '../servers/mcp/mcp-workbench.js'
import type { McpWorkbench } from '../servers/mcp/mcp-workbench.js'

describe('MCP sessions', () => {
  let lab: LabServer
  let wb: McpWorkbench

  beforeAll(async () => {
    ;[lab, wb] = await Promise.all([startLabServer(), startMcpWorkbench()])
  })
  afterAll(async () => {
    await wb?.close()
    await lab?.close()
  })

  const echo = (message: string, metadata?: Record<string, string>) =>
    wb.invoke({
      url: lab.url,
      service: 'Tools',
      method: 'echo',
      messages: [{ message }],
      ...(metadata ? { metadata } : {}),
    })

  it('discovers the server and answers 20 calls over the one session discovery opened', async () => {
    const discovered = await wb.discover([lab.url])
    expect(discovered.services.map((s) => s.name)).toEqual([
      'Tools',
      'Resources',
      'Resource templates',
      'Prompts',
      'Session',
    ])
    expect(discovered.attempts.find((a) => a.pluginId === 'mcp')).toMatchObject({ outcome: 'ok' })
    expect(lab.initializes()).toBe(1)
    for (let i = 0; i < 20; i++)
      expect((await echo(`call ${i}`)).response).toEqual({ content: [{ type: 'text', text: `Echo: call ${i}` }] })
    await Promise.all(Array.from({ length: 10 }, (_, i) => echo(`parallel ${i}`)))
    expect(lab.initializes()).toBe(1)
  })

  it('reconnects once when the server forgot the session, and the call still succeeds', async () => {
    const before = lab.initializes()
    lab.forgetSessions()
    const result = await echo('after a restart')
    expect(result.status).toBe('OK')
    expect(lab.initializes()).toBe(before + 1)
    await echo('and again')
    expect(lab.initializes()).toBe(before + 1)
  })

  it('opens another session for other credentials, and keeps each one', async () => {
    const before = lab.initializes()
    await echo('as Alice', { authorization: 'Bearer alice' })
    await echo('as Bob', { authorization: 'Bearer bob' })
    await echo('as Alice again', { authorization: 'Bearer alice' })
    await echo('as nobody')
    expect(lab.initializes()).toBe(before + 2)
  })

  it('reports the transport, the negotiated version and the session id of each call', async () => {
    const result = await echo('meta')
    expect(result.metadata).toMatchObject({
      'mcp-transport': 'streamable-http',
      'mcp-protocol-version': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      'mcp-session-id': expect.any(String),
      'mcp-progress-token': expect.any(String),
    })
  })
})
