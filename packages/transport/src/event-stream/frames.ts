/**
 * Turns what the event-stream reader yields into the StreamFrames every protocol shares, so the SSE plugin and the
 * REST plugin's event-stream operations show events alike (headers, one message per event, reconnect notices, end).
 */
import { httpStatusToStatusName } from '@wirebench/core'
import type { StreamFrame } from '@wirebench/core'
import type { EventSourceItem } from './event-source.js'
import type { ServerSentEvent } from './parse-events.js'

/** Event data as JSON when it parses, else the text. */
export function eventData(text: string): unknown {
  const trimmed = text.trimStart()
  const first = trimmed.charCodeAt(0)
  // Only text that can be JSON is tried: most plain data lines skip the throw-and-catch.
  if (!(
    first === 0x7b ||
    first === 0x5b ||
    first === 0x22 ||
    first === 0x2d ||
    (first >= 0x30 && first <= 0x39) ||
    /^(true|false|null)\b/.test(trimmed)
  ))
    return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export function eventMeta(event: ServerSentEvent): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  if (event.id !== undefined) meta['id'] = event.id
  if (event.event !== undefined) meta['event'] = event.event
  if (event.retry !== undefined) meta['retry'] = event.retry
  return meta
}

export function headersMetadata(status: number, headers: Record<string, string>): Record<string, string> {
  const metadata = Object.create(null) as Record<string, string>
  for (const name in headers) metadata[name] = headers[name] as string
  metadata['http_status'] = String(status)
  return metadata
}

/** The frames of one reader item; `displayUrl` names the target in end messages. */
export function eventSourceFrames(item: EventSourceItem, displayUrl: string): StreamFrame[] {
  switch (item.type) {
    case 'open':
      return [{ type: 'headers', metadata: headersMetadata(item.status, item.headers) }]
    case 'event':
      return [{ type: 'message', data: eventData(item.event.data), meta: eventMeta(item.event) }]
    case 'reconnect': {
      const meta: Record<string, unknown> = { kind: 'reconnect', attempt: item.attempt }
      if (item.lastEventId !== undefined) meta['lastEventId'] = item.lastEventId
      const data = `Reconnected (attempt ${item.attempt}, Last-Event-ID: ${item.lastEventId ?? 'none'})`
      return [{ type: 'message', data, meta }]
    }
    case 'refused':
      return refusedFrames(item, displayUrl)
    case 'end':
      if (item.reason === 'gave-up') {
        const why = item.error ? `: ${item.error.message}` : ''
        return [
          {
            type: 'end',
            status: 'Unavailable',
            message: `Gave up after ${item.attempts ?? 0} failed reconnection attempts in a row${why}`,
          },
        ]
      }
      if (item.reason === 'no-content') {
        return [{ type: 'end', status: 'OK', message: 'The server answered 204 No Content: the stream is over.' }]
      }
      return [{ type: 'end', status: 'OK' }]
  }
}

function refusedFrames(item: Extract<EventSourceItem, { type: 'refused' }>, displayUrl: string): StreamFrame[] {
  const headers: StreamFrame = { type: 'headers', metadata: headersMetadata(item.status, item.headers) }
  const body = item.body.toString('utf8')
  const details = { http_status: item.status, body: eventData(body), ...(item.truncated ? { truncated: true } : {}) }
  if (item.status >= 200 && item.status < 300) {
    const contentType = item.headers['content-type'] ?? 'no content type'
    return [
      headers,
      {
        type: 'end',
        status: 'FailedPrecondition',
        message: `${displayUrl} answered HTTP ${item.status} with ${contentType}, not text/event-stream.`,
        details,
      },
    ]
  }
  return [
    headers,
    {
      type: 'end',
      status: httpStatusToStatusName(item.status),
      message: `HTTP ${item.status} ${item.statusMessage}`.trimEnd(),
      details,
    },
  ]
}
