/**
 * The HAR request of a prepared HTTP request, for snippet generators: built from the exact method, URL, headers and
 * body bytes a plugin would send, with every referenced value written back as `${name}`.
 */
import type { ReferenceMask } from '@wirebench/core'
import type { HttpRequestBody } from '../http-request.js'

export interface HarParam {
  name: string
  value?: string
  fileName?: string
  contentType?: string
}

export interface HarRequest {
  method: string
  url: string
  httpVersion: string
  headers: Array<{ name: string; value: string }>
  queryString: Array<{ name: string; value: string }>
  cookies: never[]
  headersSize: number
  bodySize: number
  postData?: { mimeType: string; text?: string; params?: HarParam[] }
}

export interface PreparedHttpRequest {
  method: string
  /** The address as it goes on the wire (an API key in the query included: masked like every other value). */
  url: string
  headers: Readonly<Record<string, string>>
  body?: HttpRequestBody | undefined
}

export interface HarResult {
  har: HarRequest
  notes: string[]
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true })

function headerValue(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value
  return undefined
}

export function toHarRequest(request: PreparedHttpRequest, mask: ReferenceMask): HarResult {
  const notes: string[] = []
  const mimeType = headerValue(request.headers, 'content-type') ?? ''
  const headers = Object.entries(request.headers)
    // A multipart boundary is the generator's to choose: it writes the parts, not these bytes.
    .filter(([name]) => !(name.toLowerCase() === 'content-type' && mimeType.startsWith('multipart/')))
    .map(([name, value]) => ({ name, value: mask(value) }))
  const har: HarRequest = {
    method: request.method,
    url: mask(request.url),
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: -1,
  }
  if (request.body !== undefined) {
    const postData = harBody(request.body, mimeType, mask, notes)
    if (postData) har.postData = postData
  }
  return { har, notes }
}

function harBody(
  body: HttpRequestBody,
  mimeType: string,
  mask: ReferenceMask,
  notes: string[],
): HarRequest['postData'] | undefined {
  if (body instanceof URLSearchParams) return { mimeType: 'text/plain', text: mask(body.toString()) }
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    notes.push('The body is a streamed form: the snippet leaves it out.')
    return undefined
  }
  const bytes = typeof body === 'string' ? undefined : body
  const text = typeof body === 'string' ? body : decodeText(body)
  if (mimeType.startsWith('multipart/form-data') && bytes) {
    const params = multipartParams(bytes, mimeType, mask)
    if (params) {
      if (params.some((param) => param.fileName !== undefined)) {
        notes.push('File parts read a local file of the part’s file name (curl -F name=@file).')
      }
      return { mimeType: 'multipart/form-data', params }
    }
  }
  if (mimeType.startsWith('application/x-www-form-urlencoded') && text !== undefined) {
    // The encoded text as it goes on the wire, not as name/value pairs: httpsnippet's curl target writes pair values
    // unencoded and its fetch target folds repeated names into one. The Content-Type header still says form.
    return { mimeType: 'text/plain', text: mask(text) }
  }
  if (text === undefined) {
    notes.push('The body is binary: the snippet leaves it out; send the file with curl --data-binary @file.')
    return undefined
  }
  return { mimeType: mimeType === '' ? 'application/octet-stream' : mimeType, text: mask(text) }
}

function decodeText(bytes: Uint8Array): string | undefined {
  try {
    return fatalDecoder.decode(bytes)
  } catch {
    return undefined
  }
}

/** The parts of a multipart body this process encoded (`multipart.ts`): names, file names, types, text values. */
function multipartParams(bytes: Uint8Array, mimeType: string, mask: ReferenceMask): HarParam[] | undefined {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(mimeType)?.[2]
  if (!boundary) return undefined
  const text = Buffer.from(bytes).toString('latin1')
  const params: HarParam[] = []
  for (const chunk of text.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break
    const headEnd = chunk.indexOf('\r\n\r\n')
    if (headEnd < 0) return undefined
    const head = chunk.slice(2, headEnd)
    const content = chunk.slice(headEnd + 4, chunk.endsWith('\r\n') ? -2 : undefined)
    const name = /name="([^"]*)"/.exec(head)?.[1]
    if (name === undefined) return undefined
    const fileName = /filename="([^"]*)"/.exec(head)?.[1]
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]
    const param: HarParam = { name: mask(name) }
    if (fileName !== undefined) {
      param.fileName = fileName === '' ? name : fileName
      if (contentType) param.contentType = contentType
    } else {
      param.value = mask(Buffer.from(content, 'latin1').toString('utf8'))
    }
    params.push(param)
  }
  return params
}
