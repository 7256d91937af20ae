import { createHash, createHmac } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { SigV4Marker } from '@wirebench/core'
import { signSigV4 } from './signer.js'
import type { SignableRequest } from './signer.js'

const suiteDir = fileURLToPath(new URL('../../../../../tests/fixtures/sigv4/', import.meta.url))
const credentials: SigV4Marker = {
  accessKey: 'AKIDEXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 'service',
}
const signingDate = new Date('2015-08-30T12:36:00Z')

/**
 * Cases the suite describes differently from how this signer (the official one) works, with the reason. Each is
 * still checked for what applies.
 */
const knownDifferences: Record<string, string> = {
  'post-sts-header-after':
    'the token is added after signing there; we always sign X-Amz-Security-Token (the post-sts-header-before form, ' +
    'which every service accepts), so this case is checked without the token',
}

interface SuiteCase {
  name: string
  req: string
  creq?: string
  sts?: string
  authz: string
}

function loadSuite(dir: string): SuiteCase[] {
  const cases: SuiteCase[] = []
  for (const entry of readdirSync(dir).sort()) {
    const folder = join(dir, entry)
    if (!statSync(folder).isDirectory()) continue
    const file = (ext: string): string | undefined => {
      const path = join(folder, `${entry}.${ext}`)
      return existsSync(path) ? readFileSync(path, 'utf8') : undefined
    }
    const req = file('req')
    const authz = file('authz')
    if (req === undefined || authz === undefined) {
      cases.push(...loadSuite(folder))
      continue
    }
    cases.push({ name: entry, req, authz, creq: file('creq'), sts: file('sts') })
  }
  return cases
}

/**
 * Reads a suite `.req`: request line, `Name:value` headers (value trimmed at the start), a repeated name joined with
 * commas as it travels, and folded continuation lines read as further values (the suite's canonical form for them).
 */
