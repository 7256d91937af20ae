/**
 * The seam through which an embedding host (a Fastify or Express app running the workbench in its own process) hands
 * the REST plugin its routes and, where its framework allows, a way to call them without a socket.
 */
import type { HostListenerOf } from '@wirebench/transport'

/** A request for one of the host's own routes, ready for the wire (auth output, variables and markers applied). */
export interface HostRequest {
  method: string
  /** Absolute URL on the host's origin. */
  url: string
  headers: Record<string, string>
  body?: Buffer
}

/** What the host answered; header names lower-case, repeated headers joined with `, `. */
export interface HostResponse {
  status: number
  statusMessage?: string
  headers: Record<string, string>
  body: Buffer
}

/**
 * The host's routes as an in-memory OpenAPI 3 document (built from its route table, never fetched or parsed), and how
 * to reach them. The REST plugin describes the document as it would a fetched one, so names, fields and invocation
 * behave exactly as in URL mode, and tags the services `source: 'embedded'`.
 */
export interface RestHost {
  /** True for an address on the host's own origin: its discovery is answered from `document()`, with no HTTP. */
  owns(url: string): boolean
  /**
   * The host's own listener for an address it owns: calls that go over HTTP connect there whatever the address's
   * name (no DNS), keeping its Host header.
   */
  listener: HostListenerOf
  /** The route table as an OpenAPI 3.0 object (paths relative to the origin, `servers` omitted). */
  document(): Record<string, unknown>
  /** Sends a request in process (Fastify `inject()`); absent, calls go over HTTP to the host's listener. */
  send?: (request: HostRequest) => Promise<HostResponse>
}
