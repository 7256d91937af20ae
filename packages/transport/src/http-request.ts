/** One bounded outbound HTTP exchange over undici: send, read the body up to a limit, time it to the last byte. */
import { WorkbenchError, checkOutboundHeaders, whenAborted } from '@wirebench/core'
import { errors } from 'undici'
import type { Dispatcher, FormData } from 'undici'
import { toNetworkError } from './network-errors.js'
import { ResponseCollector } from './response-collector.js'
import type { CollectedResponse, ResponseHead } from './response-collector.js'
import { attachTimer, type PhaseTimer } from './timing/phase-timer.js'

export type { ResponseHead } from './response-collector.js'

export type HttpRequestBody = string | Buffer | Uint8Array | FormData | URLSearchParams

export interface HttpRequestOptions {
  url: string
  /**
   * `url` already parsed (an http(s) URL's origin, and its path with the query), for a caller that checked it before:
   * spares a second parse on the hot path.
   */
  target?: { origin: string; path: string } | undefined
  method: string
  headers?: Record<string, string>
  body?: HttpRequestBody
  dispatcher: Dispatcher
  signal?: AbortSignal
  /**
   * Hears of the caller's abort without an AbortSignal (a CallContext's `onAbort`, see `whenAborted`); used instead of
   * `signal` when both are given.
   */
  onAbort?: ((listener: (reason: unknown) => void) => () => void) | undefined
  deadline?: number
  timeoutMs?: number
  /** The caller's abort (`signal` or `onAbort`) already fires at `deadline`: no second timer is armed. */
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
  inspectHeaders?: ((head: ResponseHead) => void) | undefined
  /** Times the phases of this request and keeps the head undici wrote (see `createPhaseTimer`). */
  timer?: PhaseTimer
}

/** Headers have lower-case names; a repeated one (`set-cookie` too) is joined with `, `: one string per name. */
export interface HttpResponse extends CollectedResponse {
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
  const path = dispatchTarget(url)
  // Every header a plugin built (REST header parameters, Last-Event-ID from a message…), not only the call's
  // metadata: a line break is the user's input, refused naming the header, never a connection failure.
  if (options.headers !== undefined) checkOutboundHeaders(options.headers)
  // Straight to the dispatcher with a literal options object, as undici's top-level `request(url, opts)` would
  // dispatch it (origin, path with the query, no fragment) minus its `{ ...opts }` copy: V8 builds that copy on a
  // slow path and every later read of it in undici pays for it (~25 µs a call).
  const dispatch = () =>
    options.dispatcher.request({
      origin: url.origin,
      path,
      method: options.method,
      headers: options.headers,
      body: options.body as Dispatcher.DispatchOptions['body'],
      signal: options.signal,
      ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeout: options.bodyTimeoutMs }),
    })
  return options.timer === undefined ? dispatch() : attachTimer(options.timer, dispatch)
}

/** The path with the query of a parsed http(s) URL, as undici dispatches it; refuses other schemes as undici would. */
function dispatchTarget(url: URL): string {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new errors.InvalidArgumentError('Invalid URL protocol: the URL must start with `http:` or `https:`.')
  }
  return url.search ? `${url.pathname}${url.search}` : url.pathname
}

/** What an abort reason becomes as the error of the call (undici's own default when there is none). */
function abortError(reason: unknown): Error {
  return reason instanceof Error ? reason : new errors.RequestAbortedError()
}

/**
 * Sends one request and reads its answer into memory up to `maxResponseBytes`, through a dispatch handler of our own
 * (`ResponseCollector`). Cancellation listens to the caller's abort; a time budget of its own is armed only when that
 * abort does not already carry the deadline.
 */
export function httpRequest(options: HttpRequestOptions): Promise<HttpResponse> {
  const started = performance.now()
  const deadline = options.deadline
  const budgetMs = deadline !== undefined ? Math.max(0, deadline - Date.now()) : (options.timeoutMs ?? undefined)
  const signal = options.signal
  const onAbort =
    options.onAbort ?? (signal === undefined ? undefined : (listener) => whenAborted({ signal }, listener))
  const isDeadlineCarried = options.signalCarriesDeadline === true && onAbort !== undefined && deadline !== undefined
  return new Promise<HttpResponse>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined
    let stopListening: (() => void) | undefined
    let isOwnTimeout = false
    let isAborted = false
    let abortReason: unknown
    const isTimedOut = (): boolean => (isDeadlineCarried ? isAborted && isTimeoutReason(abortReason) : isOwnTimeout)
    const method = options.method
    let path = ''
    // Undefined when the request cannot be sent (it is then refused before any dispatch).
    let origin: string | undefined
    try {
      if (options.target === undefined) {
        const url = new URL(options.url)
        path = dispatchTarget(url)
        origin = url.origin
      } else {
        path = options.target.path
        origin = options.target.origin
      }
      if (method === 'CONNECT') throw new errors.InvalidArgumentError('invalid method')
      // The same check as dispatchUrl's: a header no transport can send is a 400 naming it (toNetworkError passes the
      // WorkbenchError through).
      if (options.headers !== undefined) checkOutboundHeaders(options.headers)
    } catch (error) {
      origin = undefined
      reject(networkError(error))
    }
    const collector = new ResponseCollector({
      method,
      path,
      maxBytes: options.maxResponseBytes,
      inspectHeaders: options.inspectHeaders,
      timer: options.timer,
      settle(error, response) {
        if (timer !== undefined) clearTimeout(timer)
        stopListening?.()
        if (response === undefined) {
          reject(networkError(error))
          return
        }
        const result = response as HttpResponse
        result.durationMs = Math.round((performance.now() - started) * 100) / 100
        resolve(result)
      },
    })
    function networkError(error: unknown): WorkbenchError {
      return toNetworkError(error, {
        url: options.displayUrl ?? options.url,
        timedOut: isTimedOut(),
        budgetMs,
        clientCertificate: options.clientCertificate === true,
      })
    }
    if (origin === undefined) return
    if (onAbort !== undefined) {
      // Runs at once when the call is already aborted: the request is then never dispatched.
      stopListening = onAbort((reason) => {
        isAborted = true
        abortReason = reason
        collector.cancel(abortError(reason))
      })
      if (isAborted) return
    }
    if (!isDeadlineCarried && budgetMs !== undefined) {
      timer = setTimeout(() => {
        isOwnTimeout = true
        collector.cancel(new DOMException(`The call exceeded its ${budgetMs} ms budget.`, 'TimeoutError'))
      }, budgetMs)
      timer.unref()
    }
    try {
      options.dispatcher.dispatch(
        { origin, path, method, headers: options.headers, body: options.body as DispatchBody },
        collector,
      )
    } catch (error) {
      // An interceptor may throw before undici takes the request over.
      collector.cancel(abortError(error))
    }
  })
}

type DispatchBody = Dispatcher.DispatchOptions['body']

/** The reasons a deadline aborts with: a `timeout` WorkbenchError (the server) or a `TimeoutError` DOMException. */
function isTimeoutReason(reason: unknown): boolean {
  return WorkbenchError.is(reason, 'timeout') || (reason instanceof Error && reason.name === 'TimeoutError')
}
