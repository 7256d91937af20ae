/**
 * Reads call messages. A tool's message is its arguments object; a resource template's, its URI variables; a
 * prompt's, its arguments (strings). Every one may carry `_meta` (the request's own `_meta`, where `progressToken`
 * names the call for progress). Keys that fit nothing are refused with their names, never dropped.
 */
import type { McpCallMeta, McpProgressToken } from '@wirebench/core'
import { badMessage } from './errors.js'

export interface ReadMessage {
  fields: Record<string, unknown>
  meta?: McpCallMeta
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function readMessage(messages: readonly unknown[], what: string, shape: string): ReadMessage {
  if (messages.length > 1) throw badMessage(what, `${messages.length} messages were sent; an MCP call takes one`, shape)
  const first = messages[0] ?? {}
  if (!isRecord(first)) throw badMessage(what, 'it must be a JSON object', shape)
  const { _meta: meta, ...fields } = first
  if (meta === undefined) return { fields }
  if (!isRecord(meta)) throw badMessage(what, '_meta must be an object', shape)
  const token = meta['progressToken']
  if (token !== undefined && typeof token !== 'string' && !(typeof token === 'number' && Number.isInteger(token))) {
    throw badMessage(what, '_meta.progressToken must be a string or an integer', shape)
  }
  return { fields, meta: meta }
}

export function progressTokenOf(meta: McpCallMeta | undefined): McpProgressToken | undefined {
  return meta?.progressToken
}

/** Refuses keys outside `allowed`, naming them and the allowed ones. */
export function refuseStrayKeys(
  fields: Record<string, unknown>,
  allowed: readonly string[],
  what: string,
  shape: string,
): void {
  const stray = Object.keys(fields).filter((key) => !allowed.includes(key))
  if (stray.length === 0) return
  const known = allowed.length > 0 ? `it takes ${allowed.map((k) => `"${k}"`).join(', ')}` : 'it takes no fields'
  throw badMessage(
    what,
    `${stray.map((k) => `"${k}"`).join(', ')} ${stray.length === 1 ? 'is' : 'are'} not known (${known})`,
    shape,
  )
}

/** A prompt argument or a URI variable as the string MCP sends; numbers and booleans are written out. */
export function stringValue(value: unknown, name: string, what: string, shape: string): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw badMessage(what, `"${name}" must be a string`, shape)
}
