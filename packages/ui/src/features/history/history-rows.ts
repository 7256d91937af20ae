/** How a history entry reads in the History tab: its status tone and the address it went to. */
import type { HistoryEntry } from '@wirebench/core'

export type HistoryTone = 'ok' | 'failed' | 'closed'

/** A stream or channel the user closed ended as asked: neither a success nor a failure. */
export function toneOf(entry: Pick<HistoryEntry, 'ok' | 'kind' | 'status'>): HistoryTone {
  if (entry.ok) return 'ok'
  return entry.kind !== 'unary' && entry.status === 'cancelled' ? 'closed' : 'failed'
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What the row names: a plain HTTP request's verb and URL (its message URL joined to the request's, as the plugin
 * sends it); any other request's method and the address it was sent to.
 */
export function historyLabel(entry: Pick<HistoryEntry, 'request'>): { title: string; url: string } {
  const { request } = entry
  const message = request.messages[0]
  const url = request.options?.serverUrl ?? request.url
  if (request.protocol === 'http' && isRecord(message)) {
    const verb = typeof message.method === 'string' ? message.method.toUpperCase() : 'GET'
    const path = typeof message.url === 'string' && message.url !== '' ? message.url : ''
    const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path : `${url.replace(/\/$/, '')}${path}`
    return { title: verb, url: full }
  }
  return { title: request.method, url }
}

/** The stored response body as text for the viewer: JSON indented, text as it is. */
export function responseText(response: unknown): string {
  if (typeof response === 'string') return response
  return JSON.stringify(response, null, 2) ?? ''
}
