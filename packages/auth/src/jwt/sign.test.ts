import { generateKeyPairSync } from 'node:crypto'
import { WorkbenchError } from '@wirebench/core'
import { compactVerify, decodeProtectedHeader, exportPKCS8, generateKeyPair, importJWK, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import type { JwtAlgorithm } from '../environment.js'
import { TO_PKCS8_COMMAND } from './keys.js'
import { a1, a2, a3, payload } from './rfc7515.test-helpers.js'
import { checkEcdsaSignatureWidth, ECDSA_SIGNATURE_BYTES, jwtAlgorithms, signJwt } from './sign.js'

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(text, 'base64url'))
}

async function pkcs8Of(jwk: Record<string, string>, alg: string): Promise<string> {
  return exportPKCS8((await importJWK({ ...jwk }, alg, { extractable: true })) as CryptoKey)
}

async function keysFor(alg: JwtAlgorithm): Promise<{ secret: string; verifyKey: CryptoKey | Uint8Array }> {
  if (alg.startsWith('HS')) {
    const secret = `shared secret for ${alg}, ünïcode too`
    return { secret, verifyKey: new TextEncoder().encode(secret) }
  }
  const pair = await generateKeyPair(alg, {
    extractable: true,
    ...(alg.startsWith('RS') ? { modulusLength: 2048 } : {}),
  })
  return { secret: await exportPKCS8(pair.privateKey), verifyKey: pair.publicKey }
}

async function rejection(promise: Promise<unknown>): Promise<WorkbenchError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WorkbenchError)
  return error as WorkbenchError
}

describe('RFC 7515 Appendix A', () => {
  it('A.1: signs the HS256 example to exactly the RFC token', async () => {
    const signed = await signJwt({ algorithm: 'HS256', header: a1.header, payload, secret: base64UrlBytes(a1.key) })
    expect(signed.token).toBe(a1.token)
  })

  it('A.2: signs the RS256 example to exactly the RFC token from the JWK converted to PKCS#8 PEM', async () => {
    const pem = await pkcs8Of(a2.jwk, 'RS256')
    expect(pem).toContain('-----BEGIN PRIVATE KEY-----')
    // "typ": null keeps typ out, so the header is the RFC's bare {"alg":"RS256"}.
    const signed = await signJwt({ algorithm: 'RS256', header: '{"alg":"RS256","typ":null}', payload, secret: pem })
    expect(signed.token).toBe(a2.token)
  })

  it('A.3: the RFC ES256 token verifies with jose, and ours over the same input verifies too', async () => {
    const { d: _d, ...publicJwk } = a3.jwk
    const publicKey = await importJWK(publicJwk, 'ES256')
    const rfc = await compactVerify(a3.token, publicKey)
    expect(new TextDecoder().decode(rfc.payload)).toBe(payload)

    const signed = await signJwt({
      algorithm: 'ES256',
      header: '{"alg":"ES256","typ":null}',
      payload,
      secret: await pkcs8Of(a3.jwk, 'ES256'),
    })
    expect(signed.token.split('.').slice(0, 2).join('.')).toBe(a3.token.split('.').slice(0, 2).join('.'))
    const ours = await compactVerify(signed.token, publicKey)
    expect(new TextDecoder().decode(ours.payload)).toBe(payload)
  })
})

