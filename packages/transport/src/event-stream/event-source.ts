/**
 * An EventSource over undici: opens a `text/event-stream` request (any method, headers and body, through the caller's
 * dispatcher), yields its events, and when asked reconnects after a drop with `Last-Event-ID`, waiting the server's
 * `retry` (else 1 s, capped). A 204 ends it; so do `maxAttempts` failed attempts in a row.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Dispatcher } from 'undici'
import { WorkbenchError } from '@wirebench/core'
import { readBoundedBody } from '../body-reader.js'
import type { HttpRequestBody } from '../http-request.js'
import { isEventStreamType, openResponse, streamError } from './open-response.js'
import type { OpenedResponse } from './open-response.js'
import { defaultMaxEventBytes, parseEvents } from './parse-events.js'
import type { ServerSentEvent } from './parse-events.js'

export interface EventSourceOptions {
  /** The address on the wire (API-key query included). */
  url: string
  /** How messages name the target (no secrets in it). */
  displayUrl?: string
  method?: string
  headers?: Record<string, string>
  body?: HttpRequestBody
  dispatcher: Dispatcher
  signal: AbortSignal
  clientCertificate?: boolean
  /** Sent as `Last-Event-ID` on the first request too. */
  lastEventId?: string
  reconnect?: boolean
  /** Failed reconnection attempts in a row before giving up (default 10). */
  maxAttempts?: number
  /** Wait before reconnecting when the server sent no `retry` (default 1000 ms). */
  defaultRetryMs?: number
  /** Cap on any wait, whatever `retry` the server asks for (default 30 s). */
  maxRetryMs?: number
  maxEventBytes?: number
  /** Cap on the body read from a refused first answer (default 64 KiB). */
  maxRefusedBodyBytes?: number
}

export type EventSourceItem =
  | { type: 'open'; status: number; statusMessage: string; headers: Record<string, string> }
  | { type: 'event'; event: ServerSentEvent }
  /** A new connection is open after a drop; its events follow. */
  | { type: 'reconnect'; attempt: number; lastEventId?: string; delayMs: number }
  /** The first answer was not an event stream (non-2xx, or another content type): its start is read, bounded. */
  | {
      type: 'refused'
      status: number
      statusMessage: string
      headers: Record<string, string>
      body: Buffer
      truncated: boolean
    }
  | { type: 'end'; reason: 'closed' | 'no-content' | 'gave-up'; attempts?: number; error?: WorkbenchError }

export async function* openEventSource(options: EventSourceOptions): AsyncGenerator<EventSourceItem, void, undefined> {
  const maxAttempts = options.maxAttempts ?? 10
  const defaultRetryMs = options.defaultRetryMs ?? 1_000
  const maxRetryMs = options.maxRetryMs ?? 30_000
  let lastEventId = options.lastEventId
  let retryMs: number | undefined
  let response: OpenedResponse | undefined
  try {
    response = await connect(options, lastEventId)
    const ok = response.status >= 200 && response.status < 300
    if (response.status === 204) {
      yield open(response)
      response.close()
      yield { type: 'end', reason: 'no-content' }
      return
    }
    if (!ok || !isEventStreamType(response.headers['content-type'])) {
      // A socket dropped while the refusal is read fails like any stream read (mapped, never a raw undici error).
      const body = await readBoundedBody(response.body, options.maxRefusedBodyBytes ?? 64 * 1024).catch(
        (error: unknown) => {
          throw streamError(error, options)
        },
      )
      response.close()
      yield { type: 'refused', ...statusOf(response), body: body.bytes, truncated: body.truncated }
      return
    }
    yield open(response)
    let failures = 0
    let attempt = 0
    for (;;) {
      const drop = yield* relay(response, options, {
        onEvent(event) {
          if (event.id !== undefined) lastEventId = event.id === '' ? undefined : event.id
          failures = 0
          attempt = 0
        },
        onRetry(ms) {
          retryMs = ms
        },
        onLastEventId(id) {
          lastEventId = id === '' ? undefined : id
        },
      })
      response = undefined
      if (!options.reconnect) {
        if (drop) throw drop
        yield { type: 'end', reason: 'closed' }
        return
      }
      // Reconnect until a connection opens (or the attempts run out): only then is it announced.
      let lastError = drop
      for (;;) {
        if (failures >= maxAttempts) {
          yield { type: 'end', reason: 'gave-up', attempts: failures, ...(lastError ? { error: lastError } : {}) }
          return
        }
        const delayMs = Math.min(retryMs ?? defaultRetryMs, maxRetryMs)
        await wait(delayMs, options)
        attempt++
        failures++
        try {
          response = await connect(options, lastEventId)
        } catch (error) {
          if (options.signal.aborted) throw streamError(error, options)
          lastError = WorkbenchError.from(error)
          continue
        }
        if (response.status === 204) {
          response.close()
          yield { type: 'end', reason: 'no-content' }
          return
        }
        if (response.status < 200 || response.status >= 300 || !isEventStreamType(response.headers['content-type'])) {
          response.close()
          lastError = new WorkbenchError(
            'upstream_error',
            `Reconnecting to ${options.displayUrl ?? options.url} was answered HTTP ${response.status}.`,
          )
          response = undefined
          continue
        }
        yield { type: 'reconnect', attempt, delayMs, ...(lastEventId === undefined ? {} : { lastEventId }) }
        break
      }
    }
  } finally {
    response?.close()
  }
}

