/**
 * The SSE plugin against SSE sources no one here wrote: the MCP reference server's SSE transport (its first event,
 * `endpoint`, names where to POST; answers arrive as `message` events) and graphql-yoga's GraphQL over SSE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Call, ProtocolPlugin, StreamFrame } from '@wirebench/core'
import { createSsePlugin } from '@wirebench/protocol-sse'
import { contractContext } from '../contract/protocol-contract.js'
import { startMcpEverything } from '../servers/sse/mcp-everything.js'
import type { McpEverything } from '../servers/sse/mcp-everything.js'
import { startYogaCountdown } from '../servers/sse/yoga-countdown.js'
import type { YogaCountdown } from '../servers/sse/yoga-countdown.js'

let plugin: ProtocolPlugin

beforeAll(() => {
  plugin = createSsePlugin()
})

afterAll(async () => {
  await plugin.dispose?.()
})

type MessageFrame = Extract<StreamFrame, { type: 'message' }>

/** The next message frame (headers frames are skipped); fails if the stream ends first. */
async function nextMessage(iterator: AsyncIterator<StreamFrame>): Promise<MessageFrame> {
  for (;;) {
    const next = await iterator.next()
    if (next.done === true) throw new Error('the stream ended')
    const frame: StreamFrame = next.value
    if (frame.type === 'message') return frame
    expect(frame.type).toBe('headers')
  }
}

describe('the MCP reference server (server-everything, SSE transport)', () => {
  let mcp: McpEverything

  beforeAll(async () => {
    mcp = await startMcpEverything()
  }, 30_000)

  afterAll(async () => {
    await mcp?.close()
  })

  it('is discovered as an event stream', async () => {
    const [service] = await plugin.discover({ kind: 'url', url: mcp.sseUrl }, contractContext())
    expect(service).toMatchObject({ name: 'sse', protocol: 'sse' })
    expect(service!.methods[0]!.methodType).toBe('ServerStreaming')
  })

  it('streams the endpoint event, then the answer to a JSON-RPC request posted to that endpoint', async () => {
    const call: Call = { target: mcp.sseUrl, service: 'sse', method: 'subscribe', messages: [{}] }
    const iterator = plugin.invokeStream!(call, contractContext())[Symbol.asyncIterator]()
    try {
      const endpoint = await nextMessage(iterator)
      expect(endpoint.meta).toMatchObject({ event: 'endpoint' })
      expect(endpoint.data).toMatch(/^\/message\?sessionId=/)
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2024-11-05',
          capabilities: {},
          clientInfo: { name: 'wirebench-test', version: '0' },
        },
      }
      const posted = await fetch(new URL(endpoint.data as string, mcp.origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(initialize),
      })
      expect(posted.status).toBe(202)
      const answer = await nextMessage(iterator)
      expect(answer.meta).toMatchObject({ event: 'message' })
      expect(answer.data).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: expect.any(Object) } })
    } finally {
      await iterator.return?.(undefined)
    }
  })
})

describe("graphql-yoga's GraphQL over SSE", () => {
  let yoga: YogaCountdown

  beforeAll(async () => {
    yoga = await startYogaCountdown()
  })

  afterAll(async () => {
    await yoga?.close()
  })

  it('streams a subscription posted as JSON: one next event per result, then complete', async () => {
    const call: Call = {
      target: yoga.url,
      service: 'graphql',
      method: 'subscribe',
      messages: [{ method: 'POST', body: { query: 'subscription { countdown(from: 2) }' } }],
    }
    const frames: StreamFrame[] = []
    for await (const frame of plugin.invokeStream!(call, contractContext())) frames.push(frame)
    const messages = frames.filter((f): f is MessageFrame => f.type === 'message')
    const next = messages.filter((m) => m.meta?.['event'] === 'next')
    expect(next.map((m) => m.data)).toEqual([
      { data: { countdown: 2 } },
      { data: { countdown: 1 } },
      { data: { countdown: 0 } },
    ])
    expect(messages.at(-1)!.meta).toMatchObject({ event: 'complete' })
    expect(frames.at(-1)).toEqual({ type: 'end', status: 'OK' })
  })

  it('streams a subscription sent as a GET query string', async () => {
    const url = `${yoga.url}?query=${encodeURIComponent('subscription { countdown(from: 1) }')}`
    const result = await plugin.invoke(
      { target: url, service: 'graphql', method: 'subscribe', messages: [{}] },
      contractContext(),
    )
    expect(result.status).toBe('OK')
    const events = result.response as { data: unknown; event?: string }[]
    expect(events.filter((e) => e.event === 'next').map((e) => e.data)).toEqual([
      { data: { countdown: 1 } },
      { data: { countdown: 0 } },
    ])
  })
})
