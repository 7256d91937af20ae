/**
 * Response validation for REST: an answer checked against the OpenAPI response its status code and media type select
 * (exact code, then `2XX`-style range, then `default`). A status or media type the document does not describe is a
 * problem of its own, never a body checked against the wrong schema. The schema is built once per operation, status
 * and media type; a body over the context's inline limit, or any body whose schema is too large to compile on the
 * main thread, goes to the server's worker.
 */
import type {
  CallContext,
  InvokeResult,
  ResponseValidation,
  ResponseValidator,
  ValidationProblem,
} from '@wirebench/core'
import { schemaChecker } from '@wirebench/transport/schema-check'
import { essence, isJsonMediaType } from './media-types.js'
import type { ParsedSpec } from './parse-document.js'
import type { RefResolver } from './refs.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'
import { ResponseSchemaBuilder } from './validation-schema.js'

/** Where an operation sits in its document: what validation of its answers reads. */
export interface OperationSource {
  spec: ParsedSpec
  refs: RefResolver
  operation: JsonObject
  /** JSON Pointer of the operation in its document (`#/paths/~1pets/get`). */
  pointer: string
}

/**
 * What one status and media type select: the schema to check, the problem that there is none, nothing to check
 * (`none`: no body was documented and none came), or nothing to check against (`unchecked`: the response documents no
 * content at all, yet a body came; the result then carries no `validation`, which the page shows as not validated).
 */
type Selection =
  | { kind: 'problem'; schemaName: string; problem: ValidationProblem }
  | { kind: 'none'; schemaName: string }
  | { kind: 'unchecked'; schemaName: string }
  | { kind: 'schema'; schemaName: string; key: string; schema: JsonObject; isJson: boolean; isHeavy: boolean }

/**
 * Above this many schema objects, compiling takes too long for the main thread (Stripe's median response schema holds
 * about 2,900 and compiles in seconds): such a schema is checked in the worker whatever the body's size.
 */
export const heavySchemaNodes = 300

let nextDocumentId = 1
const documentIds = new WeakMap<object, number>()
const selections = new WeakMap<JsonObject, Map<string, Selection>>()

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** The pointer of the operation `verb` at `path` in its document. */
export function operationPointer(path: string, verb: string): string {
  return `#/paths/${escapePointer(path)}/${verb}`
}

/** The response object documented for `status`: exact code, then its range (`4XX`), then `default`. */
function documentedResponse(responses: JsonObject, status: number): string | undefined {
  const code = String(status)
  if (Object.hasOwn(responses, code)) return code
  const range = Object.keys(responses).find((key) => key.toUpperCase() === `${code[0] ?? ''}XX`)
  if (range !== undefined) return range
  return Object.hasOwn(responses, 'default') ? 'default' : undefined
}

/** The declared media type a response's `Content-Type` matches: exact, then `type/*`, then `*` + `/*`. */
function matchMediaType(declared: string[], contentType: string): string | undefined {
  const type = essence(contentType)
  const lower = declared.map((d) => essence(d))
  const index = [type, `${type.split('/')[0] ?? ''}/*`, '*/*'].map((t) => lower.indexOf(t)).find((i) => i >= 0)
  return index === undefined ? undefined : declared[index]
}

function describeList(values: string[]): string {
  return values.length === 0 ? 'none' : values.join(', ')
}

