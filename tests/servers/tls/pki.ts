/**
 * A throwaway PKI for TLS tests, made with `openssl` at test time in a temp dir (removed before returning): a root CA,
 * a server certificate for 127.0.0.1 / 127.0.0.2 / localhost and a client certificate, all as PEM strings.
 * Two calls give two unrelated PKIs, which is how tests get "a certificate from an unknown CA".
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface TestPki {
  caCertificate: string
  serverCertificate: string
  /** PKCS#8, unencrypted. */
  serverKey: string
  clientCertificate: string
  /** PKCS#8, unencrypted. */
  clientKey: string
  /** PKCS#1 (BEGIN RSA PRIVATE KEY) form of an RSA key whose certificate is `rsaClientCertificate`. */
  rsaClientKeyPkcs1: string
  rsaClientCertificate: string
  clientCommonName: string
}

export interface TestPkiOptions {
  /** Subject CN of the client certificates (the mTLS server reports it back). */
  clientCommonName?: string
  /** Days of validity; 1 by default (the material lives for one test run). */
  days?: number
}

export async function createTestPki(options: TestPkiOptions = {}): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'wirebench-pki-'))
  const days = String(options.days ?? 1)
  const clientCommonName = options.clientCommonName ?? 'wirebench-test-client'
  const path = (name: string): string => join(dir, name)
  try {
    await writeFile(
      path('ca.cnf'),
      config('Wirebench Test Root CA', 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign'),
    )
    await writeFile(
      path('server.cnf'),
      config(
        '127.0.0.1',
        'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n' +
          'extendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost',
      ),
    )
    const clientExtensions =
      'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth'
    await writeFile(path('client.cnf'), config(clientCommonName, clientExtensions))
    await writeFile(path('rsa-client.cnf'), config(`${clientCommonName}-rsa`, clientExtensions))

    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1']
    await openssl([
      'req',
      '-x509',
      ...ec,
      '-noenc',
      '-keyout',
      path('ca.key'),
      '-out',
      path('ca.crt'),
      '-days',
      days,
      '-config',
      path('ca.cnf'),
    ])
    const issued = (name: string, key: string[]) =>
      openssl([
        'req',
        '-x509',
        ...key,
        '-noenc',
        '-keyout',
        path(`${name}.key`),
        '-out',
        path(`${name}.crt`),
        '-days',
        days,
        '-config',
        path(`${name}.cnf`),
        '-CA',
        path('ca.crt'),
        '-CAkey',
        path('ca.key'),
      ])
    await issued('server', ec)
    await issued('client', ec)
    await issued('rsa-client', ['-newkey', 'rsa:2048'])
    await openssl(['rsa', '-in', path('rsa-client.key'), '-traditional', '-out', path('rsa-client.pkcs1.key')])

    const read = (name: string) => readFile(path(name), 'utf8')
    return {
      caCertificate: await read('ca.crt'),
      serverCertificate: await read('server.crt'),
      serverKey: await read('server.key'),
      clientCertificate: await read('client.crt'),
      clientKey: await read('client.key'),
      rsaClientKeyPkcs1: await read('rsa-client.pkcs1.key'),
      rsaClientCertificate: await read('rsa-client.crt'),
      clientCommonName,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** Encrypts a PEM private key with a passphrase (PKCS#8 `BEGIN ENCRYPTED PRIVATE KEY`), as a user might paste it. */
export async function encryptPrivateKey(pem: string, passphrase: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wirebench-pki-'))
  try {
    await writeFile(join(dir, 'in.key'), pem)
    await openssl([
      'pkcs8',
      '-topk8',
      '-in',
      join(dir, 'in.key'),
      '-out',
      join(dir, 'out.key'),
      '-passout',
      `pass:${passphrase}`,
    ])
    return await readFile(join(dir, 'out.key'), 'utf8')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** A minimal OpenSSL config: the subject and the extensions of a self-issued or CA-issued certificate. */
function config(commonName: string, extensions: string): string {
  return [
    '[req]',
    'prompt = no',
    'distinguished_name = subject',
    'x509_extensions = extensions',
    '[subject]',
    `CN = ${commonName}`,
    'O = Wirebench tests',
    '[extensions]',
    'subjectKeyIdentifier = hash',
    extensions,
    '',
  ].join('\n')
}

async function openssl(args: string[]): Promise<void> {
  try {
    await run('openssl', args, { timeout: 30_000 })
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`openssl ${args[0]} failed: ${stderr.trim() || String(error)}`, { cause: error })
  }
}
