/**
 * Builds ServiceInfo/MethodInfo from a parsed document: one method per path and verb, grouped by first tag; a document
 * too large to describe whole is listed without messages, which are built per method on demand.
 */
import { WorkbenchError } from '@wirebench/core'
import type { MethodInfo, ServiceInfo } from '@wirebench/core'
import { MethodBuilder } from './method-builder.js'
import type { MethodBuilderOptions, OperationEntry } from './method-builder.js'
import { MethodExpander } from './method-expander.js'
import { stringField, tagDescriptions } from './naming.js'
import type { ParsedSpec } from './parse-document.js'
import { defaultEmitLimits } from './schema-walker.js'
import type { EmitLimits } from './schema-walker.js'
import { RefResolver } from './refs.js'
import { isObject, methodKey } from './types.js'
import type { JsonObject } from './types.js'
import { operationPointer } from './validation.js'
import type { OperationSource } from './validation.js'

/** Above this many operations a document is listed without messages straight away (Microsoft Graph: 11,000+). */
export const eagerOperationLimit = 5_000

/**
 * The same for an embedding host's route table: its discovery answers the page's first load, and describing every
 * route costs far more than listing them (a few hundred ms for 2,000 routes); each method is built when opened,
 * from the document already in memory, so nothing is lost but the wait.
 */
export const embeddedEagerOperationLimit = 1_000

export interface BuildOptions {
  /** Tags every service: `openapi` + discovery URL, `embedded` + the host's origin, or `upload` + file name. */
  source: 'openapi' | 'upload' | 'embedded'
  originUrl: string
  baseUrl?: string | undefined
  /** Where the document came from: relative `servers` of operations and path items resolve against it. */
  documentUrl?: string | undefined
  maxInputDepth: number
  maxOutputDepth: number
  /** Emitted-JSON caps per operation and per document (defaults fit every real document unchanged). */
  limits?: EmitLimits
  /** Operations described eagerly at most; above, every method is listed deferred. Default `eagerOperationLimit`. */
  eagerOperationLimit?: number
}

export interface DescribedDocument {
  services: ServiceInfo[]
  /**
   * Set when the document is too large to describe whole (over the document budget, or more than
   * the eager operation limit): its methods are listed `deferred`, without messages, and built one at a time.
   */
  expander?: MethodExpander
  /** Where each method's operation sits (by `methodKey`): response validation reads its `responses`. */
  sources: Map<string, OperationSource>
}

function operationSources(spec: ParsedSpec, entries: OperationEntry[]): Map<string, OperationSource> {
  const refs = new RefResolver(spec.root)
  const sources = new Map<string, OperationSource>()
  for (const { serviceName, name, operation, path, verb } of entries) {
    sources.set(methodKey(serviceName, name), { spec, refs, operation, pointer: operationPointer(path, verb) })
  }
  return sources
}

/**
 * Every operation with its messages when the whole description fits the document budget; otherwise every operation
 * without them, and an expander that builds one method at a time within the operation budget.
 */
export function describeDocument(spec: ParsedSpec, options: BuildOptions): DescribedDocument {
  const builderOptions: MethodBuilderOptions = {
    origin: options.originUrl,
    baseUrl: options.baseUrl,
    documentUrl: options.documentUrl,
    maxInputDepth: options.maxInputDepth,
    maxOutputDepth: options.maxOutputDepth,
    limits: options.limits ?? defaultEmitLimits,
  }
  const builder = new MethodBuilder(spec, builderOptions)
  const entries = builder.entries()
  const sources = operationSources(spec, entries)
  if (entries.length <= (options.eagerOperationLimit ?? eagerOperationLimit)) {
    try {
      return {
        services: toServices(
          spec.root,
          entries.map((entry) => builder.full(entry)),
          entries,
          options,
        ),
        sources,
      }
    } catch (error) {
      if (!WorkbenchError.is(error, 'payload_too_large')) throw error
    }
  }
  const methods = entries.map((entry) => builder.deferred(entry))
  return {
    services: toServices(spec.root, methods, entries, options),
    expander: new MethodExpander(spec, entries, builderOptions),
    sources,
  }
}

export function buildServices(spec: ParsedSpec, options: BuildOptions): ServiceInfo[] {
  return describeDocument(spec, options).services
}

/** Methods grouped into services by first tag, in the order each service first appears. */
function toServices(
  root: JsonObject,
  methods: MethodInfo[],
  entries: OperationEntry[],
  options: BuildOptions,
): ServiceInfo[] {
  const services = new Map<string, MethodInfo[]>()
  methods.forEach((method, index) => {
    const serviceName = entries[index]?.serviceName ?? ''
    const list = services.get(serviceName)
    if (list) list.push(method)
    else services.set(serviceName, [method])
  })
  const info = isObject(root['info']) ? root['info'] : {}
  const title = stringField(info, 'title') ?? ''
  const version = stringField(info, 'version')
  const descriptions = tagDescriptions(root)
  return [...services].map(([name, methods]) => {
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
