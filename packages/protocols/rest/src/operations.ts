/** Builds ServiceInfo/MethodInfo from a parsed document: one method per path and verb, grouped by first tag. */
import type { FieldInfo, MessageInfo, MethodInfo, ServiceInfo } from '@wirebench/core'
import { operationBaseUrl } from './base-url.js'
import { bodyKindOf, essence, isJsonMediaType } from './media-types.js'
import { methodNameOf, serviceNameOf, stringField, tagDescriptions, uniqueName } from './naming.js'
import { collectParameters, parameterField } from './parameters.js'
import type { ParsedSpec } from './parse-document.js'
import { RefResolver, refName } from './refs.js'
import { requestBodyOf } from './request-body.js'
import { SecurityResolver } from './security.js'
import type { BodyShape } from './request-body.js'
import { responseSchemaOf, streamsEvents } from './responses.js'
import { SchemaViews, isObjectLike, typeOf } from './schema-view.js'
import type { SchemaView } from './schema-view.js'
import { EmitBudget, SchemaWalker, defaultEmitLimits } from './schema-walker.js'
import type { EmitLimits } from './schema-walker.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

const httpVerbs = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

export interface BuildOptions {
  /** Tags every service: `openapi` + discovery URL, or `upload` + file name. */
  source: 'openapi' | 'upload'
  originUrl: string
  baseUrl?: string | undefined
  /** Where the document came from: relative `servers` of operations and path items resolve against it. */
  documentUrl?: string | undefined
  maxInputDepth: number
  maxOutputDepth: number
  /** Emitted-JSON caps per operation and per document (defaults fit every real document unchanged). */
  limits?: EmitLimits
}

export function buildServices(spec: ParsedSpec, options: BuildOptions): ServiceInfo[] {
  const { root, version } = spec
  const refs = new RefResolver(root)
  const views = new SchemaViews(refs)
  const budget = new EmitBudget(options.limits ?? defaultEmitLimits, options.originUrl)
  const inputOptions = { maxDepth: options.maxInputDepth, omit: 'readOnly', maxDescribedDepth: 99 } as const
  const outputOptions = { maxDepth: options.maxOutputDepth, omit: 'writeOnly', maxDescribedDepth: 0 } as const
  const security = new SecurityResolver(root, version, refs)
  const input = new SchemaWalker(views, inputOptions, budget)
  const output = new SchemaWalker(views, outputOptions, budget)
  const services = new Map<string, { methods: MethodInfo[]; names: Set<string> }>()
  const paths = isObject(root['paths']) ? root['paths'] : {}
  for (const [path, rawItem] of Object.entries(paths)) {
    const pathItem = refs.deref(rawItem).value
    if (!isObject(pathItem)) continue
    // Document order, so methods list as the author wrote them.
    for (const [verb, operation] of Object.entries(pathItem)) {
      if (!httpVerbs.has(verb) || !isObject(operation)) continue
      const serviceName = serviceNameOf(operation)
      let service = services.get(serviceName)
      if (!service) services.set(serviceName, (service = { methods: [], names: new Set() }))
      const name = uniqueName(methodNameOf(operation, verb, path), service.names)
      budget.startOperation()
      const params = collectParameters(pathItem, operation, refs)
      const body = requestBodyOf(operation, params, version, refs, root)
      const streams = streamsEvents(operation, version, refs, root)
      const method: MethodInfo = {
        name,
        fullName: `${serviceName}.${name}`,
        clientStreaming: false,
        serverStreaming: streams,
        methodType: streams ? 'ServerStreaming' : 'Unary',
        inputType: inputMessage(`${name}Request`, params, body, spec, input),
        outputType: outputMessage(`${name}Response`, responseSchemaOf(operation, version, refs), output),
        httpMethod: verb.toUpperCase(),
        httpPath: path,
        deprecated: operation['deprecated'] === true,
      }
      const summary = stringField(operation, 'summary')
      const description = stringField(operation, 'description')
      if (summary) method.summary = summary
      if (description) method.description = description
      if (body?.form) method.multipart = body.form
      else if (body) method.requestContentType = body.mediaType
      if (body && (body.mediaTypes.length > 1 || !isPlainJson(body.mediaType))) {
        method.requestMediaTypes = body.mediaTypes
      }
      const secured = security.of(operation)
      if (secured !== undefined) method.security = secured
      const ownBase = version === '2.0' ? undefined : operationBaseUrl(pathItem, operation, options.documentUrl)
      if (ownBase !== undefined && ownBase !== options.baseUrl) method.baseUrl = ownBase
      service.methods.push(method)
    }
  }
  return toServices(root, services, options)
}

function inputMessage(
  name: string,
  params: JsonObject[],
  body: BodyShape | undefined,
  spec: ParsedSpec,
  walker: SchemaWalker,
): MessageInfo {
  const owner = { truncated: false }
  const fields: FieldInfo[] = []
  for (const param of params) {
    const field = parameterField(param, spec.version, walker, fields.length + 1, owner)
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
    return [walker.field(seed, first, 0, owner)]
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
function isPlainJson(mediaType: string): boolean {
  return isJsonMediaType(mediaType) && essence(mediaType) !== '*/*'
}

function outputMessage(name: string, schema: unknown, walker: SchemaWalker): MessageInfo {
  const view = walker.view(schema)
  if (isObjectLike(view.schema)) return walker.message(view, name)
  if (schema === undefined) return { name, fullName: name, fields: [] }
  const owner = { truncated: false }
  const field = walker.field({ name: 'body', schema }, 1, 0, owner)
  return walker.finish(name, [field], owner)
}

function toServices(
  root: JsonObject,
  services: Map<string, { methods: MethodInfo[] }>,
  options: BuildOptions,
): ServiceInfo[] {
  const info = isObject(root['info']) ? root['info'] : {}
  const title = stringField(info, 'title') ?? ''
  const version = stringField(info, 'version')
  const descriptions = tagDescriptions(root)
  return [...services].map(([name, { methods }]) => {
    const service: ServiceInfo = {
      name,
      package: title,
      methods,
      source: options.source,
      originUrl: options.originUrl,
      isUploaded: options.source === 'upload',
      protocol: 'rest',
    }
    const description = descriptions.get(name)
    if (description) service.description = description
    if (version) service.version = version
    if (options.baseUrl) service.baseUrl = options.baseUrl
    return service
  })
}
