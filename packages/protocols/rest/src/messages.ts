/**
 * The input and output messages of an operation: one field per parameter, then the body (one field per property of
 * an object body, else one `body` field), and the success response's fields.
 */
import type { FieldInfo, MessageInfo } from '@wirebench/core'
import { bodyKindOf, essence, isJsonMediaType } from './media-types.js'
import { parameterField } from './parameters.js'
import type { SpecVersion } from './parse-document.js'
import { refName } from './refs.js'
import type { BodyShape } from './request-body.js'
import { isObjectLike, typeOf } from './schema-view.js'
import type { SchemaView } from './schema-view.js'
import type { SchemaWalker } from './schema-walker.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export function inputMessage(
  name: string,
  params: JsonObject[],
  body: BodyShape | undefined,
  version: SpecVersion,
  walker: SchemaWalker,
): MessageInfo {
  const owner = { truncated: false }
  const fields: FieldInfo[] = []
  for (const param of params) {
    const field = parameterField(param, version, walker, fields.length + 1, owner)
    if (field) fields.push(field)
  }
  if (body) fields.push(...bodyFields(body, fields, walker, owner))
  return walker.finish(name, fields, owner)
}

/**
 * One field per top-level property of an object body (clashes renamed `body.<name>`), else one `body` field: the
 * whole JSON value, or for a media type that is neither JSON nor a form the text (or file) sent as it is.
 */
function bodyFields(body: BodyShape, params: FieldInfo[], walker: SchemaWalker, owner: { truncated: boolean }) {
  const view = walker.view(body.schema)
  const first = params.length + 1
  const kind = body.form ? 'form' : bodyKindOf(body.mediaType)
  if (kind === 'text' || kind === 'binary') {
    const seed = { name: 'body', schema: rawSchema(kind, view, body.mediaType), source: 'body' } as const
    const field = walker.field(seed, first, 0, owner)
    // The media type's own example stands in for the schema's (an XML body is usually exemplified there).
    const example = body.examples?.[body.mediaType]
    if (field.example === undefined && kind === 'text' && typeof example === 'string') field.example = example
    return [field]
  }
  if (!isObjectLike(view.schema) || !isObject(view.schema['properties'])) {
    return [walker.field({ name: 'body', schema: body.schema, source: 'body' }, first, 0, owner)]
  }
  const taken = new Set(params.map((p) => p.name))
  return walker.rootFields(view, owner, first).map((field) => {
    field.source = 'body'
    // A property literally named `body` carries its wire name so it is not read as a whole (non-object) body.
    if (taken.has(field.name) || field.name === 'body') field.wireName = field.name
    if (taken.has(field.name)) field.name = `body.${field.name}`
    return field
  })
}

/**
 * The one field of a text or binary body: a file input when the schema says binary (`format: binary`, a raw
 * `contentMediaType`) or the media type is binary and the schema no plain string; otherwise a string sent verbatim,
 * described by what the schema would have made of it (an XML body's object schema is named, not turned into fields).
 */
function rawSchema(kind: 'text' | 'binary', view: SchemaView, mediaType: string): JsonObject {
  const schema = view.schema
  const isString = typeOf(schema) === 'string'
  const saysBinary =
    schema['format'] === 'binary' ||
    (typeof schema['contentMediaType'] === 'string' && schema['contentEncoding'] === undefined)
  if (saysBinary || (kind === 'binary' && !(isString && schema['format'] !== 'byte'))) {
    return { type: 'string', format: 'binary', description: `The ${mediaType} body: a file.` }
  }
  const raw: JsonObject = { type: 'string' }
  const described = typeof schema['description'] === 'string' ? schema['description'] : undefined
  const shape = isString ? undefined : view.ref !== undefined ? refName(view.ref) : typeOf(schema)
  raw['description'] = [
    `The ${mediaType} body, sent as written.`,
    shape === undefined ? undefined : `Its schema: ${shape}.`,
    described,
  ]
    .filter((part) => part !== undefined)
    .join(' ')
  if (isString) {
    for (const key of ['example', 'examples', 'default', 'enum']) if (schema[key] !== undefined) raw[key] = schema[key]
  }
  return raw
}

/** A JSON media type proper; `*\/*` accepts JSON but is no declaration of it. */
export function isPlainJson(mediaType: string): boolean {
  return isJsonMediaType(mediaType) && essence(mediaType) !== '*/*'
}

export function outputMessage(name: string, schema: unknown, walker: SchemaWalker): MessageInfo {
  const view = walker.view(schema)
  if (isObjectLike(view.schema)) return walker.message(view, name)
  if (schema === undefined) return { name, fullName: name, fields: [] }
  const owner = { truncated: false }
  const field = walker.field({ name: 'body', schema }, 1, 0, owner)
  return walker.finish(name, [field], owner)
}
