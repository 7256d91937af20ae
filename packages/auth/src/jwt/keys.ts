/** Turns the JWT config's secret into a signing key: UTF-8 bytes for HMAC, a PEM PKCS#8 private key for RSA/ECDSA. */
import { WorkbenchError } from '@wirebench/core'
import { importPKCS8 } from 'jose'
import type { JwtAlgorithm } from '../environment.js'
import { utf8Bytes } from '../encoding/base64.js'
import { pemLabel } from '../pem/pem.js'

export const TO_PKCS8_COMMAND = 'openssl pkcs8 -topk8 -nocrypt -in key.pem -out key-pkcs8.pem'

const hmacHash: Partial<Record<JwtAlgorithm, string>> = { HS256: 'SHA-256', HS384: 'SHA-384', HS512: 'SHA-512' }

export function isHmac(algorithm: JwtAlgorithm): boolean {
  return algorithm.startsWith('HS')
}

/** Rejects what is not a plain PKCS#8 private key, with the command that converts it. */
export function checkPkcs8Pem(text: string, algorithm: JwtAlgorithm): void {
  const label = pemLabel(text)
  const family = algorithm.startsWith('RS') ? 'RSA' : 'EC'
  if (label === 'PRIVATE KEY') return
  if (label === 'RSA PRIVATE KEY' || label === 'EC PRIVATE KEY') {
    throw new WorkbenchError(
      'invalid_request',
      `The ${algorithm} key is a traditional "BEGIN ${label}" PEM; JWT signing needs PKCS#8 ("BEGIN PRIVATE KEY").`,
      {
        hint: `Convert it once: ${TO_PKCS8_COMMAND}`,
      },
    )
  }
  if (label === 'ENCRYPTED PRIVATE KEY') {
    throw new WorkbenchError(
      'invalid_request',
      `The ${algorithm} key is encrypted; JWT signing needs an unencrypted PKCS#8 key.`,
      {
        hint: 'Decrypt it once: openssl pkcs8 -in key.pem -out key-pkcs8.pem',
      },
    )
  }
  if (label !== undefined) {
    throw new WorkbenchError('invalid_request', `The ${algorithm} key is a "BEGIN ${label}" PEM, not a private key.`, {
      hint: `Paste the ${family} private key in PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----").`,
    })
  }
  throw new WorkbenchError(
    'invalid_request',
    `${algorithm} needs a PEM PKCS#8 ${family} private key ("-----BEGIN PRIVATE KEY-----").`,
    {
      hint: `Paste the PEM text, or a \${variable} holding it; convert other forms with: ${TO_PKCS8_COMMAND}`,
    },
  )
}

/** Imports the signing key; `secret` may be raw bytes for HMAC keys that are not text (test vectors). */
export async function importJwtKey(
  algorithm: JwtAlgorithm,
  secret: string | Uint8Array<ArrayBuffer>,
): Promise<CryptoKey> {
  const hash = hmacHash[algorithm]
  if (hash) {
    const bytes = typeof secret === 'string' ? utf8Bytes(secret) : secret
    if (bytes.length === 0) {
      throw new WorkbenchError('invalid_request', `The ${algorithm} secret is empty.`, {
        hint: 'Fill in the shared secret, or reference a variable such as ${jwtSecret}.',
      })
    }
    return globalThis.crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash }, false, ['sign'])
  }
  if (typeof secret !== 'string') throw new WorkbenchError('invalid_request', `${algorithm} needs a PEM private key.`)
  checkPkcs8Pem(secret, algorithm)
  let key: CryptoKey
  try {
    key = await importPKCS8(secret.trim(), algorithm)
  } catch (cause) {
    const curve = { ES256: 'P-256', ES384: 'P-384', ES512: 'P-521' }[algorithm as 'ES256']
    const needs = curve ? `an EC key on curve ${curve}` : 'an RSA key'
    throw new WorkbenchError(
      'invalid_request',
      `The private key cannot be used for ${algorithm}: it must be ${needs}.`,
      {
        cause,
        details: { reason: cause instanceof Error ? cause.message : String(cause) },
        hint: 'Pick the algorithm that matches the key, or paste the matching key.',
      },
    )
  }
  const modulus = (key.algorithm as Partial<RsaHashedKeyAlgorithm>).modulusLength
  if (modulus !== undefined && modulus < 2048) {
    throw new WorkbenchError(
      'invalid_request',
      `${algorithm} needs an RSA key of at least 2048 bits; this one has ${modulus}.`,
      {
        hint: 'Generate a larger key: openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out key.pem',
      },
    )
  }
  return key
}
