/** Turns an HTTP response into an InvokeResult (REST and plain HTTP calls): JSON when it parses, text for textual types, else base64. */
import { isUtf8 } from 'node:buffer'
import { httpStatusToStatusName } from '@wirebench/core'
import type { InvokeResult } from '@wirebench/core'
import type { HttpResponse } from './http-request.js'

const textualType =
  /^text\/|[/+](json|xml|javascript|ecmascript|yaml|x-yaml|csv|x-www-form-urlencoded|graphql)\b|charset=/i

/** Takes over the response's headers as the result's metadata (the transport made them for this response alone). */
export function toInvokeResult(response: HttpResponse): InvokeResult {
  const contentType = response.headers['content-type']
  const metadata = response.headers
  metadata.http_status = String(response.status)
  const result: InvokeResult = {
    response: '',
    durationMs: response.durationMs,
    status: httpStatusToStatusName(response.status),
    metadata,
    statusMessage: response.statusMessage,
    sizeBytes: response.sizeBytes,
  }
  if (contentType) result.contentType = contentType
  if (response.truncated) result.truncated = true
  decodeBody(response.body, contentType, result)
  return result
}

function decodeBody(body: Buffer, contentType: string | undefined, result: InvokeResult): void {
  if (body.length === 0) return
  const isTextual = contentType === undefined ? isUtf8Text(body) : textualType.test(contentType)
  const looksJson = /json/i.test(contentType ?? '') || startsLikeJson(body)
  if (looksJson && (isTextual || contentType === undefined || /json/i.test(contentType))) {
    const text = body.toString('utf8')
    if (nestingExceeds(text, maxJsonDepth)) {
      // Parsed, it would overflow the stack when the server serialises the result: shown as the text it is.
      result.response = text
      return
    }
    try {
      result.response = JSON.parse(text)
      return
    } catch {
      // A truncated or malformed JSON body is still shown as text.
      result.response = text
      return
    }
  }
  if (isTextual) result.response = body.toString('utf8')
  else result.responseBinary = body.toString('base64')
}

/** Deeper than any real API answer, far below where JSON.stringify of the parsed value overflows the stack. */
export const maxJsonDepth = 1000

/** True when objects/arrays nest deeper than `limit` (brackets inside strings do not count). */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

function startsLikeJson(body: Buffer): boolean {
  for (const byte of body.subarray(0, 64)) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue
    return byte === 0x7b || byte === 0x5b
  }
  return false
}

function isUtf8Text(body: Buffer): boolean {
  return !body.subarray(0, 4096).includes(0) && isUtf8(body)
}