interface RelayHooks {
  onEvent: (event: ServerSentEvent) => void
  onRetry: (ms: number) => void
  onLastEventId: (id: string) => void
}

/** Yields one connection's events; returns the error that dropped it (undefined for a clean end), throws on abort. */
async function* relay(
  response: OpenedResponse,
  options: EventSourceOptions,
  hooks: RelayHooks,
): AsyncGenerator<EventSourceItem, WorkbenchError | undefined, undefined> {
  const displayUrl = options.displayUrl ?? options.url
  try {
    for await (const event of parseEvents(response.body, {
      maxEventBytes: options.maxEventBytes ?? defaultMaxEventBytes,
      displayUrl,
      onRetry: hooks.onRetry,
      onLastEventId: hooks.onLastEventId,
    })) {
      hooks.onEvent(event)
      yield { type: 'event', event }
    }
    return undefined
  } catch (error) {
    if (options.signal.aborted || WorkbenchError.is(error, 'payload_too_large')) throw streamError(error, options)
    return streamError(error, options)
  } finally {
    response.close()
  }
}

/** The headers of an event-stream request: the reader's Accept and Cache-Control, the caller's, Last-Event-ID. */
export function eventStreamHeaders(
  callerHeaders: Readonly<Record<string, string>> | undefined,
  lastEventId: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' }
  // The caller's headers win (a user may ask for another Accept); Last-Event-ID is the reader's own.
  for (const [name, value] of Object.entries(callerHeaders ?? {})) {
    const lower = name.toLowerCase()
    if (lower !== 'last-event-id') headers[lower] = value
  }
  if (lastEventId !== undefined && lastEventId !== '') headers['last-event-id'] = lastEventId
  return headers
}

function connect(options: EventSourceOptions, lastEventId: string | undefined): Promise<OpenedResponse> {
  const headers = eventStreamHeaders(options.headers, lastEventId)
  return openResponse({
    url: options.url,
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: options.body }),
    dispatcher: options.dispatcher,
    signal: options.signal,
    ...(options.displayUrl === undefined ? {} : { displayUrl: options.displayUrl }),
    clientCertificate: options.clientCertificate === true,
    bodyTimeoutMs: 0,
  })
}

async function wait(ms: number, options: EventSourceOptions): Promise<void> {
  try {
    await sleep(ms, undefined, { signal: options.signal })
  } catch (error) {
    throw streamError(error, options)
  }
}

function statusOf(response: OpenedResponse): {
  status: number
  statusMessage: string
  headers: Record<string, string>
} {
  return { status: response.status, statusMessage: response.statusMessage, headers: response.headers }
}

function open(response: OpenedResponse): EventSourceItem {
  return { type: 'open', ...statusOf(response) }
}
