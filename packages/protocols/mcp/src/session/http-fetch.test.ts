import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSessionFetch } from './http-fetch.js'

// A real server on loopback: each path answers as the test needs and every request's headers and body are kept.
let server: Server
let base: string
const seen: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = []
const dispatcher = new Agent()

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const path = (req.url ?? '').split('?')[0]
      if (path === '/moved') {
        res.writeHead(307, { location: '/mcp' })
        res.end()
      } else if (path === '/accepted') {
        res.writeHead(204)
        res.end()
      } else if (path === '/cookies') {
        res.writeHead(200, { 'set-cookie': ['a=1', 'b=2'], 'content-type': 'application/json' })
        res.end('{"ok":true}')
      } else if (path === '/hang') {
        // Never answers: the caller's abort ends the request.
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's-1' })
        res.end('{"jsonrpc":"2.0","id":1,"result":{}}')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await dispatcher.close()
})

/** A POST shaped as the SDK's transports send one: its Headers, a string body, redirects left to the SDK. */
function sdkPost(signal?: AbortSignal): RequestInit {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json, text/event-stream' })
  const init: RequestInit = { method: 'POST', headers, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }
  init.redirect = 'manual'
  if (signal) init.signal = signal
  return init
}

describe('createSessionFetch', () => {
  const { fetch } = createSessionFetch({ dispatcher, apiKeyQuery: [{ name: 'key', value: 'k1' }] })

  it('sends the SDK’s POST with only its own headers, none of fetch’s browser defaults', async () => {
    const response = await fetch(`${base}/mcp`, sdkPost())
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
    expect(response.status).toBe(200)
    expect(response.headers.get('mcp-session-id')).toBe('s-1')
    const sent = seen.at(-1)!
    expect(sent.path).toBe('/mcp?key=k1')
    expect(sent.body).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"}')
    // fetch adds these to every request (a browser's); the relay sends what the call says, as REST's does.
    expect(Object.keys(sent.headers).sort()).toEqual(['accept', 'connection', 'content-length', 'content-type', 'host'])
  })

  it('reads headers given as pairs, as fetch does', async () => {
    const pairs: Array<[string, string]> = [
      ['x-trace', 't-1'],
      ['content-type', 'application/json'],
    ]
    await (await fetch(`${base}/mcp`, { ...sdkPost(), headers: pairs })).text()
    expect(seen.at(-1)!.headers['x-trace']).toBe('t-1')
  })

  it('returns a redirect unfollowed with its Location, as fetch does when the SDK asks for manual redirects', async () => {
    const response = await fetch(`${base}/moved`, sdkPost())
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/mcp')
    expect(seen.at(-1)!.path).toBe('/moved?key=k1')
  })

  it('keeps each value of a repeated header and gives a 204 no body', async () => {
    const cookies = await fetch(`${base}/cookies`, sdkPost())
    expect(cookies.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await cookies.json()).toEqual({ ok: true })
    const accepted = await fetch(`${base}/accepted`, sdkPost())
    expect(accepted.status).toBe(204)
    expect(accepted.body).toBeNull()
  })

  it('rejects a refused connection as fetch does: a TypeError whose cause is the network error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = (await fetch(`http://127.0.0.1:${port}/mcp`, sdkPost()).catch((e: unknown) => e)) as TypeError
    expect(error).toBeInstanceOf(TypeError)
    expect(error.message).toBe('fetch failed')
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED')
  })

  it('rejects with the abort reason when the caller aborts a request the server has not answered', async () => {
    const controller = new AbortController()
    const reason = new Error('stopped by the caller')
    const pending = fetch(`${base}/hang`, sdkPost(controller.signal))
    // Abort once the server holds the request, so the abort meets a request on the wire.
    await expect.poll(() => seen.at(-1)?.path).toBe('/hang?key=k1')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })
})
