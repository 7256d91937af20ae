/**
 * mTLS: the `__workbenchMtls__` marker with the client certificate and a decrypted private key. An encrypted PKCS#8
 * key is decrypted here with the passphrase, which is a memory-only field: the caller supplies it per call
 * (`memorySecrets`), it is not in the stored config, and it never goes into the marker.
 */
import { MTLS_MARKER, WorkbenchError, type MtlsMarker } from '@wirebench/core'
import type { MtlsAuth } from '../environment.js'
import { decryptPkcs8Pem, TO_ENCRYPTED_PKCS8_COMMAND } from '../pem/encrypted-pkcs8.js'
import { readPem } from '../pem/pem.js'
import type { AuthScheme } from '../scheme/types.js'

const plainKeyLabels = new Set(['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY'])

/** The key of the memory-only passphrase field (`memorySecrets(environmentId, MTLS_PASSPHRASE_FIELD)`). */
export const MTLS_PASSPHRASE_FIELD = 'passphrase'

function requireCertificate(text: string, label: string): void {
  if (readPem(text)?.label !== 'CERTIFICATE') {
    throw new WorkbenchError('invalid_request', `${label} must be a PEM certificate ("-----BEGIN CERTIFICATE-----").`)
  }
}

/**
 * The private key as PEM the transport can load: plain keys unchanged, encrypted PKCS#8 decrypted with `passphrase`
 * (empty means the user has not entered one).
 */
export async function usablePrivateKey(privateKey: string, passphrase: string): Promise<string> {
  const block = readPem(privateKey)
  if (!block) {
    throw new WorkbenchError('invalid_request', 'The private key must be PEM ("-----BEGIN PRIVATE KEY-----").')
  }
  if (block.label === 'ENCRYPTED PRIVATE KEY') {
    if (passphrase === '') {
      throw new WorkbenchError(
        'unauthorized',
        'The private key is encrypted and its passphrase has not been entered.',
        {
          hint:
            'Enter the passphrase in the environment’s mTLS panel. It is kept in memory only (never saved or sent), ' +
            'so it is asked for again after a reload.',
        },
      )
    }
    return decryptPkcs8Pem(privateKey, passphrase)
  }
  if (/ENCRYPTED/i.test(block.headers['Proc-Type'] ?? '')) {
    throw new WorkbenchError(
      'unsupported',
      'The private key uses legacy OpenSSL PEM encryption (Proc-Type: 4,ENCRYPTED).',
      {
        hint: `Convert it to encrypted PKCS#8 once: ${TO_ENCRYPTED_PKCS8_COMMAND}`,
      },
    )
  }
  if (!plainKeyLabels.has(block.label)) {
    throw new WorkbenchError(
      'invalid_request',
      `The private key field holds a "BEGIN ${block.label}" PEM, not a private key.`,
    )
  }
  return privateKey
}

export const mtlsScheme: AuthScheme<MtlsAuth> = {
  type: 'mtls',
  label: 'mTLS (client certificate)',
  description: 'Presents a client certificate at the TLS layer; no header is added.',
  fields: [
    { key: 'certificate', label: 'Client certificate (PEM)', kind: 'pem', placeholder: '-----BEGIN CERTIFICATE-----' },
    {
      key: 'privateKey',
      label: 'Private key (PEM)',
      kind: 'pem',
      secret: true,
      placeholder: '-----BEGIN PRIVATE KEY-----',
      help: 'Plain PKCS#8 or RSA/EC PEM, or encrypted PKCS#8 with the passphrase below.',
    },
    {
      key: MTLS_PASSPHRASE_FIELD,
      label: 'Passphrase',
      kind: 'secret',
      secret: true,
      optional: true,
      memoryOnly: true,
      help: 'Decrypts an encrypted key in the browser. Kept in memory only: never saved or sent to the server.',
    },
    {
      key: 'caCertificate',
      label: 'CA certificate (PEM)',
      kind: 'pem',
      optional: true,
      help:
        'Pins the server chain to this root instead of the system’s authorities (the TLS trust tab’s CA is trusted ' +
        'too). To trust a private CA without pinning, use the TLS trust tab.',
    },
    {
      key: 'allowSelfSigned',
      label: 'Allow self-signed',
      kind: 'boolean',
      optional: true,
      help:
        'Accepts any server certificate chain: for development or pinned certificates only. The TLS trust tab has ' +
        'the same switch for every auth type.',
    },
  ],
  defaults: () => ({
    type: 'mtls',
    certificate: '',
    privateKey: '',
    caCertificate: '',
    allowSelfSigned: false,
  }),
  headerNames: () => [],
  async apply(config, ctx) {
    requireCertificate(config.certificate, 'Client certificate')
    const passphrase = ctx.memorySecrets?.(ctx.environmentId, MTLS_PASSPHRASE_FIELD) ?? ''
    const marker: MtlsMarker = {
      certificate: config.certificate,
      privateKey: await usablePrivateKey(config.privateKey, passphrase),
    }
    if (config.caCertificate.trim() !== '') {
      requireCertificate(config.caCertificate, 'CA certificate')
      marker.caCertificate = config.caCertificate
    }
    if (config.allowSelfSigned) marker.allowSelfSigned = true
    return { headers: {}, markers: { [MTLS_MARKER]: JSON.stringify(marker) } }
  },
}
