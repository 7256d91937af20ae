/**
 * The http transport against a real HTTP sidecar on 127.0.0.1 that answers calls in awkward ways: a JSON-RPC error
 * with status 500, a redirect, an HTML error page. Each call ends at once with what the sidecar said, not a timeout.
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '@wirebench/core'
import { createSidecarPlugin } from '@wirebench/sidecar'
import type { SidecarPlugin } from '@wirebench/sidecar'
import { contractContext } from '../contract/protocol-contract.js'
import { failure } from '../support/workbench-failure.js'

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

interface RpcMessage {
  id?: number
  method: string
  params?: { jsonMessages?: string[] }
}

/** Answers `invoke` the way its first message's `answer` asks. */
function awkwardSidecar(): Server {
  return createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write(': open\n\n')
      return
    }
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const message = JSON.parse(body) as RpcMessage
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(value))
      }
      if (message.id === undefined) return void res.writeHead(204).end()
      if (message.method === 'initialize') {
        return json(200, { jsonrpc: '2.0', id: message.id, result: { id: 'awk', capabilities: {} } })
      }
      if (message.method === 'ping') return json(200, { jsonrpc: '2.0', id: message.id, result: {} })
      const answer = (JSON.parse(message.params?.jsonMessages?.[0] ?? '{}') as { answer?: string }).answer
      if (answer === 'rpc-error-500') {
        const error = { code: -32000, message: 'no such topic', data: { code: 'not_found', hint: 'Pick a topic.' } }
        return json(500, { jsonrpc: '2.0', id: message.id, error })
      }
      if (answer === 'redirect') return void res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end()
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><body>Bad gateway\u001b[31m</body></html>')
    })
  })
}

describe('http sidecar replies that are not 2xx', () => {
  let server: Server
  let plugin: SidecarPlugin
  const call = (answer: string) =>
    plugin.invoke(
      { target: 'awk://here', service: 'Awk', method: 'Call', messages: [{ answer }] },
      { ...contractContext(), deadline: Date.now() + 10_000 },
    )

  beforeAll(async () => {
    server = awkwardSidecar()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    plugin = createSidecarPlugin({
      dir: process.cwd(),
      manifest: {
        packageId: 'dev.test.awk',
        protocol: { id: 'awk', name: 'Awk' },
        transport: 'http',
        url: `http://127.0.0.1:${port}/`,
      },
      hostVersion: 'test',
      logger: silent,
      limits: { pingIntervalMs: 0, requestTimeoutMs: 10_000 },
    })
  })

  afterAll(async () => {
    await plugin?.dispose?.()
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })

  it('delivers a JSON-RPC error sent with status 500 as the sidecar said it', async () => {
    const started = Date.now()
    const error = await failure(call('rpc-error-500'))
    expect(error).toMatchObject({ code: 'not_found', message: 'no such topic', hint: 'Pick a topic.' })
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('fails a call answered by a redirect or an error page at once, saying what came back', async () => {
    const started = Date.now()
    const redirect = await failure(call('redirect'))
    expect(redirect.code).toBe('upstream_error')
    expect(redirect.message).toMatch(/answered with a redirect \(HTTP 302\); redirects are not followed\./)
    const page = await failure(call('html'))
    expect(page.code).toBe('upstream_error')
    expect(page.message).toMatch(/answered HTTP 502 without a JSON-RPC reply: <html><body>Bad gateway \[31m/)
    expect(Date.now() - started).toBeLessThan(3_000)
  })

  it('says the sidecar is not answering at its url once it is gone', async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    // Whichever notices first (the event stream or the POST), the error says where it stopped answering.
    const gone = await failure(call('rpc-error-500'))
    expect(gone.message).toMatch(
      /^The Awk sidecar (stopped: it stopped answering|is not answering) at http:\/\/127\.0\.0\.1:\d+\/ \(/,
    )
    await expect.poll(() => plugin.sidecar.status().state).not.toBe('running')
    const refused = await failure(call('rpc-error-500'))
    expect(refused.message).toMatch(
      /^The Awk sidecar stopped: it is not answering at http:\/\/127\.0\.0\.1:\d+\/ \(.*ECONNREFUSED\)\); start it there, then restart it\.$/,
    )
    expect(refused.message).not.toContain('..')
  })
})