function select(source: OperationSource, status: number, contentType: string | undefined, hasBody: boolean): Selection {
  const { spec, refs, operation, pointer } = source
  const responses = refs.deref(operation['responses']).value
  const responsesName = `${pointer}/responses`
  if (!isObject(responses)) return { kind: 'none', schemaName: responsesName }
  const code = documentedResponse(responses, status)
  if (code === undefined) {
    const documented = describeList(Object.keys(responses))
    return {
      kind: 'problem',
      schemaName: responsesName,
      problem: {
        pointer: '',
        keyword: 'status',
        message: `HTTP ${status} is not documented for this operation (documented: ${documented}); the body was not checked.`,
      },
    }
  }
  const responseName = `${responsesName}/${escapePointer(code)}`
  const response = refs.deref(responses[code]).value
  if (!isObject(response)) return { kind: 'none', schemaName: responseName }
  let schema: unknown
  let schemaName: string
  let mediaType: string | undefined
  if (spec.version === '2.0') {
    const produces = operation['produces'] ?? spec.root['produces']
    const declared = Array.isArray(produces) ? produces.filter((p): p is string => typeof p === 'string') : []
    schema = response['schema']
    schemaName = `${responseName}/schema`
    if (schema === undefined) return { kind: 'none', schemaName: responseName }
    if (contentType !== undefined && declared.length > 0) {
      mediaType = matchMediaType(declared, contentType)
      if (mediaType === undefined) return mediaTypeProblem(responseName, code, contentType, declared)
    }
    mediaType ??= contentType ?? 'application/json'
  } else {
    const content = refs.deref(response['content']).value
    const declared = isObject(content) ? Object.keys(content) : []
    // A response that documents no content says nothing about a body: there is nothing to check it against, and
    // saying so at length on every call of such an operation would be most of a small relayed answer.
    if (declared.length === 0) return { kind: hasBody ? 'unchecked' : 'none', schemaName: responseName }
    if (contentType === undefined) return mediaTypeProblem(responseName, code, 'no Content-Type', declared)
    mediaType = matchMediaType(declared, contentType)
    if (mediaType === undefined) return mediaTypeProblem(responseName, code, contentType, declared)
    const entry = refs.deref((content as JsonObject)[mediaType]).value
    schema = isObject(entry) ? entry['schema'] : undefined
    schemaName = `${responseName}/content/${escapePointer(mediaType)}/schema`
    if (schema === undefined) return { kind: 'none', schemaName: `${responseName}/content/${escapePointer(mediaType)}` }
  }
  let documentId = documentIds.get(spec.root)
  if (documentId === undefined) documentIds.set(spec.root, (documentId = nextDocumentId++))
  const built = ResponseSchemaBuilder.measure(schema, spec.version, refs)
  return {
    kind: 'schema',
    schemaName,
    key: `rest:${documentId}:${schemaName}`,
    schema: built.schema,
    isJson: isJsonMediaType(mediaType),
    isHeavy: built.nodes > heavySchemaNodes,
  }
}

function mediaTypeProblem(responseName: string, code: string, contentType: string, declared: string[]): Selection {
  return {
    kind: 'problem',
    schemaName: responseName,
    problem: {
      pointer: '',
      keyword: 'mediaType',
      message: `${essence(contentType) || contentType} is not documented for response ${code} (documented: ${describeList(declared)}); the body was not checked.`,
    },
  }
}

/** The selection for a status and media type, built once per operation. */
function selectionFor(
  source: OperationSource,
  status: number,
  contentType: string | undefined,
  hasBody: boolean,
): Selection {
  let byAnswer = selections.get(source.operation)
  if (!byAnswer) selections.set(source.operation, (byAnswer = new Map<string, Selection>()))
  const key = `${status}\u0000${contentType === undefined ? '' : essence(contentType)}\u0000${hasBody ? 1 : 0}`
  let selection = byAnswer.get(key)
  if (!selection) byAnswer.set(key, (selection = select(source, status, contentType, hasBody)))
  return selection
}

/**
 * Sets `result.validation` (or `validationPending`, for a body over the context's inline limit or a heavy schema)
 * from what the operation documents for the answer, and neither when it documents nothing to check the body against.
 * `body` is the raw body the result was decoded from.
 */
