/** Types private to the REST plugin: options, what discovery and invocation hand on, the method key and JSON helpers. */
import type { DispatchTarget } from './checked-urls.js'
import type { OutboundPolicy } from '@wirebench/core'
import type { CookieJars, DispatcherFactory, HttpRequestBody } from '@wirebench/transport'
import type { RestHost } from './host.js'

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
  /**
   * The embedding host (embedded mode): its own origin is discovered from its route table, never fetched, and its
   * routes are called in process when it can (the host is always reachable, whatever the outbound policy says).
   */
  host?: RestHost
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
  /** `wireUrl` already parsed and checked, when the call has it at hand (see `CheckedUrls`). */
  dispatchTarget?: DispatchTarget
  /** The embedding host's own origin: sent through the host's dispatchers (see `InvokeDeps.hostDispatchers`). */
  isHost?: true
}

export type JsonObject = Record<string, unknown>

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function methodKey(service: string, method: string): string {
  return `${service}\u0000${method}`
}
