/** The call message of the plain HTTP plugin and its options: a request as a curl command or a HAR entry states it. */
import type { OutboundPolicy } from '@wirebench/core'
import type { CookieJars, DispatcherFactory, HostListenerOf } from '@wirebench/transport'

/** The one service and method every plain HTTP call addresses. */
export const HTTP_SERVICE = 'HTTP'
export const HTTP_METHOD = 'request'

/** Name/value pairs in order (a name may repeat), or an object whose array values repeat the name. */
export type HttpFormPairs = [string, string][] | Record<string, string | string[]>

export type HttpMultipartPart =
  | { name: string; value: string }
  /** A file part: `content` is text, `contentBase64` bytes; neither means an empty file (the import had none). */
  | { name: string; filename: string; content?: string; contentBase64?: string; contentType?: string }

/**
 * The body, tagged so that a JSON body shaped like `{form: …}` is never read as a form: a plain string is sent as
 * written (its Content-Type from the headers).
 */
export type HttpBody =
  string | { text: string } | { json: unknown } | { form: HttpFormPairs } | { multipart: HttpMultipartPart[] }

export interface HttpCallMessage {
  /** Default GET. */
  method?: string
  /** Absolute, or a path joined to the call's URL (its server URL, else its target); absent: the call's URL itself. */
  url?: string
  /** Appended to the URL's own query. */
  query?: HttpFormPairs
  /** Sent under the call's metadata, which wins for a name set in both. */
  headers?: Record<string, string>
  body?: HttpBody
}

export interface HttpPluginOptions {
  /** Outbound target policy applied to every request (embedded mode tightens it). */
  outbound?: OutboundPolicy
  /** Share a dispatcher factory with other plugins; by default the plugin creates its own. */
  dispatchers?: DispatcherFactory
  /** The server's per-environment cookie jars, used when the plugin creates its own dispatcher factory. */
  cookieJars?: CookieJars
  /**
   * Embedded mode: the host's own origin, reachable whatever `outbound` says; its requests go to the host's listener
   * whatever name the address carries (no DNS).
   */
  host?: { owns(url: string): boolean; listener: HostListenerOf }
}
