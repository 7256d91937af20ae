/**
 * Turns an mTLS marker into TLS connect options, checking the PEM material first so a pasting mistake is named
 * (which field, what shape it must have) instead of surfacing as an OpenSSL decoder error mid-handshake.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import type { KeyObject } from 'node:crypto'
import { WorkbenchError } from '@wirebench/core'
import type { MtlsMarker } from '@wirebench/core'

export interface ClientTlsOptions {
  cert: string
  key: string
  /** Only the marker's CA: it replaces the OS trust store (the chain is pinned to it). */
  ca?: string
  rejectUnauthorized: boolean
}

const keyShapeHint =
  'Paste an unencrypted PEM private key: PKCS#8 (BEGIN PRIVATE KEY) or PKCS#1 (BEGIN RSA PRIVATE KEY). An encrypted ' +
  'key is decrypted in the browser with its passphrase before it is sent.'

const certificateBlock = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g

export function clientTlsOptions(marker: MtlsMarker): ClientTlsOptions {
  checkKeyPair(marker)
  const options: ClientTlsOptions = {
    cert: marker.certificate,
    key: marker.privateKey,
    rejectUnauthorized: marker.allowSelfSigned !== true,
  }
  if (marker.caCertificate !== undefined && marker.caCertificate.trim() !== '') {
    readCertificates(marker.caCertificate, mtlsCa)
    options.ca = marker.caCertificate
  }
  return options
}

/** Which PEM field a certificate came from, for the message and for `details.field`. */
export interface CertificateSource {
  /** Completes "The … is not a PEM certificate". */
  label: string
  field: string
}

const clientCertificate: CertificateSource = { label: 'mTLS client certificate', field: 'certificate' }
const mtlsCa: CertificateSource = { label: 'mTLS CA certificate', field: 'caCertificate' }

/** Checks that the client certificate and the private key are PEM and belong together. */
export function checkKeyPair(marker: Pick<MtlsMarker, 'certificate' | 'privateKey'>): void {
  const certificates = readCertificates(marker.certificate, clientCertificate)
  const key = parsePrivateKey(marker.privateKey)
  const leaf = certificates[0] as X509Certificate
  if (!leaf.checkPrivateKey(key)) {
    throw new WorkbenchError('invalid_request', 'The mTLS private key does not belong to the client certificate.', {
      hint: 'Paste the private key that was generated with this certificate (their public keys must match).',
      details: { field: 'privateKey' },
    })
  }
}

/** Every certificate of a PEM bundle, read; throws `invalid_request` naming the field when one cannot be read. */
export function readCertificates(pem: string, source: CertificateSource): X509Certificate[] {
  const { label, field } = source
  const blocks = pem.match(certificateBlock) ?? []
  if (blocks.length === 0) {
    throw new WorkbenchError('invalid_request', `The ${label} is not a PEM certificate.`, {
      hint: 'Paste the certificate in PEM form: the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----.',
      details: { field },
    })
  }
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block)
    } catch (cause) {
      const which = blocks.length > 1 ? ` (certificate ${index + 1} of ${blocks.length})` : ''
      throw new WorkbenchError('invalid_request', `The ${label}${which} cannot be read: ${reason(cause)}.`, {
        cause,
        hint: 'Paste the whole PEM block again; it looks cut or altered.',
        details: { field },
      })
    }
  })
}

function parsePrivateKey(pem: string): KeyObject {
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw new WorkbenchError('invalid_request', 'The mTLS private key is encrypted.', {
      hint: keyShapeHint,
      details: { field: 'privateKey' },
    })
  }
  if (!/-----BEGIN (?:RSA |EC )?PRIVATE KEY-----/.test(pem)) {
    throw new WorkbenchError('invalid_request', 'The mTLS private key is not a PEM private key.', {
      hint: keyShapeHint,
      details: { field: 'privateKey' },
    })
  }
  try {
    return createPrivateKey({ key: pem, format: 'pem' })
  } catch (cause) {
    throw new WorkbenchError('invalid_request', `The mTLS private key cannot be read: ${reason(cause)}.`, {
      cause,
      hint: keyShapeHint,
      details: { field: 'privateKey' },
    })
  }
}

/** OpenSSL's words without anything from the input (a key must never be echoed into a message). */
function reason(cause: unknown): string {
  const code = (cause as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : 'the PEM data is malformed'
}
