/**
 * Signs an outbound REST request with SigV4, last, right before the wire: the URL already carries the API-key query
 * and the body is final, so the signature covers exactly what is sent. The path and query are rewritten into the
 * strict RFC 3986 encoding SigV4 canonicalises to, so what the server recomputes matches what was signed.
 */
import { WorkbenchError, getHeader } from '@wirebench/core'
import type { SigV4Marker } from '@wirebench/core'
import type { HttpRequestBody } from '@wirebench/transport'
import { signSigV4 } from './signer.js'

export interface OutboundToSign {
  url: string
  method: string
  headers: Record<string, string>
  body?: HttpRequestBody
}

export interface SignOutboundOptions {
  credentials: SigV4Marker
  /** The call goes through a cookie jar, which writes the Cookie header after signing: leave it unsigned. */
  cookieJar?: boolean
  signingDate?: Date
}

export interface SignedOutbound {
  url: string
  headers: Record<string, string>
}

const cookieUnsigned: ReadonlySet<string> = new Set(['cookie'])

export async function signOutbound(request: OutboundToSign, options: SignOutboundOptions): Promise<SignedOutbound> {
  const url = new URL(request.url)
  const path = strictPath(url.pathname)
  const pairs = queryPairs(url.search)
  const wireUrl = `${url.origin}${path}${pairs.length > 0 ? `?${pairs.map(([k, v]) => `${escapeUri(k)}=${escapeUri(v)}`).join('&')}` : ''}`
  const headers = Object.create(null) as Record<string, string>
  for (const name in request.headers) headers[name] = request.headers[name] as string
  // The Host header is signed, so it is set here to what undici would send (the URL's host; no default port).
  if (getHeader(headers, 'host') === undefined) headers['host'] = url.host
  const signed = await signSigV4(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path,
      query: queryMap(pairs),
      headers,
      body: signableBody(request.body),
    },
    {
      credentials: options.credentials,
      unsignableHeaders: options.cookieJar ? cookieUnsigned : undefined,
      signingDate: options.signingDate,
    },
  )
  return { url: wireUrl, headers: signed.headers }
}

/** The payload hash must be of the exact bytes sent: the REST builder hands over strings and buffers only. */
function signableBody(body: HttpRequestBody | undefined): string | Uint8Array | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body
  if (body instanceof URLSearchParams) return body.toString()
  throw new WorkbenchError(
    'internal',
    'A streamed form body cannot be SigV4-signed: its bytes are not known before sending.',
  )
}

/** Each segment decoded and re-encoded the RFC 3986 way (what S3 and the SigV4 canonical form expect). */
function strictPath(pathname: string): string {
  return pathname.split('/').map(strictSegment).join('/')
}

/** A segment with a broken escape is left as written: re-encoding it would change what the server receives. */
function strictSegment(segment: string): string {
  try {
    return escapeUri(decodeURIComponent(segment))
  } catch {
    return segment
  }
}

/** Query pairs in wire order, decoded; `+` stays a plus (this builder never writes `+` for a space). */
function queryPairs(search: string): Array<[string, string]> {
  const text = search.startsWith('?') ? search.slice(1) : search
  if (text === '') return []
  return text
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=')
      const name = equals === -1 ? part : part.slice(0, equals)
      const value = equals === -1 ? '' : part.slice(equals + 1)
      return [safeDecode(name), safeDecode(value)]
    })
}

function queryMap(pairs: Array<[string, string]>): Record<string, string | string[]> {
  // Null prototype: a `__proto__` query name stays a plain entry.
  const map = Object.create(null) as Record<string, string | string[]>
  for (const [name, value] of pairs) {
    const existing = map[name]
    if (existing === undefined) map[name] = value
    else if (Array.isArray(existing)) existing.push(value)
    else map[name] = [existing, value]
  }
  return map
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** RFC 3986 unreserved characters stay; everything else is percent-encoded (encodeURIComponent leaves `!'()*`). */
export function escapeUri(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}