export function validateResponse(
  source: OperationSource,
  result: InvokeResult,
  body: Uint8Array,
  ctx: Pick<CallContext, 'validator'>,
): void {
  const status = Number(result.metadata['http_status'])
  if (!Number.isInteger(status)) return
  const hasBody = body.length > 0
  const selection = selectionFor(source, status, result.contentType, hasBody)
  const { schemaName } = selection
  if (selection.kind === 'unchecked') return
  if (selection.kind === 'problem') {
    result.validation = { valid: false, schema: schemaName, problems: [selection.problem] }
    return
  }
  if (selection.kind === 'none' || result.responseBinary !== undefined) {
    result.validation = { valid: true, schema: schemaName, problems: [] }
    return
  }
  if (result.truncated === true) {
    const problem = {
      pointer: '',
      keyword: 'truncated',
      message: 'The body was cut at the response limit: not checked.',
    }
    result.validation = { valid: false, schema: schemaName, problems: [problem] }
    return
  }
  if (selection.isJson && typeof result.response === 'string' && hasBody && !isJsonString(body)) {
    const problem = { pointer: '', keyword: 'json', message: 'The body is not valid JSON.' }
    result.validation = { valid: false, schema: schemaName, problems: [problem] }
    return
  }
  const validator = ctx.validator
  const isLarge = validator !== undefined && body.length > validator.inlineLimitBytes
  if (validator !== undefined && selection.isJson && (isLarge || selection.isHeavy)) {
    result.validationPending = validator.submit({ key: selection.key, schema: selection.schema, schemaName, body })
    return
  }
  const value = hasBody ? result.response : undefined
  const problems = schemaChecker().check(selection.key, selection.schema, value)
  result.validation = toValidation(schemaName, problems)
}

type PrepareJob = Parameters<NonNullable<ResponseValidator['prepare']>>[0]

/** The heavy success schemas of each operation, worked out on its first call (most operations have none). */
const heavySchemas = new WeakMap<JsonObject, readonly PrepareJob[]>()

/**
 * Hands the validator the heavy schemas of the operation's success answers (2xx, `2XX`, else `default`; JSON media
 * types) to compile ahead: compiling one of them takes longer than most calls, so it starts when the method is opened
 * or its call sent, not when the answer is in. Every call of the operation asks again (a restarted worker forgets
 * what it compiled; a key it holds costs the validator nothing), but the document is read on the first only.
 */
export function prepareValidation(source: OperationSource, validator: ResponseValidator): void {
  if (validator.prepare === undefined) return
  let jobs = heavySchemas.get(source.operation)
  if (jobs === undefined) heavySchemas.set(source.operation, (jobs = findHeavySchemas(source)))
  for (const job of jobs) validator.prepare(job)
}

function findHeavySchemas(source: OperationSource): PrepareJob[] {
  const jobs: PrepareJob[] = []
  const responses = source.refs.deref(source.operation['responses']).value
  if (!isObject(responses)) return jobs
  const codes = Object.keys(responses)
  const success = codes.filter((code) => code.startsWith('2'))
  for (const code of success.length > 0 ? success : codes.filter((c) => c === 'default')) {
    const status = /^\d{3}$/.test(code) ? Number(code) : 200
    for (const mediaType of jsonMediaTypes(source, responses[code])) {
      const selection = selectionFor(source, status, mediaType, true)
      if (selection.kind !== 'schema' || !selection.isJson || !selection.isHeavy) continue
      jobs.push({ key: selection.key, schema: selection.schema, schemaName: selection.schemaName })
    }
  }
  return jobs
}

/** The JSON media types a response documents (Swagger 2: the operation's `produces`, JSON when it names none). */
function jsonMediaTypes(source: OperationSource, response: unknown): string[] {
  const { spec, refs, operation } = source
  if (spec.version === '2.0') {
    const produces = operation['produces'] ?? spec.root['produces']
    const declared = Array.isArray(produces) ? produces.filter((p): p is string => typeof p === 'string') : []
    return (declared.length > 0 ? declared : ['application/json']).filter((type) => isJsonMediaType(type))
  }
  const resolved = refs.deref(response).value
  const content = isObject(resolved) ? refs.deref(resolved['content']).value : undefined
  return isObject(content) ? Object.keys(content).filter((type) => isJsonMediaType(type)) : []
}

/** A JSON body that is a string decodes to a string too; a body that did not parse is kept as its text. */
function isJsonString(body: Uint8Array): boolean {
  for (const byte of body) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue
    return byte === 0x22
  }
  return false
}

function toValidation(schema: string, problems: ValidationProblem[]): ResponseValidation {
  return { valid: problems.length === 0, schema, problems }
}
