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
  const request: SavedRequest = {
    version: WORKSPACE_FILE_VERSION,
    name,
    protocol: address.protocol,
    url: address.url,
    service: address.service,
    method: address.method,
    messages: [draft.value],
  }
  const metadata = headersToMetadata(draft.headers)
  if (metadata) request.metadata = metadata
  const options: SavedRequestOptions = {
    ...protocolExtras(address.protocol)?.capture(key, { drafts: sources.drafts, address }),
  }
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
  protocolExtras(saved.protocol)?.restore(key, saved.options ?? {}, { drafts: sources.drafts, address })
  const serverUrl = saved.options?.serverUrl
  if (typeof serverUrl === 'string' && serverUrl) sources.prefs.getState().setServerUrl(saved.url, serverUrl)
}

/** What decides "unsaved changes": the request without its name, in a stable text form. */
export function requestFingerprint(request: SavedRequest): string {
  const { name: _name, notes: _notes, auth: _auth, ...rest } = request
  return stableJson(rest)
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
