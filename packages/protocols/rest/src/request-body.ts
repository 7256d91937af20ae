/** Picks the request body an operation declares: a 3.x `requestBody` media type, or Swagger 2.0 `body`/`formData`. */
import { isJsonMediaType } from './media-types.js'
import type { SpecVersion } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { swaggerParamSchema } from './parameters.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

export type FormMediaType = 'multipart/form-data' | 'application/x-www-form-urlencoded'

export interface BodyShape {
  /** The media type the fields describe: the default pick among `mediaTypes`. */
  mediaType: string
  /** Every media type the body declares, in document order. */
  mediaTypes: string[]
  schema: unknown
  form?: FormMediaType
  /** The document says a call must send a body. */
  required?: boolean
  /** Media-type level examples (`content[type].example`, else the first of `examples`), by media type. */
  examples?: Record<string, unknown>
}

const multipart = 'multipart/form-data'
const urlencoded = 'application/x-www-form-urlencoded'

/**
 * SPEC.md tags an operation multipart whenever its body declares multipart/form-data or urlencoded, so the form
 * types win over JSON when a body offers several; then JSON, then the first listed.
 */
function pickMediaType(types: string[]): string | undefined {
  return (
    types.find((t) => t.toLowerCase().startsWith(multipart)) ??
    types.find((t) => t.toLowerCase().startsWith(urlencoded)) ??
    types.find(isJsonMediaType) ??
    types[0]
  )
}

function formOf(mediaType: string): FormMediaType | undefined {
  const lower = mediaType.toLowerCase()
  if (lower.startsWith(multipart)) return multipart
  if (lower.startsWith(urlencoded)) return urlencoded
  return undefined
}

export function requestBodyOf(
  operation: JsonObject,
  params: JsonObject[],
  version: SpecVersion,
  refs: RefResolver,
  root: JsonObject,
): BodyShape | undefined {
  return version === '2.0' ? swaggerBody(operation, params, root) : openApiBody(operation, refs)
}

function openApiBody(operation: JsonObject, refs: RefResolver): BodyShape | undefined {
  const body = refs.deref(operation['requestBody']).value
  if (!isObject(body) || !isObject(body['content'])) return undefined
  const content = body['content']
  const mediaTypes = Object.keys(content)
  const mediaType = pickMediaType(mediaTypes)
  if (mediaType === undefined) return undefined
  const entry = content[mediaType]
  const shape: BodyShape = { mediaType, mediaTypes, schema: isObject(entry) ? (entry['schema'] ?? {}) : {} }
  const form = formOf(mediaType)
  if (form) shape.form = form
  if (body['required'] === true) shape.required = true
  const examples = Object.create(null) as Record<string, unknown>
  for (const type of mediaTypes) {
    const example = mediaTypeExample(content[type], refs)
    if (example !== undefined) examples[type] = example
  }
  if (Object.keys(examples).length > 0) shape.examples = examples
  return shape
}

/** A Media Type Object's own example: `example`, else the `value` of the first entry of `examples` (refs followed). */
function mediaTypeExample(entry: unknown, refs: RefResolver): unknown {
  if (!isObject(entry)) return undefined
  // The wire model omits nulls: a null example is no example.
  if (entry['example'] !== undefined && entry['example'] !== null) return entry['example']
  if (!isObject(entry['examples'])) return undefined
  for (const item of Object.values(entry['examples'])) {
    const example = refs.deref(item).value
    if (isObject(example) && example['value'] !== undefined && example['value'] !== null) return example['value']
  }
  return undefined
}

function swaggerBody(operation: JsonObject, params: JsonObject[], root: JsonObject): BodyShape | undefined {
  const consumes = Array.isArray(operation['consumes']) ? operation['consumes'] : root['consumes']
  const types = Array.isArray(consumes) ? consumes.filter((t): t is string => typeof t === 'string') : []
  const bodyParam = params.find((p) => p['in'] === 'body')
  if (bodyParam) {
    // A body parameter is never a form (formData parameters are); without other types it is JSON, the default of
    // every Swagger 2.0 tool.
    const declared = types.filter((t) => formOf(t) === undefined)
    const mediaTypes = declared.length > 0 ? declared : ['application/json']
    const mediaType = mediaTypes.find(isJsonMediaType) ?? mediaTypes[0] ?? 'application/json'
    const shape: BodyShape = { mediaType, mediaTypes, schema: bodyParam['schema'] ?? {} }
    if (bodyParam['required'] === true) shape.required = true
    return shape
  }
  const formParams = params.filter((p) => p['in'] === 'formData')
  if (formParams.length === 0) return undefined
  const properties = Object.create(null) as JsonObject
  const required: string[] = []
  for (const param of formParams) {
    const name = String(param['name'])
    const schema = swaggerParamSchema(param)
    if (typeof param['description'] === 'string') schema['description'] = param['description']
    properties[name] = schema
    if (param['required'] === true) required.push(name)
  }
  // A file parameter forces multipart whatever `consumes` says; otherwise the document's choice stands.
  const hasFile = formParams.some((p) => p['type'] === 'file')
  const form: FormMediaType =
    hasFile || types.some((t) => t.toLowerCase().startsWith(multipart)) ? multipart : urlencoded
  // formData parameters are sent as one of the two form types whatever else `consumes` lists.
  const forms = types.filter((t) => formOf(t) !== undefined && (!hasFile || formOf(t) === multipart))
  const mediaTypes = forms.length > 0 ? forms : [form]
  return { mediaType: form, mediaTypes, schema: { type: 'object', properties, required }, form }
}
