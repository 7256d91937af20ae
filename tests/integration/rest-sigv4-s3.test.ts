/**
 * SigV4 through the REST plugin against a signature-verifying S3 server (`@20minutes/s3rver`, not ours), driven by an
 * OpenAPI document for a small S3 subset: the right secret stores and reads objects back, a wrong one gets 403
 * SignatureDoesNotMatch, and the body hash travels signed.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import type { IncomingHttpHeaders, Server } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CallContext, InvokeResult, ProtocolPlugin, SigV4Marker } from '@wirebench/core'
import { createRestPlugin } from '@wirebench/protocol-rest'
import { testContext } from '../servers/rest/call-context.js'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
  httpServer: Server
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor

// s3rver's built-in account.
const credentials: SigV4Marker = { accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1', service: 's3' }
const documentName = 's3-subset.openapi.yaml'

describe('SigV4 against a signature-verifying S3 server', () => {
  let s3: S3rverInstance
  let directory: string
  let origin: string
  let plugin: ProtocolPlugin
  /** Request headers as s3rver received them, in order. */
  const received: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = []

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'wb-s3rver-'))
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true })
    const { port } = await s3.run()
    origin = `http://127.0.0.1:${port}`
    s3.httpServer.prependListener(
      'request',
      (request: { method?: string; url?: string; headers: IncomingHttpHeaders }) => {
        received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
      },
    )
    plugin = createRestPlugin()
    const content = await readFile(new URL(`../fixtures/sigv4/${documentName}`, import.meta.url))
    const services = await plugin.discover({ kind: 'files', files: [{ name: documentName, content }] }, testContext())
    expect(services.map((s) => s.name).sort()).toEqual(['buckets', 'objects'])
    const created = await call('buckets', 'CreateBucket', { Bucket: 'wirebench' })
    expect(created.metadata.http_status).toBe('200')
  })
  afterAll(async () => {
    await plugin.dispose?.()
    await s3.close()
    await rm(directory, { recursive: true, force: true })
  })

  function signedContext(marker: SigV4Marker, extra: Record<string, string> = {}): CallContext {
    return testContext({ metadata: { __workbenchSigV4__: JSON.stringify(marker), ...extra } })
  }

  function call(
    service: string,
    method: string,
    message: Record<string, unknown>,
    ctx: CallContext = signedContext(credentials),
  ): Promise<InvokeResult> {
    return plugin.invoke({ target: documentName, serverUrl: origin, service, method, messages: [message] }, ctx)
  }

  it('stores an object with the right secret and reads it back, the key’s space and parentheses included', async () => {
    const key = 'notes (draft) 1.txt'
    const put = await call('objects', 'PutObject', { Bucket: 'wirebench', Key: key, body: 'hello, signed world' })
    expect(put.metadata.http_status).toBe('200')
    const get = await call('objects', 'GetObject', { Bucket: 'wirebench', Key: key })
    expect(get.metadata.http_status).toBe('200')
    expect(get.response).toBe('hello, signed world')
  })

  it('signs the query, API-key parameters appended last included', async () => {
    await call('objects', 'PutObject', { Bucket: 'wirebench', Key: 'list-a.txt', body: 'a' })
    const ctx = signedContext(credentials, {
      __workbenchApiKeyQuery__: JSON.stringify({ name: 'x-trace', value: 'a b/c' }),
    })
    const list = await call('objects', 'ListObjectsV2', { Bucket: 'wirebench', 'list-type': '2', prefix: 'list-' }, ctx)
    expect(list.metadata.http_status).toBe('200')
    expect(String(list.response)).toContain('<Key>list-a.txt</Key>')
    expect(received.at(-1)?.url).toContain('x-trace=a%20b%2Fc')
  })

  it('answers 403 SignatureDoesNotMatch for a wrong secret, and stores nothing', async () => {
    const wrong = signedContext({ ...credentials, secretKey: 'not-the-secret' })
    const put = await call('objects', 'PutObject', { Bucket: 'wirebench', Key: 'forged.txt', body: 'x' }, wrong)
    expect(put.metadata.http_status).toBe('403')
    expect(put.status).toBe('PermissionDenied')
    expect(String(put.response)).toContain('<Code>SignatureDoesNotMatch</Code>')
    const get = await call('objects', 'GetObject', { Bucket: 'wirebench', Key: 'forged.txt' })
    expect(get.metadata.http_status).toBe('404')
  })

  it('sends the SHA-256 of the exact body bytes as X-Amz-Content-Sha256, inside the signature', async () => {
    const body = 'ünïcode body, hashed as UTF-8 bytes'
    const put = await call('objects', 'PutObject', { Bucket: 'wirebench', Key: 'hashed.txt', body })
    expect(put.metadata.http_status).toBe('200')
    const headers = received.at(-1)?.headers ?? {}
    expect(headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body, 'utf8').digest('hex'))
    expect(headers['authorization']).toMatch(
      /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[^,]*\bx-amz-content-sha256\b[^,]*, Signature=[0-9a-f]{64}$/,
    )
    expect(headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/)
    const get = await call('objects', 'GetObject', { Bucket: 'wirebench', Key: 'hashed.txt' })
    expect(get.response).toBe(body)
  })

  it('hashes an empty body as the SHA-256 of the empty string', async () => {
    const get = await call('objects', 'GetObject', { Bucket: 'wirebench', Key: 'hashed.txt' })
    expect(get.metadata.http_status).toBe('200')
    expect(received.at(-1)?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update('').digest('hex'))
  })

  it('adds and signs X-Amz-Security-Token for temporary credentials', async () => {
    const ctx = signedContext({ ...credentials, sessionToken: 'temporary-session-token' })
    const put = await call('objects', 'PutObject', { Bucket: 'wirebench', Key: 'temp.txt', body: 't' }, ctx)
    expect(put.metadata.http_status).toBe('200')
    const headers = received.at(-1)?.headers ?? {}
    expect(headers['x-amz-security-token']).toBe('temporary-session-token')
    expect(headers['authorization']).toMatch(/SignedHeaders=[^,]*\bx-amz-security-token\b/)
  })

  it('never sends the SigV4 marker itself', async () => {
    await call('objects', 'GetObject', { Bucket: 'wirebench', Key: 'hashed.txt' })
    const headers = JSON.stringify(received.at(-1)?.headers ?? {}).toLowerCase()
    expect(headers).not.toContain('__workbench')
    expect(headers).not.toContain('"secretkey"')
  })
})
