/**
 * graphql-sse subscriptions against servers that misbehave: a redirect (never followed), an event larger than the
 * bound, a JSON answer with GraphQL errors instead of a stream, and a stream closed without `complete`. Raw HTTP
 * servers on 127.0.0.1 play the server; a graphql-yoga server provides the schema.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { StreamFrame } from '@wirebench/core'
import { testContext } from '../servers/rest/call-context.js'
import type { TestContextOptions } from '../servers/rest/call-context.js'
import { yogaPluginSetup } from '../servers/graphql/yoga-plugin.js'

interface RawServer {
  url: string
  requests: () => number
  close(): Promise<void>
}

async function startRawServer(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<RawServer> {
  let requests = 0
  const server = createServer((request, response) => {
    requests++
    request.resume()
    request.once('end', () => handle(request, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const eventStream = { 'content-type': 'text/event-stream' }

describe('graphql-sse subscriptions against misbehaving servers', () => {
  const setup = yogaPluginSetup()
  const collect = async (serverUrl: string, options: TestContextOptions = {}): Promise<StreamFrame[]> => {
    const frames: StreamFrame[] = []
    const call = {
      target: setup.yoga.url,
      serverUrl,
      service: 'Subscription',
      method: 'ticks',
      messages: [{ subscriptionTransport: 'graphql-sse' }],
    }
    for await (const frame of setup.plugin.invokeStream!(call, testContext(options))) frames.push(frame)
    return frames
  }
  const serve = async (handle: (request: IncomingMessage, response: ServerResponse) => void) => {
    const server = await startRawServer(handle)
    setup.servers.push(server)
    return server
  }

  it('refuses a redirect instead of following it past the outbound policy', async () => {
    const elsewhere = await serve((_request, response) => response.writeHead(200, eventStream).end())
    const redirecting = await serve((_request, response) => response.writeHead(307, { location: elsewhere.url }).end())
    const frames = await collect(redirecting.url, { metadata: { authorization: 'Bearer secret' } })
    expect(frames).toHaveLength(1)
    expect(frames[0]).toMatchObject({
      type: 'end',
      status: 'FailedPrecondition',
      details: { http_status: 307, location: elsewhere.url },
    })
    expect(elsewhere.requests()).toBe(0)
  })

  it('ends with ResourceExhausted when one event is larger than the bound', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, eventStream)
      // One line that never ends: the parser must stop at the bound instead of buffering it.
      response.write(`event: next\ndata: "${'x'.repeat(64 * 1024)}`)
    })
    const frames = await collect(server.url, { limits: { maxResponseBytes: 16 * 1024 } })
    expect(frames.map((f) => f.type)).toEqual(['headers', 'end'])
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'ResourceExhausted' })
    expect((frames.at(-1) as { message: string }).message).toContain('larger than 16384 bytes')
  })

  it('maps a 200 JSON answer carrying GraphQL errors, keeping the errors', async () => {
    const errors = [{ message: 'Cannot query field "nope".', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]
    const server = await serve((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errors })),
    )
    const frames = await collect(server.url)
    expect(frames).toEqual([
      {
        type: 'end',
        status: 'InvalidArgument',
        message: 'Cannot query field "nope".',
        details: { http_status: 200, errors },
      },
    ])
  })

  it('ends Unavailable when the stream closes after its headers without complete', async () => {
    const server = await serve((_request, response) => {
      response.writeHead(200, eventStream)
      response.end(`event: next\ndata: {"data":{"ticks":1}}\n\n`)
    })
    const frames = await collect(server.url)
    expect(frames.map((f) => f.type)).toEqual(['headers', 'message', 'end'])
    expect(frames[1]).toMatchObject({ data: { data: { ticks: 1 } }, meta: { transport: 'graphql-sse' } })
    expect(frames.at(-1)).toMatchObject({ type: 'end', status: 'Unavailable' })
  })
})