describe('signJwt', () => {
  it.each(jwtAlgorithms)('%s tokens verify with jose.jwtVerify', async (alg) => {
    const { secret, verifyKey } = await keysFor(alg)
    const now = Math.floor(Date.now() / 1000)
    const signed = await signJwt({
      algorithm: alg,
      header: '{}',
      payload: `{"sub":"alice","iat":${now},"exp":${now + 60}}`,
      secret,
    })
    const { payload: claims, protectedHeader } = await jwtVerify(signed.token, verifyKey, { algorithms: [alg] })
    expect(claims).toMatchObject({ sub: 'alice', iat: now, exp: now + 60 })
    expect(protectedHeader).toEqual({ alg, typ: 'JWT' })
  })

  it.each(['ES256', 'ES384', 'ES512'] as const)('%s signatures have the IEEE-P1363 width of the curve', async (alg) => {
    const { secret } = await keysFor(alg)
    const signed = await signJwt({ algorithm: alg, header: '{}', payload: '{}', secret })
    expect(base64UrlBytes(signed.token.split('.')[2]!).length).toBe(ECDSA_SIGNATURE_BYTES[alg])
    expect(ECDSA_SIGNATURE_BYTES).toEqual({ ES256: 64, ES384: 96, ES512: 132 })
  })

  it('rejects an ECDSA signature whose width does not match the curve', () => {
    expect(() => checkEcdsaSignatureWidth('ES256', new Uint8Array(64))).not.toThrow()
    expect(() => checkEcdsaSignatureWidth('ES256', new Uint8Array(72))).toThrow(/72 bytes.*is 64/)
    expect(() => checkEcdsaSignatureWidth('ES384', new Uint8Array(64))).toThrow(/is 96/)
    expect(() => checkEcdsaSignatureWidth('ES512', new Uint8Array(130))).toThrow(/is 132/)
  })

  it('refuses a key on another curve than the algorithm names', async () => {
    const { secret } = await keysFor('ES384')
    const error = await rejection(signJwt({ algorithm: 'ES256', header: '{}', payload: '{}', secret }))
    expect(error.message).toMatch(/ES256.*curve P-256/)
  })

  it('rejects traditional RSA and EC PEM keys with the openssl command that converts them', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs1', format: 'pem' })
      .toString()
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString()
    for (const [alg, pem, label] of [
      ['RS256', rsa, 'RSA PRIVATE KEY'],
      ['ES256', ec, 'EC PRIVATE KEY'],
    ] as const) {
      const error = await rejection(signJwt({ algorithm: alg, header: '{}', payload: '{}', secret: pem }))
      expect(error.message).toContain(`BEGIN ${label}`)
      expect(error.hint).toContain(TO_PKCS8_COMMAND)
    }
    expect(TO_PKCS8_COMMAND).toBe('openssl pkcs8 -topk8 -nocrypt -in key.pem -out key-pkcs8.pem')
  })

  it('refuses RSA keys under 2048 bits and names the size', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString()
    const error = await rejection(signJwt({ algorithm: 'RS256', header: '{}', payload: '{}', secret: small }))
    expect(error.message).toMatch(/at least 2048 bits; this one has 1024/)
  })

  it('fills in alg and typ when missing and keeps a written header verbatim when both are there', async () => {
    const filled = await signJwt({ algorithm: 'HS256', header: '{"kid":"k1"}', payload: '{}', secret: 's' })
    expect(decodeProtectedHeader(filled.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: 'k1' })
    const written = '{"typ":"at+jwt", "alg":"HS256"}'
    const verbatim = await signJwt({ algorithm: 'HS256', header: written, payload: '{}', secret: 's' })
    expect(Buffer.from(verbatim.token.split('.')[0]!, 'base64url').toString()).toBe(written)
  })

  it('refuses a header whose alg contradicts the selected algorithm', async () => {
    const error = await rejection(
      signJwt({ algorithm: 'HS256', header: '{"alg":"RS256"}', payload: '{}', secret: 's' }),
    )
    expect(error.message).toMatch(/"RS256" but the selected algorithm is HS256/)
  })

  it('refuses a payload that is not a JSON object and an empty HMAC secret', async () => {
    expect(
      (await rejection(signJwt({ algorithm: 'HS256', header: '{}', payload: '[1]', secret: 's' }))).message,
    ).toMatch(/payload template must be a JSON object/)
    expect((await rejection(signJwt({ algorithm: 'HS256', header: '{}', payload: '{}', secret: '' }))).message).toMatch(
      /secret is empty/,
    )
  })

  it('signs a new token every time (no cache)', async () => {
    const one = await signJwt({ algorithm: 'HS256', header: '{}', payload: '{"n":1}', secret: 's' })
    const two = await signJwt({ algorithm: 'HS256', header: '{}', payload: '{"n":2}', secret: 's' })
    expect(one.token).not.toBe(two.token)
  })
})
