/**
 * What an HTTP call put on the wire, for the response pane: the request line and headers exactly as undici wrote
 * them when they were seen (else the ones handed to it), the body as text when it is text, and every credential the
 * server can recognise masked: headers by name, API-key query parameters by the names their marker gave.
 */
import type { SentRequest } from '@wirebench/core'
import type { FormData } from 'undici'

export const MASK = '***'

/** Headers that carry credentials whatever their value; compared lower-case. */
const credentialHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth-token',
  'x-access-token',
  'x-amz-security-token',
])

export function isCredentialHeader(name: string): boolean {
  return credentialHeaders.has(name.toLowerCase())
}

/** The largest body shown as text; the rest is cut (`bodyTruncated`). */
export const SENT_BODY_LIMIT_BYTES = 64 * 1024

export type SentBody = string | Buffer | Uint8Array | FormData | URLSearchParams

export interface SentRequestInput {
  method: string
  /** The address as built from the call (no API-key query): used when the raw head was not seen. */
  url: string
  /** The headers handed to the transport, used when the raw head was not seen. */
  headers: Record<string, string>
  body?: SentBody | undefined
  /** The request line and headers undici wrote (HTTP/1.1), when a phase timer saw them. */
  rawHead?: string | undefined
  /** Names of query parameters that carry a credential (the API-key marker's). */
  secretQueryNames?: readonly string[] | undefined
}

export function describeSentRequest(input: SentRequestInput): SentRequest {
  const secretNames = input.secretQueryNames?.length ? new Set(input.secretQueryNames) : undefined
  let sent: SentRequest
  if (input.rawHead === undefined) {
    const headers: Array<[string, string]> = []
    for (const name in input.headers) {
      headers.push([name, isCredentialHeader(name) ? MASK : (input.headers[name] as string)])
    }
    sent = { method: input.method, url: input.url, headers }
  } else {
    const head = parseRawHead(input.rawHead)
    for (const header of head.headers) if (credentialHeaders.has(header[0])) header[1] = MASK
    // The head's target is origin-relative: the origin is the one the call was addressed to.
    sent = { method: head.method, url: originOf(input.url) + head.target, headers: head.headers }
  }
  if (secretNames) sent.url = maskQuery(sent.url, secretNames)
  if (input.body !== undefined) Object.assign(sent, describeBody(input.body, contentTypeOf(sent.headers)))
  return sent
}

/** `GET /path?q HTTP/1.1\r\nname: value\r\n…` → method, target and headers (names lower-cased). */
export function parseRawHead(raw: string): { method: string; target: string; headers: Array<[string, string]> } {
  // Plain index walks: this runs on every relayed call.
  let lineEnd = raw.indexOf('\r\n')
  if (lineEnd < 0) lineEnd = raw.length
  const firstSpace = raw.indexOf(' ')
  const secondSpace = firstSpace < 0 ? -1 : raw.indexOf(' ', firstSpace + 1)
  const method = firstSpace < 0 || firstSpace > lineEnd ? raw.slice(0, lineEnd) : raw.slice(0, firstSpace)
  const target =
    firstSpace < 0 || firstSpace > lineEnd
      ? '/'
      : raw.slice(firstSpace + 1, secondSpace < 0 || secondSpace > lineEnd ? lineEnd : secondSpace)
  const headers: Array<[string, string]> = []
  let start = lineEnd + 2
  while (start < raw.length) {
    let end = raw.indexOf('\r\n', start)
    if (end < 0) end = raw.length
    const colon = raw.indexOf(':', start)
    if (colon > start && colon < end) {
      headers.push([raw.slice(start, colon).toLowerCase(), raw.slice(colon + 1, end).trim()])
    }
    start = end + 2
  }
  return { method, target, headers }
}

/** `https://h:1/a/b` → `https://h:1`. */
function originOf(url: string): string {
  const scheme = url.indexOf('//')
  const path = scheme < 0 ? -1 : url.indexOf('/', scheme + 2)
  const query = url.indexOf('?', scheme + 2)
  const cut = path < 0 ? query : query < 0 ? path : Math.min(path, query)
  return cut < 0 ? url : url.slice(0, cut)
}

/** The URL with the values of `names` query parameters replaced by `***` (the rest kept as written). */
export function maskQuery(url: string, names: ReadonlySet<string>): string {
  if (names.size === 0) return url
  const hash = url.indexOf('#')
  const query = url.indexOf('?')
  if (query < 0 || (hash >= 0 && hash < query)) return url
  const end = hash >= 0 ? hash : url.length
  const params = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const key = equals < 0 ? pair : pair.slice(0, equals)
      return names.has(decodeQueryPart(key)) ? `${key}=${MASK}` : pair
    })
  return `${url.slice(0, query + 1)}${params.join('&')}${url.slice(end)}`
}

function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

function contentTypeOf(headers: ReadonlyArray<[string, string]>): string | undefined {
  return headers.find(([name]) => name === 'content-type')?.[1]
}

type BodyFacts = Pick<SentRequest, 'body' | 'bodySummary' | 'bodyBytes' | 'bodyTruncated'>

function describeBody(body: SentBody, contentType: string | undefined): BodyFacts {
  if (typeof body === 'string') return textBody(body, Buffer.byteLength(body))
  if (body instanceof URLSearchParams) return textBody(body.toString(), Buffer.byteLength(body.toString()))
  if (body instanceof Uint8Array) {
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    if (isTextType(contentType) && isUtf8(bytes)) return textBody(bytes.toString('utf8'), bytes.length)
    return {
      bodySummary: `${contentType ?? 'binary'}: ${bytes.length.toLocaleString('en')} bytes`,
      bodyBytes: bytes.length,
    }
  }
  return { bodySummary: formSummary(body) }
}

function textBody(text: string, bytes: number): BodyFacts {
  if (bytes <= SENT_BODY_LIMIT_BYTES) return { body: text, bodyBytes: bytes }
  return { body: text.slice(0, SENT_BODY_LIMIT_BYTES), bodyBytes: bytes, bodyTruncated: true }
}

function isTextType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return type.startsWith('text/') || /[/+](json|xml|yaml|x-www-form-urlencoded|graphql)$/.test(type)
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** `multipart/form-data: name (text), photo (file cat.png, 12,034 bytes)`. */
function formSummary(form: FormData): string {
  const parts: string[] = []
  for (const [name, value] of form.entries()) {
    parts.push(
      typeof value === 'string'
        ? `${name} = ${value.length > 80 ? `${value.slice(0, 80)}…` : value}`
        : `${name} (file ${value.name || 'without a name'}, ${value.size.toLocaleString('en')} bytes)`,
    )
  }
  return `multipart/form-data, ${parts.length} part${parts.length === 1 ? '' : 's'}: ${parts.join('; ')}`
}
