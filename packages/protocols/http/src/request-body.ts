/** Encodes the body of a plain HTTP call and the Content-Type it implies when the headers set none. */
import type { HttpRequestBody, MultipartPart } from '@wirebench/transport'
import { encodeMultipart } from '@wirebench/transport'
import type { HttpBody, HttpFormPairs } from './types.js'

export interface EncodedBody {
  body: HttpRequestBody
  /** Sent when neither the message nor the metadata names a Content-Type. */
  contentType?: string
}

export function pairsOf(pairs: HttpFormPairs): [string, string][] {
  if (Array.isArray(pairs)) return pairs
  return Object.entries(pairs).flatMap(([name, value]) =>
    Array.isArray(value) ? value.map((item): [string, string] => [name, item]) : [[name, value] as [string, string]],
  )
}

export function encodeBody(body: HttpBody): EncodedBody {
  if (typeof body === 'string') return { body }
  if ('text' in body) return { body: body.text, contentType: 'text/plain; charset=utf-8' }
  if ('json' in body) return { body: JSON.stringify(body.json), contentType: 'application/json' }
  if ('form' in body) {
    return {
      body: new URLSearchParams(pairsOf(body.form)).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }
  }
  const parts: MultipartPart[] = body.multipart.map((part) => {
    if (!('filename' in part)) return { name: part.name, value: part.value }
    const data =
      part.contentBase64 !== undefined ? Buffer.from(part.contentBase64, 'base64') : Buffer.from(part.content ?? '')
    return {
      name: part.name,
      filename: part.filename,
      data,
      ...(part.contentType ? { contentType: part.contentType } : {}),
    }
  })
  const encoded = encodeMultipart(parts)
  // The boundary is ours: a Content-Type the import carried (with the browser's boundary) would not match the body.
  return { body: encoded.body, contentType: encoded.contentType }
}
