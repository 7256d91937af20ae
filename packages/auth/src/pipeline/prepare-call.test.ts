import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { COOKIE_ENV_MARKER, MTLS_MARKER, SIGV4_MARKER, TRUST_MARKER, splitMarkers } from '@wirebench/core'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthConfig, Environment } from '../environment.js'
import { recordingClient } from '../proxy/recording-client.test-helpers.js'
import { createAuthCaches } from '../tokens/caches.js'
import { prepareCall, substituteFrame } from './prepare-call.js'

const env = (auth: AuthConfig, vars: Record<string, string> = {}): Environment => ({
  id: 'env-1',
  name: 'Dev',
  vars,
  auth,
})
const cc: AuthConfig = {
  type: 'oauth2_cc',
  tokenUrl: '${idp}/token',
  clientId: 'app',
  clientSecret: '${secret}',
  scope: '',
  audience: '',
}

function setup() {
  const client = recordingClient((_m, _b, n) => ({ access_token: `at-${n}`, expires_in: 3600 }))
  return { client, caches: createAuthCaches() }
}

describe('prepareCall', () => {
  it('substitutes metadata, every message, the server URL and the auth fields, and reports unknown names', async () => {
    const { client, caches } = setup()
    const prepared = await prepareCall({
      protocol: 'rest',
      environment: env(cc, { idp: 'http://127.0.0.1:9', secret: 's3', host: 'api.local', id: '42' }),
      metadata: { 'X-Trace': '${traceId}', 'X-Id': '${id}' },
      messages: [{ id: '${id}', nested: [{ q: 'x${id}' }] }, { at: '${now}' }],
      serverUrl: 'http://${host}/v1',
      tokenClient: client,
      caches,
      scopes: [{ traceId: 'workspace-trace', id: 'loses to the environment' }],
      system: { clock: () => 1_700_000_000_000 },
    })
    expect(prepared).toEqual({
      metadata: { 'X-Trace': 'workspace-trace', 'X-Id': '42', Authorization: 'Bearer at-1' },
      messages: [{ id: '42', nested: [{ q: 'x42' }] }, { at: '1700000000' }],
      serverUrl: 'http://api.local/v1',
      unresolved: [],
      withheld: [],
    })
    expect(client.of('oauthToken')).toEqual([
      { tokenUrl: 'http://127.0.0.1:9/token', clientId: 'app', clientSecret: 's3', scope: '', audience: '' },
    ])
  })

  it('leaves a manual Authorization alone (any case) and does not even fetch a token', async () => {
    const { client, caches } = setup()
    const prepared = await prepareCall({
      protocol: 'rest',
      environment: env(cc, { idp: 'http://127.0.0.1:9', secret: 's' }),
      metadata: { authorization: 'Bearer mine' },
      tokenClient: client,
      caches,
    })
    expect(prepared.metadata).toEqual({ authorization: 'Bearer mine' })
    expect(client.calls).toEqual([])
  })

  it('lets user metadata win over a helper header of the same name, case-insensitively', async () => {
    const { caches } = setup()
    const prepared = await prepareCall({
      protocol: 'graphql',
      environment: env({ type: 'apikey', key: 'X-Api-Key', value: 'helper', location: 'header' }),
      metadata: { 'x-api-key': 'user' },
      caches,
    })
    expect(prepared.metadata).toEqual({ 'x-api-key': 'user' })
  })

  it('reports unknown variables in auth fields and leaves them visible', async () => {
    const { caches } = setup()
    const prepared = await prepareCall({
      protocol: 'rest',
      environment: env({ type: 'bearer', token: '${missing}' }),
      caches,
    })
    expect(prepared.metadata).toEqual({ Authorization: 'Bearer ${missing}' })
    expect(prepared.unresolved).toEqual(['missing'])
  })

  it('adds the cookie-jar marker for REST only', async () => {
    const { caches } = setup()
    const auth: AuthConfig = { type: 'bearer', token: 't', persistCookies: true }
    const rest = await prepareCall({ protocol: 'rest', environment: env(auth), caches })
    expect(rest.metadata[COOKIE_ENV_MARKER]).toBe('env-1')
    const ws = await prepareCall({ protocol: 'websocket', environment: env(auth), caches })
    expect(ws.metadata).toEqual({ Authorization: 'Bearer t' })
  })

  it('applies SigV4 for REST only, and not when the user signs with their own Authorization', async () => {
    const { caches } = setup()
    const auth: AuthConfig = {
      type: 'aws_sigv4',
      accessKey: 'AK',
      secretKey: 'SK',
      region: 'eu-west-1',
      service: 'execute-api',
      sessionToken: '',
    }
    const rest = await prepareCall({ protocol: 'rest', environment: env(auth), caches })
    expect(splitMarkers(rest.metadata).markers.sigv4).toMatchObject({ accessKey: 'AK' })
    expect((await prepareCall({ protocol: 'grpc', environment: env(auth), caches })).metadata).toEqual({})
    const manual = await prepareCall({
      protocol: 'rest',
      environment: env(auth),
      metadata: { Authorization: 'x' },
      caches,
    })
    expect(manual.metadata[SIGV4_MARKER]).toBeUndefined()
  })

  it('ignores the API-key query marker for gRPC and carries it for the other protocols', async () => {
    const { caches } = setup()
    const auth: AuthConfig = { type: 'apikey', key: 'key', value: 'v', location: 'query' }
    expect((await prepareCall({ protocol: 'grpc', environment: env(auth), caches })).metadata).toEqual({})
    for (const protocol of ['rest', 'graphql', 'sse', 'websocket', 'signalr', 'mcp']) {
      const prepared = await prepareCall({ protocol, environment: env(auth), caches })
      expect(splitMarkers(prepared.metadata).markers.apiKeyQuery, protocol).toEqual([{ name: 'key', value: 'v' }])
    }
  })

  it('signs a fresh JWT for every call with the call clock', async () => {
    const { caches } = setup()
    const auth: AuthConfig = {
      type: 'jwt',
      algorithm: 'HS512',
      header: '{}',
      payload: '{"iat": ${now}}',
      secret: '${k}',
    }
    const at = async (ms: number) => {
      const prepared = await prepareCall({
        protocol: 'grpc',
        environment: env(auth, { k: 'key' }),
        caches,
        system: { clock: () => ms },
      })
      return decodeJwt(prepared.metadata['Authorization']!.slice('Bearer '.length))
    }
    expect(await at(1_000_000)).toEqual({ iat: 1000 })
    expect(await at(2_000_000)).toEqual({ iat: 2000 })
  })

  it('substitutes without auth when there is no environment', async () => {
    const { caches } = setup()
    const prepared = await prepareCall({ protocol: 'rest', environment: null, metadata: { a: '${x}' }, caches })
    expect(prepared).toEqual({ metadata: { a: '${x}' }, messages: [], serverUrl: '', unresolved: ['x'], withheld: [] })
  })

  it('substitutes channel frames one at a time', () => {
    expect(substituteFrame({ text: 'hi ${name}' }, { environment: env({ type: 'none' }, { name: 'Ann' }) })).toEqual({
      value: { text: 'hi Ann' },
      unresolved: [],
      withheld: [],
    })
  })
})

