/** One bounded outbound HTTP exchange over undici: send, read the body up to a limit, time it to the last byte. */
import { STATUS_CODES } from 'node:http'
import { errors } from 'undici'
import type { Dispatcher, FormData } from 'undici'
import { readBoundedBody } from './body-reader.js'
import { createCallSignal } from './deadline.js'
import { declaredLength, flattenHeaders } from './headers.js'
import { toNetworkError } from './network-errors.js'
import { attachTimer, type PhaseTimer } from './timing/phase-timer.js'

export type HttpRequestBody = string | Buffer | Uint8Array | FormData | URLSearchParams

export interface HttpRequestOptions {
  url: string
  method: string
  headers?: Record<string, string>
  body?: HttpRequestBody
  dispatcher: Dispatcher
  signal?: AbortSignal
  deadline?: number
  timeoutMs?: number
  /** `signal` already fires at `deadline` (a plugin's CallContext guarantees it): no second timer is armed. */
  signalCarriesDeadline?: boolean
  maxResponseBytes: number
  /** How error messages name the target; defaults to `url` (pass one without secrets in the query). */
  displayUrl?: string
  /** The dispatcher presents a client certificate (mTLS): handshake errors then say so. */
  clientCertificate?: boolean
  /**
   * Looks at the status and headers before the body is read; what it throws ends the request with the body unread
   * (a WorkbenchError passes through as it is), e.g. an endless event stream a document fetch must not read.
   */
  inspectHeaders?(head: ResponseHead): void
  /** Times the phases of this request and keeps the head undici wrote (see `createPhaseTimer`). */
  timer?: PhaseTimer
}

export interface ResponseHead {
  status: number
  statusMessage: string
  /** Lower-case names; a repeated header is joined with `, `. */
  headers: Record<string, string>
}

export interface HttpResponse {
  status: number
  statusMessage: string
  /** Lower-case names; a repeated header (`set-cookie` too) is joined with `, `: the wire model has one string per name. */
  headers: Record<string, string>
  body: Buffer
  sizeBytes: number
  truncated: boolean
  durationMs: number
}

export interface DispatchUrlOptions {
  dispatcher: Dispatcher
  url: string
  method: string
  headers?: Record<string, string> | undefined
  body?: HttpRequestBody | undefined
  signal?: AbortSignal | undefined
  bodyTimeoutMs?: number | undefined
  timer?: PhaseTimer | undefined
}

/** Sends one request for an http(s) URL straight to the dispatcher; the response body is left unread. */
export function dispatchUrl(options: DispatchUrlOptions): Promise<Dispatcher.ResponseData> {
  const url = new URL(options.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new errors.InvalidArgumentError('Invalid URL protocol: the URL must start with `http:` or `https:`.')
  }
  // Straight to the dispatcher with a literal options object, as undici's top-level `request(url, opts)` would
  // dispatch it (origin, path with the query, no fragment) minus its `{ ...opts }` copy: V8 builds that copy on a
  // slow path and every later read of it in undici pays for it (~25 µs a call).
  const dispatch = () =>
    options.dispatcher.request({
      origin: url.origin,
      path: url.search ? `${url.pathname}${url.search}` : url.pathname,
      method: options.method,
      headers: options.headers,
      body: options.body as Dispatcher.DispatchOptions['body'],
      signal: options.signal,
      ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeout: options.bodyTimeoutMs }),
    })
  return options.timer === undefined ? dispatch() : attachTimer(options.timer, dispatch)
}

export async function httpRequest(options: HttpRequestOptions): Promise<HttpResponse> {
  const call = createCallSignal(options)
  const started = performance.now()
  try {
    const response = await dispatchUrl({
      dispatcher: options.dispatcher,
      url: options.url,
      method: options.method,
      headers: options.headers,
      body: options.body,
      signal: call.signal,
      timer: options.timer,
    })
    const head: ResponseHead = {
      status: response.statusCode,
      statusMessage: STATUS_CODES[response.statusCode] ?? '',
      headers: flattenHeaders(response.headers),
    }
    if (options.inspectHeaders) {
      try {
        options.inspectHeaders(head)
      } catch (error) {
        response.body.on('error', () => undefined)
        response.body.destroy()
        throw error
      }
    }
    const body = await readBoundedBody(response.body, options.maxResponseBytes, declaredLength(head.headers))
    options.timer?.end()
    return {
      ...head,
      body: body.bytes,
      sizeBytes: body.sizeBytes,
      truncated: body.truncated,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    }
  } catch (error) {
    throw toNetworkError(error, {
      url: options.displayUrl ?? options.url,
      timedOut: call.isTimedOut(),
      budgetMs: call.budgetMs,
      clientCertificate: options.clientCertificate === true,
    })
  } finally {
    call.dispose()
  }
}
