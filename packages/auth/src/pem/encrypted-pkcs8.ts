/**
 * Decrypts an encrypted PKCS#8 private key (PBES2: PBKDF2-HMAC-SHA1/SHA-256/384/512 + AES-CBC, what
 * `openssl pkcs8 -topk8 -v2 aes-256-cbc` writes) with WebCrypto, so the passphrase never leaves the browser.
 */
import { WorkbenchError } from '@wirebench/core'
import { utf8Bytes } from '../encoding/base64.js'
import { DerError, TAG, children, expectTag, readOid, readSmallInteger, readTlv } from './der.js'
import { readPem, writePem } from './pem.js'

const OID = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
} as const
const prfHashes: Record<string, string> = {
  '1.2.840.113549.2.7': 'SHA-1',
  '1.2.840.113549.2.9': 'SHA-256',
  '1.2.840.113549.2.10': 'SHA-384',
  '1.2.840.113549.2.11': 'SHA-512',
}
const aesKeyBytes: Record<string, number> = {
  '2.16.840.1.101.3.4.1.2': 16,
  '2.16.840.1.101.3.4.1.22': 24,
  '2.16.840.1.101.3.4.1.42': 32,
}
// Bounds the work a pasted key can demand of the browser (OpenSSL writes 2048 by default).
const MAX_ITERATIONS = 10_000_000

export const TO_ENCRYPTED_PKCS8_COMMAND = 'openssl pkcs8 -topk8 -v2 aes-256-cbc -in key.pem -out key-pkcs8.pem'

interface Pbes2Params {
  salt: Uint8Array<ArrayBuffer>
  iterations: number
  hash: string
  keyBytes: number
  iv: Uint8Array<ArrayBuffer>
  encrypted: Uint8Array<ArrayBuffer>
}

function unsupported(what: string): WorkbenchError {
  return new WorkbenchError(
    'unsupported',
    `The encrypted private key uses ${what}, which the workbench cannot decrypt.`,
    {
      hint: `Re-encrypt it with PBES2/AES: ${TO_ENCRYPTED_PKCS8_COMMAND}`,
    },
  )
}

function parseEncryptedPrivateKeyInfo(der: Uint8Array<ArrayBuffer>): Pbes2Params {
  const outer = expectTag(readTlv(der), TAG.sequence, 'EncryptedPrivateKeyInfo')
  const [algorithm, data] = children(outer.content)
  const [schemeOid, schemeParams] = children(expectTag(algorithm, TAG.sequence, 'AlgorithmIdentifier').content)
  const scheme = readOid(expectTag(schemeOid, TAG.oid, 'encryption scheme').content)
  if (scheme !== OID.pbes2) throw unsupported(`the legacy scheme ${scheme} (PBES1)`)
  const [kdf, cipher] = children(expectTag(schemeParams, TAG.sequence, 'PBES2 parameters').content)
  const [kdfOid, kdfParams] = children(expectTag(kdf, TAG.sequence, 'key derivation').content)
  const kdfName = readOid(expectTag(kdfOid, TAG.oid, 'key derivation OID').content)
  if (kdfName !== OID.pbkdf2) throw unsupported(`the key derivation ${kdfName}`)
  const [salt, iterations, ...rest] = children(expectTag(kdfParams, TAG.sequence, 'PBKDF2 parameters').content)
  let hash = 'SHA-1'
  for (const item of rest) {
    // keyLength (INTEGER) is optional and implied by the cipher; prf defaults to hmacWithSHA1.
    if (item.tag !== TAG.sequence) continue
    const prf = readOid(expectTag(children(item.content)[0], TAG.oid, 'PRF OID').content)
    const mapped = prfHashes[prf]
    if (!mapped) throw unsupported(`the PBKDF2 PRF ${prf}`)
    hash = mapped
  }
  const [cipherOid, iv] = children(expectTag(cipher, TAG.sequence, 'cipher').content)
  const cipherName = readOid(expectTag(cipherOid, TAG.oid, 'cipher OID').content)
  const keyBytes = aesKeyBytes[cipherName]
  if (!keyBytes) throw unsupported(`the cipher ${cipherName}`)
  const count = readSmallInteger(expectTag(iterations, TAG.integer, 'iteration count').content)
  if (count < 1 || count > MAX_ITERATIONS) throw new DerError(`iteration count ${count} out of range`)
  return {
    salt: expectTag(salt, TAG.octetString, 'salt').content,
    iterations: count,
    hash,
    keyBytes,
    iv: expectTag(iv, TAG.octetString, 'IV').content,
    encrypted: expectTag(data, TAG.octetString, 'encrypted data').content,
  }
}

/** A decrypted PrivateKeyInfo is one SEQUENCE { INTEGER version, SEQUENCE algorithm, OCTET STRING key, … }. */
function looksLikePrivateKeyInfo(der: Uint8Array<ArrayBuffer>): boolean {
  try {
    const outer = readTlv(der)
    if (outer.tag !== TAG.sequence || outer.end !== der.length) return false
    const [version, algorithm, key] = children(outer.content)
    return version?.tag === TAG.integer && algorithm?.tag === TAG.sequence && key?.tag === TAG.octetString
  } catch {
    return false
  }
}

const wrongPassphrase = () =>
  new WorkbenchError('invalid_request', 'The passphrase does not decrypt the private key.', {
    hint: 'Check the passphrase (or the variable it references) and try again.',
  })

/** Decrypts `-----BEGIN ENCRYPTED PRIVATE KEY-----` into `-----BEGIN PRIVATE KEY-----` PEM. */
export async function decryptPkcs8Pem(pem: string, passphrase: string): Promise<string> {
  const block = readPem(pem)
  if (!block || block.label !== 'ENCRYPTED PRIVATE KEY') {
    throw new WorkbenchError('invalid_request', 'The private key is not a "BEGIN ENCRYPTED PRIVATE KEY" PEM block.')
  }
  let params: Pbes2Params
  try {
    params = parseEncryptedPrivateKeyInfo(block.der)
  } catch (cause) {
    if (cause instanceof WorkbenchError) throw cause
    throw new WorkbenchError(
      'invalid_request',
      `The encrypted private key is malformed (${(cause as Error).message}).`,
      { cause },
    )
  }
  const subtle = globalThis.crypto.subtle
  const base = await subtle.importKey('raw', utf8Bytes(passphrase), 'PBKDF2', false, ['deriveBits'])
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: params.hash, salt: params.salt, iterations: params.iterations },
    base,
    params.keyBytes * 8,
  )
  let key: CryptoKey
  try {
    key = await subtle.importKey('raw', bits, 'AES-CBC', false, ['decrypt'])
  } catch (cause) {
    throw new WorkbenchError('unsupported', `This browser cannot use ${params.keyBytes * 8}-bit AES keys.`, {
      cause,
      hint: `Re-encrypt the key with AES-256: ${TO_ENCRYPTED_PKCS8_COMMAND}`,
    })
  }
  let plain: Uint8Array<ArrayBuffer>
  try {
    plain = new Uint8Array(await subtle.decrypt({ name: 'AES-CBC', iv: params.iv }, key, params.encrypted))
  } catch {
    // Bad PKCS#7 padding: almost always a wrong passphrase.
    throw wrongPassphrase()
  }
  // A wrong passphrase passes the padding check about once in 256 tries; the structure check catches those.
  if (!looksLikePrivateKeyInfo(plain)) throw wrongPassphrase()
  return writePem('PRIVATE KEY', plain)
}
