/**
 * The operations of a parsed document and how each becomes a MethodInfo: its catalog part (names, path, media types,
 * security, server) and, when described in full, its input and output messages, charged to an emitted-size budget.
 */
import type { MessageInfo, MethodInfo } from '@wirebench/core'
import { operationBaseUrl } from './base-url.js'
import { inputMessage, isPlainJson, outputMessage } from './messages.js'
import { methodNameOf, serviceNameOf, stringField, uniqueName } from './naming.js'
import { collectParameters } from './parameters.js'
import type { ParsedSpec } from './parse-document.js'
import { RefResolver } from './refs.js'
import { requestBodyOf } from './request-body.js'
import type { BodyShape } from './request-body.js'
import { responseSchemaOf, streamsEvents } from './responses.js'
import { SchemaViews } from './schema-view.js'
import { EmitBudget, SchemaWalker } from './schema-walker.js'
import type { EmitLimits } from './schema-walker.js'
import { SecurityResolver } from './security.js'
import { isObject } from './types.js'
import type { JsonObject } from './types.js'

const httpVerbs = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** One operation of the document, where it sits, and the service and unique method name it is listed under. */
export interface OperationEntry {
  path: string
  verb: string
  pathItem: JsonObject
  operation: JsonObject
  serviceName: string
  name: string
}

export interface MethodBuilderOptions {
  /** Names the document in budget errors. */
  origin: string
  /** The service's base URL: an operation's own server is kept only when it differs. */
  baseUrl?: string | undefined
  /** Where the document came from: relative `servers` of operations and path items resolve against it. */
  documentUrl?: string | undefined
  maxInputDepth: number
  maxOutputDepth: number
  limits: EmitLimits
}

export class MethodBuilder {
  private readonly refs: RefResolver
  private readonly security: SecurityResolver
  private readonly budget: EmitBudget
  private readonly input: SchemaWalker
  private readonly output: SchemaWalker

  constructor(
    private readonly spec: ParsedSpec,
    private readonly options: MethodBuilderOptions,
  ) {
    this.refs = new RefResolver(spec.root)
    const views = new SchemaViews(this.refs)
    this.budget = new EmitBudget(options.limits, options.origin)
    const inputOptions = { maxDepth: options.maxInputDepth, omit: 'readOnly', maxDescribedDepth: 99 } as const
    const outputOptions = { maxDepth: options.maxOutputDepth, omit: 'writeOnly', maxDescribedDepth: 0 } as const
    this.security = new SecurityResolver(spec.root, spec.version, this.refs)
    this.input = new SchemaWalker(views, inputOptions, this.budget)
    this.output = new SchemaWalker(views, outputOptions, this.budget)
  }

  /** Every operation, in document order (methods list as the author wrote them), named uniquely per service. */
  entries(): OperationEntry[] {
    const entries: OperationEntry[] = []
    const names = new Map<string, Set<string>>()
    const paths = isObject(this.spec.root['paths']) ? this.spec.root['paths'] : {}
    for (const [path, rawItem] of Object.entries(paths)) {
      const pathItem = this.refs.deref(rawItem).value
      if (!isObject(pathItem)) continue
      for (const [verb, operation] of Object.entries(pathItem)) {
        if (!httpVerbs.has(verb) || !isObject(operation)) continue
        const serviceName = serviceNameOf(operation)
        let taken = names.get(serviceName)
        if (!taken) names.set(serviceName, (taken = new Set()))
        const name = uniqueName(methodNameOf(operation, verb, path), taken)
        entries.push({ path, verb, pathItem, operation, serviceName, name })
      }
    }
    return entries
  }

  /** The method with its messages; throws `payload_too_large` once the document budget is spent. */
  full(entry: OperationEntry): MethodInfo {
    this.budget.startOperation()
    const { operation, name } = entry
    const { version, root } = this.spec
    const params = collectParameters(entry.pathItem, operation, this.refs)
    const body = requestBodyOf(operation, params, version, this.refs, root)
    return this.catalog(entry, body, {
      input: inputMessage(`${name}Request`, params, body, version, this.input),
      output: outputMessage(`${name}Response`, responseSchemaOf(operation, version, this.refs), this.output),
    })
  }

  /** The method without its messages (`deferred`): what a document too large to describe whole lists. */
  deferred(entry: OperationEntry): MethodInfo {
    const { operation, pathItem } = entry
    const params = collectParameters(pathItem, operation, this.refs)
    const body = requestBodyOf(operation, params, this.spec.version, this.refs, this.spec.root)
    const method = this.catalog(entry, body, {
      input: { name: `${entry.name}Request`, fullName: `${entry.name}Request`, fields: [] },
      output: { name: `${entry.name}Response`, fullName: `${entry.name}Response`, fields: [] },
    })
    method.deferred = true
    return method
  }

  private catalog(
    entry: OperationEntry,
    body: BodyShape | undefined,
    messages: { input: MessageInfo; output: MessageInfo },
  ): MethodInfo {
    const { operation, name, serviceName } = entry
    const { version, root } = this.spec
    const streams = streamsEvents(operation, version, this.refs, root)
    const method: MethodInfo = {
      name,
      fullName: `${serviceName}.${name}`,
      clientStreaming: false,
      serverStreaming: streams,
      methodType: streams ? 'ServerStreaming' : 'Unary',
      inputType: messages.input,
      outputType: messages.output,
      httpMethod: entry.verb.toUpperCase(),
      httpPath: entry.path,
      deprecated: operation['deprecated'] === true,
    }
    const summary = stringField(operation, 'summary')
    const description = stringField(operation, 'description')
    if (summary) method.summary = summary
    if (description) method.description = description
    if (body?.form) method.multipart = body.form
    else if (body) method.requestContentType = body.mediaType
    if (body && (body.mediaTypes.length > 1 || !isPlainJson(body.mediaType))) method.requestMediaTypes = body.mediaTypes
    if (body?.examples) method.requestExamples = body.examples
    if (body?.required) method.bodyRequired = true
    const secured = this.security.of(operation)
    if (secured !== undefined) method.security = secured
    const ownBase =
      version === '2.0' ? undefined : operationBaseUrl(entry.pathItem, operation, this.options.documentUrl)
    if (ownBase !== undefined && ownBase !== this.options.baseUrl) method.baseUrl = ownBase
    return method
  }
}
