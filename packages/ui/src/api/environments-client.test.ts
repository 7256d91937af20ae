import { ENVIRONMENTS_VERSION, type EnvironmentsDocument } from '@wirebench/auth'
import { describe, expect, it } from 'vitest'
import type { ApiClient, RequestOptions } from './api-client.js'
import { createEnvironmentsClient } from './environments-client.js'

describe('environments client', () => {
  it('never sends a memory-only field (the mTLS passphrase) to the server, even when it slipped into the config', async () => {
    const sent: Array<{ path: string; init?: RequestOptions }> = []
    const api = {
      request: (path: string, init?: RequestOptions) => {
        sent.push({ path, ...(init ? { init } : {}) })
        return Promise.resolve({ revision: 'r2' })
      },
    } as unknown as ApiClient
    const auth = {
      type: 'mtls',
      certificate: 'CERT',
      privateKey: 'KEY',
      caCertificate: '',
      allowSelfSigned: false,
      passphrase: 'hunter2',
    }
    const document = {
      version: ENVIRONMENTS_VERSION,
      environments: [{ id: 'e', name: 'E', vars: {}, auth }],
      activeEnvironmentId: 'e',
    } as unknown as EnvironmentsDocument

    await createEnvironmentsClient(api).save(document, 'r1')

    expect(sent[0]?.path).toBe('/api/environments')
    expect(sent[0]?.init?.method).toBe('PUT')
    expect(JSON.stringify(sent[0]?.init?.json)).not.toContain('hunter2')
    expect(sent[0]?.init?.json).toMatchObject({
      baseRevision: 'r1',
      document: { environments: [{ auth: { type: 'mtls', certificate: 'CERT', privateKey: 'KEY' } }] },
    })
  })
})
