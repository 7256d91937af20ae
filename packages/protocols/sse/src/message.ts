/** Reads and checks the call message of an SSE call, and encodes a POST body (JSON unless it is a string). */
import { badMessage } from './errors.js'
import type { SseCallMessage } from './types.js'

export function readCallMessage(messages: readonly unknown[]): SseCallMessage {
  if (messages.length > 1) throw badMessage(`an SSE call takes one message, not ${messages.length}`)
  const raw = messages[0]
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badMessage('it must be a JSON object')
  const value = raw as Record<string, unknown>
  const message: SseCallMessage = {}
  if (value['method'] !== undefined && value['method'] !== null && value['method'] !== '') {
    const method = typeof value['method'] === 'string' ? value['method'].toUpperCase() : undefined
    if (method !== 'GET' && method !== 'POST') throw badMessage('method must be GET or POST')
    message.method = method
  }
  if (value['body'] !== undefined) message.body = value['body']
  const lastEventId = value['lastEventId']
  if (lastEventId !== undefined && lastEventId !== null && lastEventId !== '') {
    if (typeof lastEventId !== 'string') throw badMessage('lastEventId must be a string')
    message.lastEventId = lastEventId
  }
  const reconnect = value['reconnect']
  if (reconnect !== undefined && reconnect !== null) {
    if (typeof reconnect !== 'boolean') throw badMessage('reconnect must be true or false')
    message.reconnect = reconnect
  }
  return message
}

export interface EncodedBody {
  body: string
  contentType: string
}

/** A POST body: a string as it is (text), anything else as JSON. `undefined`/`null` sends no body. */
export function encodeBody(body: unknown): EncodedBody | undefined {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return { body, contentType: 'text/plain; charset=utf-8' }
  return { body: JSON.stringify(body), contentType: 'application/json' }
}
