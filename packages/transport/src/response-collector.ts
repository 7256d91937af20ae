/**
 * An undici dispatch handler that collects one response in memory up to a byte limit, straight from the dispatcher's
 * callbacks: no response stream, no request-API wrapper, no AbortSignal. On the relay's hot path those layers cost
 * more than the rest of the exchange (a Readable per response, its consumer, an async resource, a second header pass).
 */
import { STATUS_CODES } from 'node:http'
import type { Dispatcher } from 'undici'
import { expectHead, type PhaseTimer } from './timing/phase-timer.js'

export interface ResponseHead {
  status: number
  statusMessage: string
  /** Lower-case names; a repeated header is joined with `, `. */
  headers: Record<string, string>
}

export interface CollectedResponse extends ResponseHead {
  body: Buffer
  /** Bytes received (up to where reading stopped). */
  sizeBytes: number
  truncated: boolean
}

export interface ResponseCollectorOptions {
  method: string
  /** The request target as dispatched (path and query): tells this request's head from others undici writes. */
  path: string
  maxBytes: number
  /** Sees the status and headers before the body is read; what it throws ends the request with the body unread. */
  inspectHeaders?: ((head: ResponseHead) => void) | undefined
  timer?: PhaseTimer | undefined
  /** Called exactly once: with the response, or with what ended the exchange. */
  settle(error: unknown, response?: CollectedResponse): void
}

type Controller = Dispatcher.DispatchController
type IncomingHeaders = Record<string, string | string[] | undefined>

export class ResponseCollector implements Dispatcher.DispatchHandler {
  private controller: Controller | undefined
  /** Set once the exchange is settled (answered, failed or cancelled): later callbacks only clean up. */
  private isSettled = false
  /** A cancellation that came before undici handed us a controller; applied as soon as it does. */
  private pendingAbort: Error | undefined
  private head: ResponseHead | undefined
  private chunks: Buffer[] = []
  private size = 0

  constructor(private readonly options: ResponseCollectorOptions) {}

  /** Ends the exchange from outside (cancellation, deadline): settles with `error` and aborts the request. */
  cancel(error: Error): void {
    if (this.isSettled) return
    this.settle(error)
    if (this.controller) this.controller.abort(error)
    else this.pendingAbort = error
  }

  onRequestStart(controller: Controller): void {
    this.controller = controller
    if (this.pendingAbort) {
      controller.abort(this.pendingAbort)
      return
    }
    // undici writes this request's head right after this call, synchronously: the timer claims it.
    if (this.options.timer) expectHead(this.options.timer, this.options.method, this.options.path)
  }

  onResponseStart(controller: Controller, statusCode: number, headers: IncomingHeaders): void {
    // Informational answers (100 Continue, 103 Early Hints) come before the real one.
    if (statusCode < 200 || this.isSettled) return
    const timer = this.options.timer
    if (timer) timer.firstByteAt ??= performance.now()
    const head: ResponseHead = {
      status: statusCode,
      statusMessage: STATUS_CODES[statusCode] ?? '',
      headers: flatten(headers),
    }
    this.head = head
    if (this.options.inspectHeaders) {
      try {
        this.options.inspectHeaders(head)
      } catch (error) {
        this.settle(error)
        controller.abort(error instanceof Error ? error : new Error(String(error)))
        return
      }
    }
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.isSettled) return
    const room = this.options.maxBytes - this.size
    if (chunk.length > room) {
      // The rest is not read: the request is aborted and its connection closed.
      if (room > 0) this.chunks.push(chunk.subarray(0, room))
      this.size += room
      this.finish(true)
      controller.abort(new Error('The response body exceeded the limit.'))
      return
    }
    this.chunks.push(chunk)
    this.size += chunk.length
  }

  onResponseEnd(): void {
    if (this.isSettled) return
    this.options.timer?.end()
    this.finish(false)
  }

  onResponseError(_controller: Controller | undefined, error: Error): void {
    if (this.isSettled) return
    this.settle(error)
  }

  private finish(isTruncated: boolean): void {
    const head = this.head
    if (!head) {
      this.settle(new Error('The response ended before its headers.'))
      return
    }
    const chunks = this.chunks
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.size)
    this.isSettled = true
    this.options.settle(undefined, {
      status: head.status,
      statusMessage: head.statusMessage,
      headers: head.headers,
      body,
      sizeBytes: this.size,
      truncated: isTruncated,
    })
  }

  private settle(error: unknown): void {
    this.isSettled = true
    this.options.settle(error)
  }
}

/**
 * undici's parsed headers (lower-case names) as one string per name, flattened in place: the object is ours once undici
 * hands it over, and it is a plain object with fast properties (undici defines a `__proto__` header as an own entry),
 * which a copy into a null-prototype object would turn into a dictionary, slower to read and to serialise.
 */
function flatten(headers: IncomingHeaders): Record<string, string> {
  for (const name in headers) {
    const value = headers[name]
    if (typeof value === 'string') continue
    // undici's parser never leaves a name without a value; another dispatcher's headers are copied without it.
    if (value === undefined) return copyDefined(headers)
    headers[name] = value.join(', ')
  }
  return headers as Record<string, string>
}

function copyDefined(headers: IncomingHeaders): Record<string, string> {
  // Null prototype: a `__proto__` header stays a plain entry.
  const flat = Object.create(null) as Record<string, string>
  for (const name in headers) {
    const value = headers[name]
    if (value !== undefined) flat[name] = typeof value === 'string' ? value : value.join(', ')
  }
  return flat
}
