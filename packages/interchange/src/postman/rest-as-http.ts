/**
 * A saved REST request as the plain HTTP request it sends: its discovered operation places each message field in the
 * path, the query, a header or the body, as the REST plugin does. Values stay as typed, so a `${name}` reference is
 * still a reference in the result (percent-encoding is applied around references, never to them).
 */
import { WORKSPACE_FILE_VERSION } from '@wirebench/core'
import type { FieldInfo, MethodInfo, SavedRequest, ServiceInfo } from '@wirebench/core'
import { isObject } from '../json-shapes.js'

/** The discovered operation of a saved REST request. */
export interface RestOperation {
  service: ServiceInfo
  method: MethodInfo
}

const bodylessVerbs = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'])

export function restAsHttp(request: SavedRequest, operation: RestOperation): SavedRequest {
  const { method, service } = operation
  const values = isObject(request.messages[0]) ? request.messages[0] : {}
  const verb = (method.httpMethod ?? 'GET').toUpperCase()
  let path = wirePath(method.httpPath ?? '/')
  const query: string[] = []
  const headers: Record<string, string> = { ...(request.metadata ?? {}) }
  const body: Record<string, unknown> = {}
  let wholeBody: unknown
  const known = new Set<string>()
  for (const field of method.inputType.fields) {
    known.add(field.name)
    const value = values[field.name]
    const wire = field.wireName ?? field.name
    switch (field.source) {
      case 'path':
        // An unfilled path parameter becomes a variable of its own name: the request stays sendable once it is set.
        path = path.split(`{${wire}}`).join(value === undefined || value === '' ? `\${${wire}}` : encoded(text(value)))
        break
      case 'query':
        if (value !== undefined) query.push(...queryPairs(wire, value))
        break
      case 'header':
        if (value !== undefined && value !== null) headers[wire] = text(value)
        break
      case 'body':
      case undefined:
        if (value === undefined) break
        if (isWhole(field)) wholeBody = value
        else body[wire] = value
        break
    }
  }
  // Keys the operation does not name go where the REST plugin puts them: the body when the verb has one, else the query.
  for (const [key, value] of Object.entries(values)) {
    if (known.has(key) || value === undefined) continue
    if (bodylessVerbs.has(verb)) query.push(...queryPairs(key, value))
    else body[key] = value
  }
  const base = request.options?.serverUrl ?? method.baseUrl ?? service.baseUrl ?? request.url
  const url = `${base.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
  const message: Record<string, unknown> = { method: verb }
  const httpBody = bodylessVerbs.has(verb) ? undefined : bodyOf(method, wholeBody, body)
  if (httpBody !== undefined) message.body = httpBody
  const result: SavedRequest = {
    version: WORKSPACE_FILE_VERSION,
    name: request.name,
    protocol: 'http',
    url: query.length === 0 ? url : `${url}?${query.join('&')}`,
    service: 'HTTP',
    method: 'request',
    messages: [message],
  }
  if (Object.keys(headers).length > 0) result.metadata = headers
  if (request.auth !== undefined) result.auth = request.auth
  if (request.notes !== undefined) result.notes = request.notes
  return result
}

/** The body in the plain HTTP plugin's shape: a form when the operation takes one, else JSON (or the whole text). */
function bodyOf(method: MethodInfo, whole: unknown, fields: Record<string, unknown>): unknown {
  if (whole !== undefined) return typeof whole === 'string' && !isJson(method) ? { text: whole } : { json: whole }
  if (Object.keys(fields).length === 0) return undefined
  if (method.multipart === 'application/x-www-form-urlencoded') {
    return { form: Object.entries(fields).flatMap(([key, value]) => queryValues(value).map((item) => [key, item])) }
  }
  if (method.multipart === 'multipart/form-data') {
    return {
      multipart: Object.entries(fields).flatMap(([name, value]) =>
        queryValues(value).map((item) => ({ name, value: item })),
      ),
    }
  }
  return { json: fields }
}

function isJson(method: MethodInfo): boolean {
  const type = method.requestContentType ?? 'application/json'
  return /[/+]json\b/i.test(type)
}

function isWhole(field: FieldInfo): boolean {
  return field.name === 'body' && field.wireName === undefined
}

function queryPairs(name: string, value: unknown): string[] {
  return queryValues(value).map((item) => `${encoded(name)}=${encoded(item)}`)
}

/** Arrays repeat the name; objects go as JSON text (the document's style needs the schema the export does not carry). */
function queryValues(value: unknown): string[] {
  if (value === null) return ['']
  return Array.isArray(value) ? value.map(text) : [text(value)]
}

function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? ''
}

/** Percent-encodes a URL part except its `${name}` references, which must reach Postman as `{{name}}`. */
function encoded(part: string): string {
  return part
    .split(/(\$\{[^{}]*\})/)
    .map((piece, index) => (index % 2 === 1 ? piece : encodeURIComponent(piece)))
    .join('')
}

/** A path key's `#…` suffix never reaches the server (documents converted from query APIs use it for uniqueness). */
function wirePath(key: string): string {
  const hash = key.indexOf('#')
  return hash < 0 ? key : key.slice(0, hash) || '/'
}
