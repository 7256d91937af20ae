/**
 * Builds and signs a compact JWS from substituted header and payload templates (SPEC.md "JWT"). The template text is
 * signed as written, so what the user sees is what the signature covers; only a header missing `alg` or `typ` is
 * re-serialised with them added (`"typ": null` leaves `typ` out).
 */
import { WorkbenchError } from '@wirebench/core'
import type { JwtAlgorithm } from '../environment.js'
import { bytesToBase64Url, utf8Bytes } from '../encoding/base64.js'
import { parseJsonTemplate } from '../templating/json-template.js'
import { importJwtKey } from './keys.js'

export const jwtAlgorithms: readonly JwtAlgorithm[] = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
]

/** IEEE-P1363 signature widths (r‖s) per curve: P-256, P-384, P-521. */
export const ECDSA_SIGNATURE_BYTES: Readonly<Record<'ES256' | 'ES384' | 'ES512', number>> = {
  ES256: 64,
  ES384: 96,
  ES512: 132,
}

const shaOf = (algorithm: JwtAlgorithm) => `SHA-${algorithm.slice(2)}`

export interface JwtTemplates {
  algorithm: JwtAlgorithm
  /** Substituted header template (JSON object text). */
  header: string
  /** Substituted payload template (JSON object text). */
  payload: string
}

export interface SignedJwt {
  token: string
  header: Record<string, unknown>
  payload: Record<string, unknown>
}

function parseObject(text: string, label: string): Record<string, unknown> {
  const value = parseJsonTemplate(text.trim() === '' ? '{}' : text, label)
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new WorkbenchError(
      'invalid_request',
      `${label} must be a JSON object, not ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}.`,
    )
  }
  return value as Record<string, unknown>
}

/** Parses both templates and returns the JWS signing input `base64url(header).base64url(payload)`. */
export function jwtSigningInput(templates: JwtTemplates): {
  signingInput: string
  header: Record<string, unknown>
  payload: Record<string, unknown>
} {
  const { algorithm } = templates
  if (!jwtAlgorithms.includes(algorithm)) {
    throw new WorkbenchError('invalid_request', `Unknown JWT algorithm ${String(algorithm)}.`, {
      hint: `Use one of ${jwtAlgorithms.join(', ')}.`,
    })
  }
  const written = parseObject(templates.header, 'JWT header template')
  if (written['alg'] !== undefined && written['alg'] !== algorithm) {
    throw new WorkbenchError(
      'invalid_request',
      `The JWT header says "alg": ${JSON.stringify(written['alg'])} but the selected algorithm is ${algorithm}.`,
      {
        hint: 'Remove "alg" from the header template (it is filled in) or make it match.',
      },
    )
  }
  const payload = parseObject(templates.payload, 'JWT payload template')
  let headerText: string
  let header: Record<string, unknown>
  if ('alg' in written && 'typ' in written && written['typ'] !== null) {
    header = written
    headerText = templates.header.trim()
  } else {
    const { alg: _alg, typ, ...rest } = written
    header = { alg: algorithm, ...(typ === null ? {} : { typ: typ ?? 'JWT' }), ...rest }
    headerText = JSON.stringify(header)
  }
  const signingInput = `${bytesToBase64Url(utf8Bytes(headerText))}.${bytesToBase64Url(utf8Bytes(templates.payload.trim() || '{}'))}`
  return { signingInput, header, payload }
}

/** Rejects an ECDSA signature whose length does not match the curve (SPEC.md "Errors"). */
export function checkEcdsaSignatureWidth(algorithm: JwtAlgorithm, signature: Uint8Array): void {
  if (!algorithm.startsWith('ES')) return
  const expected = ECDSA_SIGNATURE_BYTES[algorithm as keyof typeof ECDSA_SIGNATURE_BYTES]
  if (signature.length !== expected) {
    throw new WorkbenchError(
      'invalid_request',
      `The ${algorithm} signature is ${signature.length} bytes; IEEE-P1363 form for this curve is ${expected}.`,
      {
        hint: 'The key does not match the curve of the selected algorithm.',
      },
    )
  }
}

async function signBytes(algorithm: JwtAlgorithm, key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const params: AlgorithmIdentifier | EcdsaParams = algorithm.startsWith('HS')
    ? 'HMAC'
    : algorithm.startsWith('RS')
      ? 'RSASSA-PKCS1-v1_5'
      : { name: 'ECDSA', hash: shaOf(algorithm) }
  // WebCrypto's ECDSA output is already IEEE-P1363 (r‖s), the form JWS requires (RFC 7518 §3.4).
  return new Uint8Array(await globalThis.crypto.subtle.sign(params, key, data))
}

/** Signs a fresh token (never cached: `${now}` claims must be current on every request). */
export async function signJwt(
  templates: JwtTemplates & { secret: string | Uint8Array<ArrayBuffer> },
): Promise<SignedJwt> {
  const { signingInput, header, payload } = jwtSigningInput(templates)
  const key = await importJwtKey(templates.algorithm, templates.secret)
  let signature: Uint8Array
  try {
    signature = await signBytes(templates.algorithm, key, utf8Bytes(signingInput))
  } catch (cause) {
    throw new WorkbenchError('invalid_request', `Signing the JWT with ${templates.algorithm} failed.`, { cause })
  }
  checkEcdsaSignatureWidth(templates.algorithm, signature)
  return { token: `${signingInput}.${bytesToBase64Url(signature)}`, header, payload }
}
