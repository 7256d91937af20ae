import { MTLS_MARKER, TRUST_MARKER, splitMarkers } from '@wirebench/core'
import { describe, expect, it } from 'vitest'
import type { Environment } from '../environment.js'
import { createAuthCaches } from '../tokens/caches.js'
import { prepareBoundCall, type HostQuestion } from './bound-call.js'

const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
const local: Environment = {
  id: 'local',
  name: 'Local demo',
  vars: { token: 's3cret', apiKey: 'k-1', user: 'ann', ca, botToken: 'BOT-SECRET-1' },
  auth: { type: 'bearer', token: '${token}', persistCookies: true },
  trust: { caCertificate: '${ca}', allowSelfSigned: false },
  hosts: { approved: ['127.0.0.1:8080'], refused: ['evil.example', 'api.evil.example'] },
}

const call = (targetUrl: string, extra: Partial<Parameters<typeof prepareBoundCall>[0]> = {}) =>
  prepareBoundCall({
    protocol: 'rest',
    environment: local,
    caches: createAuthCaches(),
    targetUrl,
    metadata: { 'X-Api-Key': '${apiKey}', 'X-User': '${user}' },
    messages: [{ note: 'key ${apiKey} for ${user}' }],
    secretVariables: ['apiKey', 'botToken'],
    ...extra,
  })

describe('prepareBoundCall', () => {
  it('sends auth and secret variables to an approved host', async () => {
    const prepared = await call('http://127.0.0.1:8080/v1')
    expect(prepared.credentials).toEqual({ host: '127.0.0.1:8080', sent: true, reason: 'approved' })
    expect(prepared.metadata).toMatchObject({ Authorization: 'Bearer s3cret', 'X-Api-Key': 'k-1', 'X-User': 'ann' })
    expect(prepared.messages).toEqual([{ note: 'key k-1 for ann' }])
    expect(prepared.withheld).toEqual([])
  })

  it('sends a refused host no auth and no secret, leaving secret variables visible and listed; trust still applies', async () => {
    const prepared = await call('https://evil.example/v1', { serverUrl: 'https://evil.example/${user}' })
    expect(prepared.credentials).toEqual({ host: 'evil.example', sent: false, reason: 'refused' })
    const { headers, markers } = splitMarkers(prepared.metadata)
    expect(headers).toEqual({ 'X-Api-Key': '${apiKey}', 'X-User': 'ann' })
    expect(markers).toEqual({ trust: { caCertificate: ca } })
    expect(prepared.messages).toEqual([{ note: 'key ${apiKey} for ann' }])
    expect(prepared.serverUrl).toBe('https://evil.example/ann')
    expect(prepared.withheld).toEqual(['apiKey'])
    expect(prepared.unresolved).toEqual([])
    expect(JSON.stringify(prepared)).not.toMatch(/s3cret|k-1/)
  })

  it('asks once about an undecided host and follows the answer', async () => {
    const questions: HostQuestion[] = []
    const yes = await call('https://petstore.swagger.io/v2', {
      confirmHost: (q) => (questions.push(q), Promise.resolve(true)),
    })
    expect(questions).toEqual([{ environmentId: 'local', environmentName: 'Local demo', host: 'petstore.swagger.io' }])
    expect(yes.credentials).toEqual({ host: 'petstore.swagger.io', sent: true, reason: 'approved-now' })
    expect(yes.metadata['Authorization']).toBe('Bearer s3cret')
    const no = await call('https://petstore.swagger.io/v2', { confirmHost: () => Promise.resolve(false) })
    expect(no.credentials).toMatchObject({ sent: false, reason: 'refused-now' })
    expect(no.metadata['Authorization']).toBeUndefined()
  })

  it('binds the credentials of a sidecar scheme (an MQTT broker) to its host like any other', async () => {
    const questions: HostQuestion[] = []
    const broker = await call('mqtt://127.0.0.1:1883', {
      protocol: 'mqtt',
      confirmHost: (q) => (questions.push(q), Promise.resolve(true)),
    })
    expect(questions.map((q) => q.host)).toEqual(['127.0.0.1:1883'])
    expect(broker.credentials).toEqual({ host: '127.0.0.1:1883', sent: true, reason: 'approved-now' })
    expect(broker.metadata['Authorization']).toBe('Bearer s3cret')
    const refused = await call('mqtts://evil.example', { protocol: 'mqtt' })
    expect(refused.credentials).toMatchObject({ host: 'evil.example', sent: false, reason: 'refused' })
    expect(refused.metadata['Authorization']).toBeUndefined()
  })

  it('without a way to ask (the CLI), sends no credentials to an undecided host unless it is pre-approved', async () => {
    const undecided = await call('https://petstore.swagger.io/v2')
    expect(undecided.credentials).toEqual({ host: 'petstore.swagger.io', sent: false, reason: 'undecided' })
    expect(undecided.metadata['Authorization']).toBeUndefined()
    const listed = await call('https://petstore.swagger.io/v2', {
      preApprovedOrigins: ['https://petstore.swagger.io/v2/swagger.json'],
    })
    expect(listed.credentials).toMatchObject({ sent: true, reason: 'pre-approved' })
  })

  it('leaves secret variables in the server URL as written for a refused host; an approved one gets them', async () => {
    const serverUrl = 'https://api.evil.example/bot${botToken}'
    const refused = await call(serverUrl, { serverUrl, messages: [{ a: '${botToken}' }] })
    expect(refused.credentials).toMatchObject({ host: 'api.evil.example', sent: false, reason: 'refused' })
    expect(refused.serverUrl).toBe('https://api.evil.example/bot${botToken}')
    expect(refused.messages).toEqual([{ a: '${botToken}' }])
    expect(refused.withheld).toContain('botToken')
    expect(JSON.stringify(refused)).not.toContain('BOT-SECRET-1')
    const approved = await call('http://127.0.0.1:8080/bot${botToken}', {
      serverUrl: 'http://127.0.0.1:8080/bot${botToken}',
    })
    expect(approved.serverUrl).toBe('http://127.0.0.1:8080/botBOT-SECRET-1')
  })

  it('cancels the call when asking fails (the user dismissed the question)', async () => {
    await expect(
      call('https://petstore.swagger.io/v2', { confirmHost: () => Promise.reject(new Error('dismissed')) }),
    ).rejects.toThrow('dismissed')
  })

  it('withholds mTLS material and the cookie jar too, which are credentials as much as headers', async () => {
    const mtls: Environment = {
      ...local,
      auth: { type: 'mtls', certificate: 'C', privateKey: 'K', caCertificate: '', allowSelfSigned: false },
    }
    const prepared = await prepareBoundCall({
      protocol: 'rest',
      environment: { ...mtls, auth: { ...mtls.auth, persistCookies: true } },
      caches: createAuthCaches(),
      targetUrl: 'https://evil.example/',
    })
    expect(Object.keys(prepared.metadata)).toEqual([TRUST_MARKER])
    expect(prepared.metadata[MTLS_MARKER]).toBeUndefined()
  })
})
