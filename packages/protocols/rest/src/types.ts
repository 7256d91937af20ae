/** Types private to the REST plugin: options, the parsed-document cache entry and JSON helpers. */
import type { MethodInfo, OutboundPolicy, ServiceInfo } from '@wirebench/core'
import type { CookieJars, DispatcherFactory, HttpRequestBody } from '@wirebench/transport'
import type { MethodExpander } from './method-expander.js'

export interface RestPluginOptions {
  /** Outbound target policy applied to discovery and invocation URLs (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Share a dispatcher factory with other plugins; by default the plugin creates its own. */
  dispatchers?: DispatcherFactory
  /**
   * The server's per-environment cookie jars (SPEC.md "Cookie jar (REST)"), used when the plugin creates its own
   * dispatcher factory; by default that factory keeps private jars.
   */
  cookieJars?: CookieJars
  /** Nesting cap of request body messages (SPEC.md: 4). */
  maxInputDepth?: number
  /** Nesting cap of response messages (default 1); shallower keeps discovery payloads small. */
  maxOutputDepth?: number
}

/** What discovery needs beside the URL or file: the plugin's options and its dispatcher factory. */
export interface DiscoverDeps {
  options: RestPluginOptions
  dispatchers: DispatcherFactory
}

/** A request ready for the wire, built by `invoke` and described by `sent-request`. */
export interface PreparedOutbound {
  /** The address on the wire (API-key query appended, SigV4-encoded): never shown. */
  wireUrl: string
  /** The address built from the fields, for messages. */
  displayUrl: string
  method: string
  headers: Record<string, string>
  body?: HttpRequestBody
}

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What the plugin keeps per target after discovery: the services, and a way back to a method. */
export interface CachedDocument {
  target: string
  services: ServiceInfo[]
  methods: Map<string, { service: ServiceInfo; method: MethodInfo }>
  /** Builds the messages of `deferred` methods (a document too large to describe whole). */
  expander?: MethodExpander
}

export function methodKey(service: string, method: string): string {
  return `${service}\u0000${method}`
}