describe('prepareCall with mTLS', () => {
  let dir = ''
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString()
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wirebench-mtls-'))
    openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
      '-days',
      '1',
      '-subj',
      '/CN=client',
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const encryptWith = (passphrase: string) =>
    openssl('pkcs8', '-topk8', '-v2', 'aes-256-cbc', '-in', 'key.pem', '-passout', `pass:${passphrase}`)

  it('decrypts with the passphrase the caller keeps in memory, verbatim, and never puts it in the marker', async () => {
    // `${…}` inside: a memory-only value is used as typed, never substituted (and never reported unresolved).
    const passphrase = 'never-${in}-the-marker-9f3a'
    const encrypted = encryptWith(passphrase)
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8')
    const auth: AuthConfig = {
      type: 'mtls',
      certificate,
      privateKey: '${key}',
      caCertificate: certificate,
      allowSelfSigned: false,
    }
    const asked: string[] = []
    const memorySecrets = (environmentId: string, key: string) => {
      asked.push(`${environmentId}/${key}`)
      return environmentId === 'env-1' && key === 'passphrase' ? passphrase : undefined
    }
    for (const protocol of ['rest', 'grpc', 'websocket']) {
      const prepared = await prepareCall({
        protocol,
        environment: env(auth, { key: encrypted }),
        caches: createAuthCaches(),
        memorySecrets,
      })
      expect(prepared.unresolved).toEqual([])
      const raw = prepared.metadata[MTLS_MARKER]!
      expect(raw).not.toContain(passphrase)
      expect(Object.keys(prepared.metadata)).toEqual([MTLS_MARKER])
      const marker = splitMarkers(prepared.metadata).markers.mtls!
      expect(marker).toEqual({
        certificate,
        privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
        caCertificate: certificate,
      })
      expect(marker.privateKey.replace(/\s/g, '')).toBe(
        openssl('pkcs8', '-topk8', '-nocrypt', '-in', 'key.pem').replace(/\s/g, ''),
      )
    }
    expect(asked).toEqual(['env-1/passphrase', 'env-1/passphrase', 'env-1/passphrase'])
  })

  it('asks for the passphrase in the mTLS panel when the key is encrypted and none is in memory', async () => {
    const certificate = readFileSync(join(dir, 'cert.pem'), 'utf8')
    const auth: AuthConfig = {
      type: 'mtls',
      certificate,
      privateKey: encryptWith('pw-1'),
      caCertificate: '',
      allowSelfSigned: false,
    }
    // A passphrase that still sits in a stored config (written before it became memory-only) is not used either.
    const stored = { ...auth, passphrase: 'pw-1' } as AuthConfig
    for (const environment of [env(auth), env(stored)]) {
      for (const memorySecrets of [undefined, () => undefined, () => '']) {
        await expect(
          prepareCall({
            protocol: 'rest',
            environment,
            caches: createAuthCaches(),
            ...(memorySecrets ? { memorySecrets } : {}),
          }),
        ).rejects.toMatchObject({
          code: 'unauthorized',
          message: 'The private key is encrypted and its passphrase has not been entered.',
          hint: expect.stringMatching(/mTLS panel.*memory only/),
        })
      }
    }
  })

  it('refuses a certificate field that holds no certificate', async () => {
    const auth: AuthConfig = {
      type: 'mtls',
      certificate: 'nope',
      privateKey: readFileSync(join(dir, 'key.pem'), 'utf8'),
      caCertificate: '',
      allowSelfSigned: true,
    }
    await expect(prepareCall({ protocol: 'rest', environment: env(auth), caches: createAuthCaches() })).rejects.toThrow(
      /Client certificate must be a PEM certificate/,
    )
  })
})

