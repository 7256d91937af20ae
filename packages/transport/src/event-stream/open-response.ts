/**
 * Opens an outbound HTTP response without reading its body: callers look at the status and content type first, then
 * read the body (bounded) or stream it, or drop it at once (an event stream must never be read to its end by a probe).
 */
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import { WorkbenchError } from '@wirebench/core'
import { flattenHeaders } from '../headers.js'
import { dispatchUrl } from '../http-request.js'
import type { HttpRequestBody } from '../http-request.js'
import { toNetworkError } from '../network-errors.js'
import type { PhaseTimer } from '../timing/phase-timer.js'

export interface OpenResponseOptions {
  url: string
  method: string
  headers?: Record<string, string>
  body?: HttpRequestBody
  dispatcher: Dispatcher
  /** Fires on cancellation and at the call's deadline (reason: a `timeout` WorkbenchError or a TimeoutError). */
  signal: AbortSignal
  /** How error messages name the target; defaults to `url` (pass one without secrets in the query). */
  displayUrl?: string
  /** The dispatcher presents a client certificate (mTLS): handshake errors then say so. */
  clientCertificate?: boolean
  /** A stream may stay quiet for long: 0 turns undici's idle-body timeout off (the signal still ends it). */
  bodyTimeoutMs?: number
  /** Times the phases of this request and keeps the head undici wrote (the caller ends it after the body). */
  timer?: PhaseTimer
}

export interface OpenedBody extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): unknown
}

export interface OpenedResponse {
  status: number
  statusMessage: string
  /** Lower-case names; a repeated header is joined with `, `. */
  headers: Record<string, string>
  body: OpenedBody
  /** Drops the body without reading it (releases the socket). */
  close(): void
}

export async function openResponse(options: OpenResponseOptions): Promise<OpenedResponse> {
  try {
    const response = await dispatchUrl(options)
    const body = response.body as unknown as OpenedBody
    return {
      status: response.statusCode,
      statusMessage: STATUS_CODES[response.statusCode] ?? '',
      headers: flattenHeaders(response.headers),
      body,
      close: () => closeBody(body),
    }
  } catch (error) {
    throw streamError(error, options)
  }
}

/** Destroying an unread undici body emits an abort error; nobody waits for it here, so it is swallowed. */
function closeBody(body: OpenedBody): void {
  const readable = body as OpenedBody & { destroyed?: boolean; on?(event: 'error', listener: () => void): unknown }
  if (readable.destroyed === true) return
  readable.on?.('error', () => undefined)
  readable.destroy()
}

/** Maps what opening or reading a response threw; the signal's reason tells a deadline from a cancellation. */
export function streamError(
  error: unknown,
  options: Pick<OpenResponseOptions, 'url' | 'displayUrl' | 'signal' | 'clientCertificate'> & { budgetMs?: number },
): WorkbenchError {
  const reason: unknown = options.signal.aborted ? options.signal.reason : undefined
  if (WorkbenchError.is(reason)) return reason
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError'
  return toNetworkError(error, {
    url: options.displayUrl ?? options.url,
    timedOut,
    ...(options.budgetMs === undefined ? {} : { budgetMs: options.budgetMs }),
    clientCertificate: options.clientCertificate === true,
  })
}

/** True for `text/event-stream` (any parameters, any case). */
export function isEventStreamType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'text/event-stream'
}
