/**
 * Builds the outbound HTTP request of a call per SPEC.md's table: path parameters URL-encoded into `{name}`, query
 * parameters appended (arrays repeated), header parameters, then the body. No body for GET/HEAD/DELETE/OPTIONS/TRACE.
 * A parameter's own `style`/`explode` in the document wins over those defaults (`parameter-style.ts`).
 *
 * Header precedence: a filled header parameter wins over a metadata header of the same name (case-insensitive),
 * because it is the value typed into this operation's form while metadata is session-wide (environment headers and
 * auth output, in which user metadata has already won over auth).
 */
import { WorkbenchError, getHeader, mergeHeaders } from '@wirebench/core'
import type { FieldInfo, MethodInfo } from '@wirebench/core'
import { isManagedHeader } from '@wirebench/transport'
import type { HttpRequestBody } from '@wirebench/transport'
import { encodeBody } from './request-body-encoding.js'
import type { BodyValues } from './request-body-encoding.js'
import { headerText, pathSegment, querySegments } from './parameter-style.js'
import { bodyLayout, isWholeBody } from './body-layout.js'
import type { BodyLayout } from './body-layout.js'
import { placeStrayKeys } from './stray-keys.js'
import { compiledMethod, knownNames } from './compiled-method.js'
import { isObject } from './types.js'

export interface OutboundRequest {
  url: string
  method: string
  headers: Record<string, string>
  body?: HttpRequestBody
}

export function buildRequest(
  method: MethodInfo,
  baseUrl: string,
  message: unknown,
  metadata: Record<string, string>,
): OutboundRequest {
  if (message !== undefined && !isObject(message)) {
    throw new WorkbenchError('invalid_request', `The message for ${method.name} must be a JSON object.`)
  }
  const values = message ?? {}
  const compiled = compiledMethod(method)
  const verb = compiled.verb
  let path = compiled.path
  const query: string[] = []
  let paramHeaders: Record<string, string> | undefined
  for (const field of method.inputType.fields) {
    const value = values[field.name] ?? onlyValue(field)
    const wire = field.wireName ?? field.name
    switch (field.source) {
      case 'path':
        path = substitutePath(path, field, value, method.name)
        break
      case 'query':
        query.push(...querySegments(wire, value, field))
        break
      case 'header':
        if (value !== undefined && value !== null) (paramHeaders ??= {})[wire] = headerText(value, field)
        break
      case 'body':
      case undefined:
        break
    }
  }
  const headers = paramHeaders === undefined ? { ...metadata } : mergeHeaders(paramHeaders, metadata)
  for (const name of Object.keys(headers)) if (isManagedHeader(name)) delete headers[name]
  // The call's Content-Type chooses among the media types the operation declares.
  const contentType = getHeader(headers, 'content-type')
  const layout = contentType === undefined ? compiled.defaultLayout : bodyLayout(method, contentType)
  const sendsBody = compiled.sendsBody
  const body = bodyValues(layout, values)
  const known = contentType === undefined ? compiled.defaultKnownNames : knownNames(method, layout)
  placeStrayKeys({ method, layout, known, values, body, sendsBody })
  const request: OutboundRequest = { url: joinUrl(baseUrl, path, query), method: verb, headers }
  if (!sendsBody) return request
  const encoded = encodeBody(layout, body, method.name)
  if (!encoded) return request
  request.body = encoded.body
  // A multipart body owns its Content-Type (the boundary must match), a form body replaces one that did not choose
  // it; a JSON, text or binary body keeps the call's.
  const ownsType = layout.kind === 'multipart' || (layout.kind === 'urlencoded' && !layout.isChosen)
  if (ownsType) removeHeader(headers, 'content-type')
  if (ownsType || getHeader(headers, 'content-type') === undefined) {
    headers['content-type'] = encoded.contentType
  }
  return request
}

/** The body fields the message fills, by wire name; a whole (non-object) body on its own. */
function bodyValues(layout: BodyLayout, values: Record<string, unknown>): BodyValues {
  const body: BodyValues = { values: new Map() }
  for (const field of layout.fields) {
    const value = values[field.name]
    if (value === undefined) continue
    if (isWholeBody(field)) body.whole = { field, value }
    else body.values.set(field.wireName ?? field.name, { field, value })
  }
  return body
}

/**
 * The value of a required parameter left out of the message that can hold exactly one value (an enum of one, as
 * `Action=DescribeRegions` and `Version` of an AWS query API): the document leaves no choice, and the call is wrong
 * without it. Body fields are left as the user wrote them.
 */
function onlyValue(field: FieldInfo): string | undefined {
  if (!field.required || field.source === 'body' || field.source === undefined) return undefined
  return field.enumValues?.length === 1 ? field.enumValues[0]?.name : undefined
}

function substitutePath(path: string, field: FieldInfo, value: unknown, method: string): string {
  const name = field.wireName ?? field.name
  const placeholder = `{${name}}`
  if (!path.includes(placeholder)) return path
  if (value === undefined || value === null || value === '') {
    throw new WorkbenchError('invalid_request', `Path parameter ${name} of ${method} is required.`, {
      hint: `Fill in ${name} (marked path) in the form or the JSON editor; it is part of the URL.`,
      details: { field: name },
    })
  }
  return path.split(placeholder).join(pathSegment(name, value, field))
}

/** `query` holds encoded `name=value` segments (a delimited style's commas must stay literal). */
function joinUrl(baseUrl: string, path: string, query: string[]): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`
  return query.length === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}${query.join('&')}`
}

function removeHeader(headers: Record<string, string>, name: string): void {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) delete headers[key]
}
