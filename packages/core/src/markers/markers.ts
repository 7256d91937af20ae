/** Transport markers: metadata keys the auth helpers set and the server's plugins strip before the wire. */
import { WorkbenchError } from '../errors/workbench-error.js'

export const MTLS_MARKER = '__workbenchMtls__'
export const SIGV4_MARKER = '__workbenchSigV4__'
export const COOKIE_ENV_MARKER = '__workbenchCookieEnv__'
export const API_KEY_QUERY_MARKER = '__workbenchApiKeyQuery__'
export const TRUST_MARKER = '__workbenchTrust__'

/** Client certificate material. The passphrase never leaves the browser: keys arrive decrypted. */
export interface MtlsMarker {
  certificate: string
  privateKey: string
  caCertificate?: string
  allowSelfSigned?: boolean
}

/**
 * Server trust of the active environment, whatever its auth: a CA certificate trusted in addition to the system's
 * roots, and/or every server certificate accepted (development servers). Public material: no secret travels here.
 */
export interface TrustMarker {
  caCertificate?: string
  allowSelfSigned?: boolean
}

export interface SigV4Marker {
  accessKey: string
  secretKey: string
  region: string
  service: string
  sessionToken?: string
}

export interface ApiKeyQueryParam {
  name: string
  value: string
}

export interface CallMarkers {
  mtls?: MtlsMarker
  sigv4?: SigV4Marker
  /** The environment id whose cookie jar the call goes through. */
  cookieEnv?: string
  apiKeyQuery?: ApiKeyQueryParam[]
  /** How server certificates are checked; combined with an mTLS marker's own CA and allowSelfSigned. */
  trust?: TrustMarker
}

export interface SplitMetadata {
  headers: Record<string, string>
  markers: CallMarkers
}

const markerKeys = new Set(
  [MTLS_MARKER, SIGV4_MARKER, COOKIE_ENV_MARKER, API_KEY_QUERY_MARKER, TRUST_MARKER].map((k) => k.toLowerCase()),
)

export function isMarkerKey(key: string): boolean {
  return markerKeys.has(key.toLowerCase())
}

// Lower-cased once: a switch evaluates its case expressions for every key it compares.
const mtlsKey = MTLS_MARKER.toLowerCase()
const sigV4Key = SIGV4_MARKER.toLowerCase()
const cookieEnvKey = COOKIE_ENV_MARKER.toLowerCase()
const apiKeyQueryKey = API_KEY_QUERY_MARKER.toLowerCase()
const trustKey = TRUST_MARKER.toLowerCase()

/** Separates marker keys from plain headers; markers never reach the wire as headers. */
export function splitMarkers(metadata: Record<string, string> | undefined): SplitMetadata {
  const headers: Record<string, string> = {}
  const markers: CallMarkers = {}
  if (metadata === undefined) return { headers, markers }
  for (const [key, value] of Object.entries(metadata)) {
    switch (key.toLowerCase()) {
      case mtlsKey:
        markers.mtls = parseMarker<MtlsMarker>(key, value, ['certificate', 'privateKey'])
        break
      case sigV4Key:
        markers.sigv4 = parseMarker<SigV4Marker>(key, value, ['accessKey', 'secretKey', 'region', 'service'])
        break
      case cookieEnvKey:
        markers.cookieEnv = value
        break
      case apiKeyQueryKey: {
        const parsed = parseJson(key, value)
        const list = Array.isArray(parsed) ? parsed : [parsed]
        markers.apiKeyQuery = list.map((item) => requireFields<ApiKeyQueryParam>(key, item, ['name', 'value']))
        break
      }
      case trustKey: {
        // An empty payload changes nothing: the call keeps the shared, default-trust connections.
        const trust = parseTrust(key, value)
        if (trust.caCertificate !== undefined || trust.allowSelfSigned === true) markers.trust = trust
        break
      }
      default:
        headers[key] = value
    }
  }
  return { headers, markers }
}

function parseTrust(key: string, raw: string): TrustMarker {
  const value = requireFields<Record<string, unknown>>(key, parseJson(key, raw), [])
  const { caCertificate, allowSelfSigned } = value
  if (caCertificate !== undefined && typeof caCertificate !== 'string') {
    throw new WorkbenchError('invalid_request', `Metadata key ${key}: caCertificate must be a PEM string.`)
  }
  if (allowSelfSigned !== undefined && typeof allowSelfSigned !== 'boolean') {
    throw new WorkbenchError('invalid_request', `Metadata key ${key}: allowSelfSigned must be true or false.`)
  }
  const trust: TrustMarker = {}
  if (caCertificate !== undefined && caCertificate.trim() !== '') trust.caCertificate = caCertificate
  if (allowSelfSigned === true) trust.allowSelfSigned = true
  return trust
}

function parseMarker<T>(key: string, raw: string, required: string[]): T {
  return requireFields<T>(key, parseJson(key, raw), required)
}

function parseJson(key: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown
  } catch (cause) {
    throw new WorkbenchError('invalid_request', `Metadata key ${key} must hold a JSON object.`, { cause })
  }
}

function requireFields<T>(key: string, value: unknown, required: string[]): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WorkbenchError('invalid_request', `Metadata key ${key} must hold a JSON object.`)
  }
  const record = value as Record<string, unknown>
  const missing = required.filter((field) => typeof record[field] !== 'string' || record[field] === '')
  if (missing.length > 0) {
    throw new WorkbenchError('invalid_request', `Metadata key ${key} is missing ${missing.join(', ')}.`)
  }
  return value as T
}
