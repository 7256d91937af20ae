/**
 * Unary `invoke`: reads the event stream to its end (never reconnecting), bounded by `limits.maxResponseBytes` of
 * events (their data, id and type plus a fixed cost each); `response` is the list of events `{ data, id?, event?,
 * retry? }`. At the deadline it answers the events so far, `truncated`, with status DeadlineExceeded.
 */
import { WorkbenchError, httpStatusToStatusName } from '@wirebench/core'
import type { CallContext, InvokeResult } from '@wirebench/core'
import { eventData, eventMeta, headersMetadata, openEventSource } from '@wirebench/transport'
import type { ServerSentEvent } from '@wirebench/transport'

import { prepareRequest } from './request.js'
import { sourceOptions } from './stream.js'
import type { ResolvedSseCall, SseCallDeps } from './stream.js'

// What an event holds beyond its strings (the entry, its field names): empty events are not free.
const perEventBytes = 32

function eventCost(event: ServerSentEvent): number {
  return perEventBytes + event.data.length + (event.id?.length ?? 0) + (event.event?.length ?? 0)
}

export async function invokeEvents(call: ResolvedSseCall, ctx: CallContext, deps: SseCallDeps): Promise<InvokeResult> {
  const started = performance.now()
  const request = prepareRequest(call.url, ctx, deps)
  const unary: ResolvedSseCall = { ...call, message: { ...call.message, reconnect: false } }
  const events: unknown[] = []
  const result: InvokeResult = { response: events, durationMs: 0, status: 'OK', metadata: {} }
  let size = 0
  let opened = false
  try {
    for await (const item of openEventSource(sourceOptions(unary, request, ctx, deps))) {
      if (item.type === 'open') {
        opened = true
        result.metadata = headersMetadata(item.status, item.headers)
        result.statusMessage = `HTTP ${item.status}`
      } else if (item.type === 'event') {
        size += eventCost(item.event)
        if (size > ctx.limits.maxResponseBytes) {
          result.truncated = true
          break
        }
        events.push({ data: eventData(item.event.data), ...eventMeta(item.event) })
      } else if (item.type === 'refused') {
        result.metadata = headersMetadata(item.status, item.headers)
        result.response = eventData(item.body.toString('utf8'))
        const isSuccess = item.status >= 200 && item.status < 300
        result.status = isSuccess ? 'FailedPrecondition' : httpStatusToStatusName(item.status)
        result.statusMessage = isSuccess
          ? `The server answered with ${item.headers['content-type'] ?? 'no content type'}, not text/event-stream.`
          : `HTTP ${item.status} ${item.statusMessage}`.trimEnd()
        if (item.truncated) result.truncated = true
        const contentType = item.headers['content-type']
        if (contentType !== undefined) result.contentType = contentType
      }
    }
  } catch (error) {
    // Many streams never end: the events that arrived before the deadline are the answer, marked cut short. With none
    // there is nothing to keep, and the call fails with timeout like any other.
    if (events.length === 0 || !WorkbenchError.is(error, 'timeout')) throw error
    result.status = 'DeadlineExceeded'
    result.statusMessage = error.message
    result.truncated = true
  } finally {
    await request.lease.release()
  }
  result.sizeBytes = size
  result.durationMs = Math.round((performance.now() - started) * 100) / 100
  if (opened) result.contentType = result.metadata['content-type'] ?? 'text/event-stream'
  return result
}
