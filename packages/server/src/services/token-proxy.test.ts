import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createTokenProxy } from './token-proxy.js'
import type { TokenProxy } from './token-proxy.js'

const request = (tokenUrl: string) => ({ tokenUrl, clientId: 'c', clientSecret: 's', scope: '', audience: '' })

describe('token proxy outbound policy', () => {
  it('refuses loopback and private token URLs when the workbench is embedded (blockPrivate), before connecting', async () => {
    const proxy = createTokenProxy({ outboundPolicy: { blockPrivate: true }, timeoutMs: 1000, maxResponseBytes: 1024 })
    try {
      for (const url of ['http://127.0.0.1:1/token', 'http://localhost:1/token', 'http://10.0.0.1/token']) {
        await expect(proxy.clientCredentials(request(url))).rejects.toSatisfy((error: unknown) =>
          WorkbenchError.is(error, 'blocked_target'),
        )
      }
    } finally {
      await proxy.close()
    }
  })

  it('refuses a token URL that carries credentials in it', async () => {
    const proxy = createTokenProxy({ outboundPolicy: {}, timeoutMs: 1000, maxResponseBytes: 1024 })
    try {
      await expect(proxy.clientCredentials(request('http://user:pw@127.0.0.1:1/token'))).rejects.toSatisfy(
        (error: unknown) => WorkbenchError.is(error, 'invalid_request'),
      )
    } finally {
      await proxy.close()
    }
  })
})

describe('token URLs over plain http', () => {
  let proxy: TokenProxy
  let server: ReturnType<typeof createServer>
  let port: number
  // Every outbound request undici creates and every client socket Node opens: the spy of what left the process.
  const outbound: string[] = []
  const onRequest = (message: unknown) => {
    const { request: req } = message as { request: { origin: string; path: string } }
    outbound.push(`${req.origin}${req.path}`)
  }
  const onSocket = () => outbound.push('socket')

  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    proxy = createTokenProxy({ outboundPolicy: {}, timeoutMs: 1000, maxResponseBytes: 1024 })
    subscribe('undici:request:create', onRequest)
    subscribe('net.client.socket', onSocket)
  })
  afterAll(async () => {
    unsubscribe('undici:request:create', onRequest)
    unsubscribe('net.client.socket', onSocket)
    await proxy.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('refuses them to another host with a clear problem, and nothing leaves the process', async () => {
    outbound.length = 0
    for (const url of [
      'http://auth.example.com/oauth/token?tenant=t',
      'http://93.184.216.34/token',
      'http://[2001:db8::1]/t',
      // Looked up through the resolver, which may answer with any address.
      `http://app.localhost:${port}/token`,
      `http://localhost.:${port}/token`,
    ]) {
      const error = await proxy.clientCredentials(request(url)).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(WorkbenchError.is(error, 'blocked_target'), url).toBe(true)
      expect((error as WorkbenchError).message).toMatch(
        /^The token URL http:\/\/\S+ is plain http to another machine\.$/,
      )
      expect((error as WorkbenchError).message).not.toContain('tenant')
      expect((error as WorkbenchError).hint).toContain('https://')
    }
    expect(outbound).toEqual([])
  })

  it('accepts them to this machine (the spy sees those requests)', async () => {
    outbound.length = 0
    for (const host of ['127.0.0.1', 'localhost']) {
      const body = await proxy.clientCredentials(request(`http://${host}:${port}/token`))
      expect(body.toString()).toBe('{}')
    }
    expect(outbound.filter((entry) => entry !== 'socket')).toHaveLength(2)
  })
})
