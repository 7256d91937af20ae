/**
 * Turns what a request pane holds into a `SavedRequest` and back. Every pane keeps its request in the method's
 * draft (message value and headers; GraphQL's operation and variables, SSE's method and body, SignalR's arguments and
 * transport, MCP's arguments all live in the value), so one pair covers them; a protocol with state outside the draft
 * (the WebSocket and SignalR composers, the MCP session's settings) adds it through `protocolExtras`.
 */
import { WORKSPACE_FILE_VERSION, type SavedRequest, type SavedRequestOptions } from '@wirebench/core'
import { protocolExtras } from '../protocols/request-extras.js'
import { emptyDraft, headersToMetadata, newHeaderRow, type DraftsStore } from './drafts-store.js'
import type { PrefsStore } from './prefs-store.js'
import type { RequestAddress } from './request-address.js'

export interface CaptureSources {
  drafts: DraftsStore
  prefs: PrefsStore
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The request a pane (draft key `key`) holds now, as a workspace would save it: `${var}` references kept as typed. */
export function captureRequest(
  sources: CaptureSources,
  key: string,
  address: RequestAddress,
  name: string,
): SavedRequest {
  const draft = sources.drafts.getState().drafts[key] ?? emptyDraft
  const extras = protocolExtras(address.protocol)
  const context = { drafts: sources.drafts, address }
  const request: SavedRequest = {
    version: WORKSPACE_FILE_VERSION,
    name,
    protocol: address.protocol,
    url: address.url,
    service: address.service,
    method: address.method,
    messages: extras?.messages?.(key, context) ?? [draft.value],
  }
  const metadata = headersToMetadata(draft.headers)
  if (metadata) request.metadata = metadata
  const options: SavedRequestOptions = { ...extras?.capture(key, context) }
  const serverUrl = sources.prefs.getState().serverUrls[address.url]
  if (serverUrl) options.serverUrl = serverUrl
  if (Object.keys(options).length > 0) request.options = options
  return request
}

/** Puts a saved request into the draft `key`, so the pane opened on it shows exactly what was saved. */
export function restoreRequest(sources: CaptureSources, key: string, saved: SavedRequest): void {
  const drafts = sources.drafts.getState()
  const first = saved.messages[0]
  drafts.clearPending(key)
  drafts.setValue(key, isRecord(first) ? first : {})
  drafts.setHeaders(
    key,
    Object.entries(saved.metadata ?? {}).map(([name, value]) => newHeaderRow(name, value)),
  )
  const address = { protocol: saved.protocol, url: saved.url, service: saved.service, method: saved.method }
  protocolExtras(saved.protocol)?.restore(key, saved.options ?? {}, { drafts: sources.drafts, address }, saved.messages)
  // The Server field reads one choice per origin: a request saved without one means the default server, so a choice
  // left by another request of the same origin must not show (nor be saved into this one).
  const serverUrl = saved.options?.serverUrl
  sources.prefs.getState().setServerUrl(saved.url, typeof serverUrl === 'string' ? serverUrl : '')
}

/** Option keys a pane holds (and so captures); every other option of a saved file is kept as it is on a save. */
const paneOptionKeys = new Set(['serverUrl', 'composer', 'session'])

/**
 * `captured` with what the pane does not hold taken from `base` (the file it replaces, or the request it was saved
 * from): notes, auth, assertions and options such as `timeoutMs` are set outside the pane, and a save must not drop
 * them.
 */
export function withUnheldFields(captured: SavedRequest, base: SavedRequest | undefined): SavedRequest {
  if (!base) return captured
  const request: SavedRequest = { ...captured }
  if (base.auth) request.auth = base.auth
  if (base.notes !== undefined) request.notes = base.notes
  if (base.assertions?.length) request.assertions = base.assertions
  const kept = Object.entries(base.options ?? {}).filter(([name]) => !paneOptionKeys.has(name))
  if (kept.length > 0) request.options = { ...Object.fromEntries(kept), ...captured.options }
  return request
}

/** What decides "unsaved changes": what the pane holds of the request (not its name), in a stable text form. */
export function requestFingerprint(request: SavedRequest): string {
  const { name: _name, notes: _notes, auth: _auth, assertions: _assertions, options, ...rest } = request
  const held = Object.entries(options ?? {}).filter(([name]) => paneOptionKeys.has(name))
  return stableJson(held.length > 0 ? { ...rest, options: Object.fromEntries(held) } : rest)
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  )
}
