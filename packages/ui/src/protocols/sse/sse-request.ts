/** The SSE call message (`{ method?, body?, lastEventId?, reconnect? }`) as the pane edits it, and its POST body text. */

export type SseMethod = 'GET' | 'POST'

export interface SseRequest {
  method?: SseMethod
  body?: unknown
  lastEventId?: string
  reconnect?: boolean
}

export function readSseRequest(
  value: Record<string, unknown>,
  fallbackMethod: SseMethod,
): Required<Omit<SseRequest, 'body'>> & { body?: unknown } {
  const method = value.method === 'GET' || value.method === 'POST' ? value.method : fallbackMethod
  return {
    method,
    lastEventId: typeof value.lastEventId === 'string' ? value.lastEventId : '',
    reconnect: value.reconnect === true,
    ...(value.body !== undefined ? { body: value.body } : {}),
  }
}

/** The body a POST sends for the text typed: JSON when it parses (sent as JSON), else the text itself. */
export function bodyFromText(text: string): unknown {
  if (!text.trim()) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The text shown for a body value (strings as they are, JSON indented). */
export function textFromBody(body: unknown): string {
  if (body === undefined) return ''
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2)
}

/** The message sent: empty fields left out, the body only with POST. */
export function withSseField(value: Record<string, unknown>, patch: SseRequest): Record<string, unknown> {
  const next: Record<string, unknown> = { ...value, ...patch }
  if (next.lastEventId === '') delete next.lastEventId
  if (next.body === undefined) delete next.body
  if (next.reconnect === false) delete next.reconnect
  return next
}
