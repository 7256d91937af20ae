import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usablePrivateKey } from '../schemes/mtls.js'
import { decryptPkcs8Pem, TO_ENCRYPTED_PKCS8_COMMAND } from './encrypted-pkcs8.js'

// Keys are made by the real openssl at test time: the decryption must agree with what openssl itself writes.
let dir = ''
const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString()
const read = (name: string) => readFileSync(join(dir, name), 'utf8')

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wirebench-pkcs8-'))
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'rsa.pem')
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-384', '-out', 'ec.pem')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** openssl's own unencrypted PKCS#8 of a key: what a correct decryption must reproduce. */
function plainPkcs8(source: string): string {
  return openssl('pkcs8', '-topk8', '-nocrypt', '-in', source)
}

function encrypt(source: string, passphrase: string, ...options: string[]): string {
  writeFileSync(join(dir, 'pass.txt'), passphrase)
  return openssl('pkcs8', '-topk8', '-in', source, '-passout', 'file:pass.txt', ...options)
}

const normalise = (pem: string) => pem.replace(/\r?\n/g, '\n').trim()

describe('decryptPkcs8Pem', () => {
  it.each([
    ['AES-256-CBC, PBKDF2-HMAC-SHA256 (openssl default)', 'rsa.pem', ['-v2', 'aes-256-cbc']],
    ['AES-128-CBC, PBKDF2-HMAC-SHA1', 'rsa.pem', ['-v2', 'aes-128-cbc', '-v2prf', 'hmacWithSHA1']],
    ['AES-256-CBC, PBKDF2-HMAC-SHA512, EC key', 'ec.pem', ['-v2', 'aes-256-cbc', '-v2prf', 'hmacWithSHA512']],
    ['AES-192-CBC, 100000 iterations', 'ec.pem', ['-v2', 'aes-192-cbc', '-iter', '100000']],
  ])('decrypts %s to the same PKCS#8 openssl writes', async (_name, source, options) => {
    const encrypted = encrypt(source, 'correct horse ✓', ...options)
    expect(encrypted).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----')
    const decrypted = await decryptPkcs8Pem(encrypted, 'correct horse ✓')
    expect(normalise(decrypted)).toBe(normalise(plainPkcs8(source)))
  })

  it('says the passphrase is wrong instead of returning garbage', async () => {
    const encrypted = encrypt('rsa.pem', 'right', '-v2', 'aes-256-cbc')
    await expect(decryptPkcs8Pem(encrypted, 'wrong')).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'The passphrase does not decrypt the private key.',
    })
  })

  it('refuses PBES1 keys with the command that re-encrypts them', async () => {
    const legacy = encrypt('rsa.pem', 'pw', '-v1', 'PBE-SHA1-3DES')
    await expect(decryptPkcs8Pem(legacy, 'pw')).rejects.toMatchObject({
      code: 'unsupported',
      hint: expect.stringContaining(TO_ENCRYPTED_PKCS8_COMMAND),
    })
  })

  it('refuses a malformed body', async () => {
    const broken = '-----BEGIN ENCRYPTED PRIVATE KEY-----\nMAMCAQA=\n-----END ENCRYPTED PRIVATE KEY-----\n'
    await expect(decryptPkcs8Pem(broken, 'pw')).rejects.toMatchObject({ message: expect.stringMatching(/malformed/) })
  })
})

describe('usablePrivateKey (mTLS)', () => {
  it('passes plain PKCS#8 and traditional keys through unchanged', async () => {
    const rsa = read('rsa.pem')
    expect(await usablePrivateKey(rsa, '')).toBe(rsa)
    const traditional = openssl('pkey', '-in', 'ec.pem', '-traditional')
    expect(traditional).toContain('BEGIN EC PRIVATE KEY')
    expect(await usablePrivateKey(traditional, '')).toBe(traditional)
  })

  it('decrypts an encrypted PKCS#8 key with the passphrase and asks for one when it is missing', async () => {
    const encrypted = encrypt('ec.pem', 'pw', '-v2', 'aes-256-cbc')
    expect(normalise(await usablePrivateKey(encrypted, 'pw'))).toBe(normalise(plainPkcs8('ec.pem')))
    await expect(usablePrivateKey(encrypted, '')).rejects.toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/passphrase has not been entered/),
    })
  })

  it('refuses legacy Proc-Type encrypted PEM with the openssl command to convert it', async () => {
    writeFileSync(join(dir, 'pass.txt'), 'pw')
    const legacy = openssl('rsa', '-in', 'rsa.pem', '-aes256', '-traditional', '-passout', 'file:pass.txt')
    expect(legacy).toContain('Proc-Type: 4,ENCRYPTED')
    await expect(usablePrivateKey(legacy, 'pw')).rejects.toMatchObject({
      code: 'unsupported',
      message: expect.stringContaining('Proc-Type: 4,ENCRYPTED'),
      hint: expect.stringContaining('openssl pkcs8 -topk8 -v2 aes-256-cbc -in key.pem -out key-pkcs8.pem'),
    })
  })
})
