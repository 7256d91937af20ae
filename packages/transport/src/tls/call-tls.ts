/**
 * What a call trusts and presents at TLS, read from its markers: the environment's trust settings (the trust marker)
 * combined with an mTLS marker. The rules, in one place for every protocol:
 * - the environment's CA certificate is trusted in addition to the system's roots (an environment may reach public
 *   servers as well as its private one);
 * - an mTLS CA certificate pins the chain: the system's roots are left out and only the mTLS CA and the environment's
 *   CA are trusted;
 * - "allow self-signed" on either side turns certificate checks off;
 * - a client certificate is presented only when an mTLS marker carries one.
 * Secure contexts are built once per distinct set and kept (least recently used goes): building one over the system
 * roots costs about 30 ms, too much for every connection.
 */
import { createHash } from 'node:crypto'
import { createSecureContext, rootCertificates } from 'node:tls'
import type { SecureContext } from 'node:tls'
import type { CallMarkers, MtlsMarker, TrustMarker } from '@wirebench/core'
import { checkKeyPair, readCertificates } from './client-certificate.js'

/** Options to spread into `tls.connect` (undici `connect`, `http2.connect`, `https.Agent`, `ws`). */
export interface CallTlsOptions {
  secureContext: SecureContext
  rejectUnauthorized: boolean
}

export interface CallTls {
  options: CallTlsOptions
  /** A digest of the material (pool and cache keys hold no key material). */
  id: string
  /** An mTLS client certificate is presented (handshake failures are then about it first). */
  clientCertificate: boolean
}

const environmentCa = { label: 'CA certificate of the environment’s trust settings', field: 'trust.caCertificate' }
const mtlsCa = { label: 'mTLS CA certificate', field: 'caCertificate' }

const maxContexts = 16
// Insertion order is recency order: a reused context moves to the end, the first one is evicted.
const contexts = new Map<string, SecureContext>()

const nonEmpty = (value: string | undefined): value is string => value !== undefined && value.trim() !== ''

/**
 * The TLS options of a call, or undefined when its markers change nothing (the default trust, no client
 * certificate), so such calls keep sharing the default connections. Throws `invalid_request` naming the field when
 * a certificate or key cannot be read.
 */
export function callTls(markers: Pick<CallMarkers, 'mtls' | 'trust'>): CallTls | undefined {
  const { mtls, trust } = markers
  if (!mtls && !nonEmpty(trust?.caCertificate) && trust?.allowSelfSigned !== true) return undefined
  const id = tlsId(mtls, trust)
  const rejectUnauthorized = mtls?.allowSelfSigned !== true && trust?.allowSelfSigned !== true
  let secureContext = contexts.get(id)
  if (secureContext) {
    contexts.delete(id)
  } else {
    secureContext = createSecureContext(contextOptions(mtls, trust))
  }
  contexts.set(id, secureContext)
  if (contexts.size > maxContexts) contexts.delete(contexts.keys().next().value as string)
  return { options: { secureContext, rejectUnauthorized }, id, clientCertificate: mtls !== undefined }
}

function contextOptions(mtls: MtlsMarker | undefined, trust: TrustMarker | undefined) {
  const options: { cert?: string; key?: string; ca?: string[] } = {}
  if (mtls) {
    checkKeyPair(mtls)
    options.cert = mtls.certificate
    options.key = mtls.privateKey
  }
  const added = nonEmpty(trust?.caCertificate) ? [checked(trust.caCertificate, environmentCa)] : []
  if (nonEmpty(mtls?.caCertificate)) options.ca = [checked(mtls.caCertificate, mtlsCa), ...added]
  else if (added.length > 0) options.ca = [...rootCertificates, ...added]
  return options
}

function checked(pem: string, source: { label: string; field: string }): string {
  readCertificates(pem, source)
  return pem
}

function tlsId(mtls: MtlsMarker | undefined, trust: TrustMarker | undefined): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        mtls?.certificate ?? '',
        mtls?.privateKey ?? '',
        mtls?.caCertificate ?? '',
        mtls?.allowSelfSigned === true,
        trust?.caCertificate ?? '',
        trust?.allowSelfSigned === true,
      ]),
    )
    .digest('base64url')
}