function parseRequest(text: string): SignableRequest {
  const blank = text.indexOf('\n\n')
  const head = blank === -1 ? text : text.slice(0, blank)
  const body = blank === -1 ? '' : text.slice(blank + 2)
  const [requestLine = '', ...lines] = head.split('\n')
  const method = requestLine.slice(0, requestLine.indexOf(' '))
  const uri = requestLine.slice(method.length + 1, requestLine.lastIndexOf(' '))
  const headers: Record<string, string> = {}
  let last = ''
  for (const line of lines) {
    if (/^\s/.test(line)) {
      headers[last] = `${headers[last]},${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    const name = line.slice(0, colon)
    const value = line.slice(colon + 1).trimStart()
    const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase())
    if (existing === undefined) headers[name] = value
    else headers[existing] = `${headers[existing]},${value}`
    last = existing ?? name
  }
  const question = uri.indexOf('?')
  const path = question === -1 ? uri : uri.slice(0, question)
  const query: Record<string, string | string[]> = {}
  for (const part of question === -1 ? [] : uri.slice(question + 1).split('&')) {
    const equals = part.indexOf('=')
    const name = equals === -1 ? part : part.slice(0, equals)
    const value = equals === -1 ? '' : part.slice(equals + 1)
    const existing = query[name]
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  return {
    method,
    protocol: 'https:',
    hostname: headers['Host'] ?? '',
    path,
    query,
    headers,
    ...(body === '' ? {} : { body }),
  }
}

/** The session token travels in the credentials; the signer adds (and signs) its header itself. */
function takeToken(request: SignableRequest): string | undefined {
  const name = Object.keys(request.headers).find((key) => key.toLowerCase() === 'x-amz-security-token')
  if (name === undefined) return undefined
  const token = request.headers[name]
  delete request.headers[name]
  return token
}

const suite = loadSuite(suiteDir)

describe('SigV4 signer against the AWS Signature Version 4 test suite', () => {
  it('finds the vendored suite', () => {
    expect(suite.length).toBeGreaterThanOrEqual(30)
  })

  for (const testCase of suite) {
    const difference = knownDifferences[testCase.name]
    it(`${testCase.name}: same canonical request, string to sign and Authorization${difference ? ` (${difference})` : ''}`, async () => {
      const request = parseRequest(testCase.req)
      const sessionToken = takeToken(request)
      const signed = await signSigV4(request, {
        credentials: sessionToken === undefined ? credentials : { ...credentials, sessionToken },
        signingDate,
        contentHashHeader: false,
      })
      if (testCase.creq !== undefined) expect(signed.canonicalRequest).toBe(testCase.creq)
      if (testCase.sts !== undefined) expect(signed.stringToSign).toBe(testCase.sts)
      expect(signed.headers['Authorization']).toBe(testCase.authz)
      expect(signed.headers['X-Amz-Date']).toBe('20150830T123600Z')
      if (sessionToken !== undefined) expect(signed.headers['X-Amz-Security-Token']).toBe(sessionToken)
    })
  }

  it('holds vendored files that agree with each other (hash of the canonical request, HMAC chain)', () => {
    const hmac = (key: Buffer | string, data: string): Buffer => createHmac('sha256', key).update(data).digest()
    const key = hmac(
      hmac(hmac(hmac(`AWS4${credentials.secretKey}`, '20150830'), 'us-east-1'), 'service'),
      'aws4_request',
    )
    for (const testCase of suite.filter((c) => c.creq !== undefined && c.sts !== undefined)) {
      const sts = testCase.sts as string
      expect(
        createHash('sha256')
          .update(testCase.creq as string)
          .digest('hex'),
        testCase.name,
      ).toBe(sts.split('\n')[3])
      expect(
        testCase.authz.endsWith(`Signature=${createHmac('sha256', key).update(sts).digest('hex')}`),
        testCase.name,
      ).toBe(true)
    }
  })
})

describe('SigV4 signer options', () => {
  const request = (): SignableRequest => ({
    method: 'PUT',
    protocol: 'https:',
    hostname: 'example.amazonaws.com',
    path: '/a b/c',
    query: {},
    headers: { host: 'example.amazonaws.com', 'content-type': 'text/plain' },
    body: 'hello',
  })

  it('sends and signs X-Amz-Content-Sha256, the hex SHA-256 of the body bytes', async () => {
    const signed = await signSigV4(request(), { credentials, signingDate })
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(createHash('sha256').update('hello').digest('hex'))
    expect(signed.headers['Authorization']).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,',
    )
    expect(signed.canonicalRequest.endsWith(`\n${createHash('sha256').update('hello').digest('hex')}`)).toBe(true)
  })

  it('hashes an empty body as the SHA-256 of the empty string', async () => {
    const signed = await signSigV4({ ...request(), method: 'GET', body: undefined }, { credentials, signingDate })
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(createHash('sha256').update('').digest('hex'))
  })

  it('hashes binary bodies byte for byte', async () => {
    const bytes = Buffer.from([0, 255, 1, 254])
    const signed = await signSigV4({ ...request(), body: bytes }, { credentials, signingDate })
    expect(signed.headers['X-Amz-Content-Sha256']).toBe(createHash('sha256').update(bytes).digest('hex'))
  })

  it('encodes the path once more for most services but not for S3', async () => {
    const other = await signSigV4({ ...request(), path: '/a%20b' }, { credentials, signingDate })
    const s3 = await signSigV4(
      { ...request(), path: '/a%20b' },
      { credentials: { ...credentials, service: 's3' }, signingDate },
    )
    expect(other.canonicalRequest.split('\n')[1]).toBe('/a%2520b')
    expect(s3.canonicalRequest.split('\n')[1]).toBe('/a%20b')
  })

  it('adds and signs X-Amz-Security-Token when the credentials carry a session token', async () => {
    const signed = await signSigV4(request(), { credentials: { ...credentials, sessionToken: 'tok' }, signingDate })
    expect(signed.headers['X-Amz-Security-Token']).toBe('tok')
    expect(signed.headers['Authorization']).toContain(';x-amz-security-token,')
  })

  it('leaves headers named unsignable out of the signature', async () => {
    const signed = await signSigV4(
      { ...request(), headers: { ...request().headers, cookie: 'a=1' } },
      { credentials, signingDate, unsignableHeaders: new Set(['cookie']) },
    )
    expect(signed.headers['Authorization']).not.toContain('cookie')
    expect(signed.headers['cookie']).toBe('a=1')
  })
})
