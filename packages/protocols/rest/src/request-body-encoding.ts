/** Serialises the body fields of a call: JSON, multipart (automatic boundary), urlencoded, raw. */
import type { FieldInfo, MethodInfo } from '@wirebench/core'
import type { HttpRequestBody } from '@wirebench/transport'
import { parseFileValue } from './file-value.js'
import { encodePairs, formPairs, scalarToString } from './form-encoding.js'
import { encodeMultipart } from './multipart.js'
import type { MultipartPart } from './multipart.js'

export interface EncodedBody {
  body: HttpRequestBody
  contentType: string
}

/** `values` maps wire names to the values given; `whole` is the value of a non-object body. */
export interface BodyValues {
  values: Map<string, { field: FieldInfo | undefined; value: unknown }>
  whole?: { field: FieldInfo; value: unknown }
}

export function encodeBody(method: MethodInfo, input: BodyValues): EncodedBody | undefined {
  if (method.multipart === 'multipart/form-data') return encodeMultipart(multipartParts(input))
  if (method.multipart === 'application/x-www-form-urlencoded') {
    const pairs = [...input.values].flatMap(([name, { value }]) => formPairs(name, value))
    return { body: encodePairs(pairs), contentType: 'application/x-www-form-urlencoded' }
  }
  const contentType = method.requestContentType ?? 'application/json'
  if (input.whole) return wholeBody(input.whole.field, input.whole.value, contentType)
  if (input.values.size === 0) return undefined
  // Null prototype: a `__proto__` key from the message stays a plain property (SECURITY.md, prototype pollution).
  const object = Object.create(null) as Record<string, unknown>
  for (const [name, { value }] of input.values) object[name] = value
  return { body: JSON.stringify(object), contentType: jsonContentType(contentType) }
}

/** A JSON body goes out as the declared JSON-ish type; a non-JSON declaration with object fields falls back to JSON. */
function jsonContentType(declared: string): string {
  return /json/i.test(declared) && declared !== '*/*' ? declared : 'application/json'
}

function wholeBody(field: FieldInfo, value: unknown, contentType: string): EncodedBody {
  if (field.isBinary) {
    const file = parseFileValue(field.name, value)
    // `*/*` declares "anything", which is no Content-Type to send.
    return {
      body: file.data,
      contentType: file.contentType ?? (contentType === '*/*' ? 'application/octet-stream' : contentType),
    }
  }
  if (/json/i.test(contentType) || contentType === '*/*') {
    return { body: JSON.stringify(value), contentType: jsonContentType(contentType) }
  }
  return { body: scalarToString(value), contentType }
}

function multipartParts(input: BodyValues): MultipartPart[] {
  const parts: MultipartPart[] = []
  for (const [name, { field, value }] of input.values) {
    const items = Array.isArray(value) && (field?.isRepeated ?? true) ? value : [value]
    for (const item of items) {
      if (item === undefined || item === null) continue
      if (field?.isBinary) {
        parts.push({ name, ...parseFileValue(name, item) })
      } else {
        // Objects in a multipart part travel as JSON (the OpenAPI default for object properties).
        parts.push({ name, value: scalarToString(item) })
      }
    }
  }
  return parts
}
