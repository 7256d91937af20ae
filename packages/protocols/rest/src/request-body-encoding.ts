/** Serialises the body fields of a call: JSON, multipart (automatic boundary), urlencoded, text and binary. */
import { WorkbenchError } from '@wirebench/core'
import type { FieldInfo } from '@wirebench/core'
import { encodeMultipart } from '@wirebench/transport'
import type { HttpRequestBody, MultipartPart } from '@wirebench/transport'
import type { BodyLayout } from './body-layout.js'
import { parseFileValue } from './file-value.js'
import { encodePairs, formPairs, scalarToString } from './form-encoding.js'
import { isObject } from './types.js'

export interface EncodedBody {
  body: HttpRequestBody
  contentType: string
}

/** `values` maps wire names to the values given; `whole` is the value of a non-object body. */
export interface BodyValues {
  values: Map<string, { field: FieldInfo | undefined; value: unknown }>
  whole?: { field: FieldInfo; value: unknown }
}

/** Encodes the body in the layout's media type; undefined when the message fills no body field. */
export function encodeBody(layout: BodyLayout, input: BodyValues, methodName: string): EncodedBody | undefined {
  const declared = layout.mediaType
  switch (layout.kind) {
    case 'multipart':
      return encodeMultipart(multipartParts(formValues(input, layout, methodName)))
    case 'urlencoded': {
      const pairs = [...formValues(input, layout, methodName)].flatMap(([name, { value }]) => formPairs(name, value))
      return { body: encodePairs(pairs), contentType: 'application/x-www-form-urlencoded' }
    }
    case 'json':
      if (input.whole) {
        const { field, value } = input.whole
        if (field.isBinary) return fileBody(field, value, declared)
        return { body: JSON.stringify(value), contentType: jsonContentType(declared) }
      }
      if (input.values.size === 0) return undefined
      return { body: JSON.stringify(objectOf(input.values)), contentType: jsonContentType(declared) }
    case 'text':
    case 'binary':
      // The layout reads a text or binary body from its one `body` field only.
      return input.whole ? rawBody(input.whole.field, input.whole.value, layout, methodName) : undefined
  }
}

/** Null prototype: a `__proto__` key from the message stays a plain property (SECURITY.md, prototype pollution). */
function objectOf(values: BodyValues['values']): Record<string, unknown> {
  const object = Object.create(null) as Record<string, unknown>
  for (const [name, { value }] of values) object[name] = value
  return object
}

/** The form's parts: the body fields, or the entries of a whole object body (a JSON body sent as a chosen form). */
function formValues(input: BodyValues, layout: BodyLayout, methodName: string): BodyValues['values'] {
  if (!input.whole) return input.values
  const { value } = input.whole
  if (isObject(value))
    return new Map(Object.entries(value).map(([name, item]) => [name, { field: undefined, value: item }]))
  throw new WorkbenchError(
    'invalid_request',
    `The ${layout.mediaType} body of ${methodName} must be an object of form fields.`,
    {
      hint: 'Give the form fields as a JSON object in "body", or choose another Content-Type.',
    },
  )
}

/** A JSON body goes out as the declared JSON-ish type; a non-JSON declaration with object fields falls back to JSON. */
function jsonContentType(declared: string): string {
  return /json/i.test(declared) && declared !== '*/*' ? declared : 'application/json'
}

function fileBody(field: FieldInfo, value: unknown, declared: string): EncodedBody {
  const file = parseFileValue(field.name, value)
  // `*/*` declares "anything", which is no Content-Type to send.
  return {
    body: file.data,
    contentType: file.contentType ?? (declared === '*/*' ? 'application/octet-stream' : declared),
  }
}

/**
 * A text body is the string given, sent verbatim (numbers and booleans as their text); a binary body is a file value
 * (base64, or `{filename, data}`), or a string when the field holds text. Anything else is refused, never serialised
 * into a shape the operation did not declare.
 */
function rawBody(field: FieldInfo, value: unknown, layout: BodyLayout, methodName: string): EncodedBody {
  if (typeof value === 'string' && !(layout.kind === 'binary' && field.isBinary)) {
    return { body: value, contentType: layout.mediaType }
  }
  if (typeof value === 'number' || typeof value === 'boolean')
    return { body: String(value), contentType: layout.mediaType }
  if (field.isBinary || (isObject(value) && typeof value['data'] === 'string'))
    return fileBody(field, value, layout.mediaType)
  const what = layout.kind === 'text' ? 'text' : 'a file (base64, or {filename, data})'
  throw new WorkbenchError(
    'invalid_request',
    `The ${layout.mediaType} body of ${methodName} is ${what}, not ${describe(value)}.`,
    {
      hint:
        layout.kind === 'text'
          ? `Write the ${layout.mediaType} body as a string in "body"; it is sent as written.`
          : 'Choose a file for the body.',
      details: { field: 'body' },
    },
  )
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'an array' : `a JSON ${typeof value}`
}

function multipartParts(values: BodyValues['values']): MultipartPart[] {
  const parts: MultipartPart[] = []
  for (const [name, { field, value }] of values) {
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
