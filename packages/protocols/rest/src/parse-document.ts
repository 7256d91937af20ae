/** Turns the fetched or uploaded bytes into a JSON value and recognises OpenAPI 3.x and Swagger 2.0. */
import { parse as parseYaml } from 'yaml'
import { documentPathHint, noServices } from './errors.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export type SpecVersion = '2.0' | '3.0' | '3.1'

export interface ParsedSpec {
  root: JsonObject
  version: SpecVersion
}

/** Parses JSON (by its first character) or YAML; anything else is not a document this plugin reads. */
export function parseDocumentText(text: string, origin: string): ParsedSpec {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const first = /\S/.exec(body)?.[0]
  if (first === undefined) throw noServices(origin, 'the response body is empty')
  if (first === '<') {
    throw noServices(origin, 'the response is an HTML or XML page, not an OpenAPI document', documentPathHint)
  }
  let value: unknown
  if (first === '{' || first === '[') {
    try {
      value = JSON.parse(body)
    } catch (error) {
      throw noServices(origin, `the response is not valid JSON (${(error as Error).message})`)
    }
  } else {
    try {
      // YAML 1.2 core schema keeps dates and `on`/`off` as strings; merge keys are common in hand-written specs.
      // yaml counts uses of an anchor times the aliases nested in it: 1000 lets a flat anchor (a shared error
      // response) serve a thousand operations, where the default 100 refuses real specs, but stops chains of
      // aliases to aliases, which multiply an inline schema the way a `$ref` fan-out does.
      value = parseYaml(body, { merge: true, maxAliasCount: 1_000 })
    } catch (error) {
      throw noServices(origin, `the response is neither JSON nor YAML (${(error as Error).message.split('\n')[0]})`)
    }
  }
  return recognise(value, origin)
}

export function recognise(value: unknown, origin: string): ParsedSpec {
  if (!isObject(value)) throw noServices(origin, 'the response is not an OpenAPI or Swagger document')
  const openapi = value['openapi']
  const swagger = value['swagger']
  if (typeof openapi === 'string') {
    if (openapi.startsWith('3.0')) return { root: value, version: '3.0' }
    if (openapi.startsWith('3.')) return { root: value, version: '3.1' }
    throw noServices(origin, `OpenAPI ${openapi} is not supported (3.x and Swagger 2.0 are)`)
  }
  if (typeof swagger === 'string' || typeof swagger === 'number') {
    if (String(swagger).startsWith('2')) return { root: value, version: '2.0' }
    throw noServices(origin, `Swagger ${swagger} is not supported (3.x and Swagger 2.0 are)`)
  }
  throw noServices(origin, 'the document has no "openapi" or "swagger" field, so it is not an OpenAPI description')
}