describe('the environment’s TLS trust settings', () => {
  const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'
  const withTrust = (auth: AuthConfig, trust: Environment['trust'], vars: Record<string, string> = {}) => ({
    ...env(auth, vars),
    trust,
  })

  it('go out as the trust marker beside bearer auth, for every protocol, with no client certificate', async () => {
    for (const protocol of ['rest', 'grpc', 'graphql', 'sse', 'websocket', 'discovery']) {
      const prepared = await prepareCall({
        protocol,
        environment: withTrust(
          { type: 'bearer', token: 't' },
          { caCertificate: '${ca}', allowSelfSigned: false },
          { ca },
        ),
        caches: createAuthCaches(),
      })
      expect(prepared.metadata).toEqual({
        Authorization: 'Bearer t',
        [TRUST_MARKER]: JSON.stringify({ caCertificate: ca }),
      })
      expect(splitMarkers(prepared.metadata).markers).toEqual({ trust: { caCertificate: ca } })
    }
  })

  it('carry allow-self-signed with no auth at all, and nothing when they are the defaults', async () => {
    const selfSigned = await prepareCall({
      protocol: 'websocket',
      environment: withTrust({ type: 'none' }, { caCertificate: '', allowSelfSigned: true }),
      caches: createAuthCaches(),
    })
    expect(selfSigned.metadata).toEqual({ [TRUST_MARKER]: JSON.stringify({ allowSelfSigned: true }) })
    const defaults = await prepareCall({
      protocol: 'rest',
      environment: withTrust({ type: 'none' }, { caCertificate: ' ', allowSelfSigned: false }),
      caches: createAuthCaches(),
    })
    expect(defaults.metadata).toEqual({})
  })

  it('refuses a CA field that is not a PEM certificate before anything is sent, and reports unknown variables', async () => {
    await expect(
      prepareCall({
        protocol: 'rest',
        environment: withTrust({ type: 'none' }, { caCertificate: 'not a pem', allowSelfSigned: false }),
        caches: createAuthCaches(),
      }),
    ).rejects.toThrow(/CA certificate in the environment’s TLS trust settings is not a PEM certificate/)
    const prepared = await prepareCall({
      protocol: 'rest',
      environment: withTrust({ type: 'none' }, { caCertificate: '${missing}', allowSelfSigned: true }),
      caches: createAuthCaches(),
    }).catch((error: unknown) => error)
    expect(String(prepared)).toMatch(/not a PEM certificate/)
  })
})
