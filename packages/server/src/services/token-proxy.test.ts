import { describe, expect, it } from 'vitest'
import { WorkbenchError } from '@wirebench/core'
import { createTokenProxy } from './token-proxy.js'

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
