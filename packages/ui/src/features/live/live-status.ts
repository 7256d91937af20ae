/**
 * What a live call's state means to the user, in its protocol's own words: a short label, a tone for the badge, and a
 * sentence for the log's last row. gRPC calls end with a status name; a WebSocket closes with a code and reason; an
 * event stream ends or is refused with an HTTP status; a GraphQL subscription completes or ends with errors.
 */
import { httpStatusClass, statusNames } from '@wirebench/core'
import type { StatusTone } from '../response/StatusBadge.js'
import type { LiveCallState, LiveEnd } from '../../state/live-store.js'

export interface LiveStatusView {
  label: string
  tone: StatusTone
  sentence: string
}

/**
 * How a protocol's live calls end, which decides the words and the tabs the live view shows. An MCP session channel
 * (`session`) ends like an RPC but takes no typed messages and has no trailers: its log shows what the server sends.
 */
export type LiveOutcomeKind = 'rpc' | 'websocket' | 'event-stream' | 'graphql' | 'session'

export function liveOutcomeKind(protocol: string): LiveOutcomeKind {
  switch (protocol) {
    case 'websocket':
      return 'websocket'
    case 'sse':
    case 'rest':
      return 'event-stream'
    case 'graphql':
      return 'graphql'
    case 'mcp':
      return 'session'
    default:
      return 'rpc'
  }
}

/** Only RPC protocols (gRPC, gRPC-Web, Connect) have trailers; the others would show an always-empty tab. */
export function hasTrailers(kind: LiveOutcomeKind): boolean {
  return kind === 'rpc'
}

/** `NotFound (5)`: the gRPC status name with its code. */
export function statusWithCode(name: string): string {
  const code = (statusNames as readonly string[]).indexOf(name)
  return code >= 0 ? `${name} (${code})` : name
}

export function liveStatusView(call: LiveCallState, kind: LiveOutcomeKind = 'rpc'): LiveStatusView {
  if (call.isConnectionLost) {
    return { label: 'Connection lost', tone: 'server-error', sentence: 'Connection lost: the call ended.' }
  }
  switch (call.status) {
    case 'opening':
      return { label: kind === 'websocket' ? 'Connecting' : 'Opening', tone: 'other', sentence: 'Opening the call…' }
    case 'open':
      return openView(call, kind)
    case 'half-closed':
      return kind === 'websocket'
        ? { label: 'Closing', tone: 'redirect', sentence: 'Closing: waiting for the server to close too…' }
        : {
            label: 'Half-closed',
            tone: 'redirect',
            sentence: 'You half-closed the call; waiting for the server to finish…',
          }
    case 'closed':
    case 'error': {
      const end = call.end
      // A call cancelled in the workbench; gRPC keeps its status name and code, its users read them.
      if (end?.status === 'Cancelled' && kind !== 'rpc' && end.details === undefined) {
        return { label: 'Cancelled', tone: 'client-error', sentence: end.message ?? 'Cancelled.' }
      }
      if (end) return endView(end, kind)
      if (call.problem) return { label: 'Failed', tone: 'server-error', sentence: `Failed · ${call.problem.title}` }
      return { label: 'Closed', tone: 'success', sentence: 'Ended.' }
    }
  }
}

function openView(call: LiveCallState, kind: LiveOutcomeKind): LiveStatusView {
  if (kind === 'websocket') {
    return { label: 'Connected', tone: 'redirect', sentence: 'Connected: send messages with the composer.' }
  }
  if (kind === 'session') {
    return {
      label: 'Open',
      tone: 'redirect',
      sentence: 'Session open: the server’s notifications and requests appear here.',
    }
  }
  if (call.mode === 'channel') {
    return { label: 'Open', tone: 'redirect', sentence: 'Channel open: send messages with the composer.' }
  }
  return { label: 'Streaming', tone: 'redirect', sentence: 'Receiving…' }
}

function endView(end: LiveEnd, kind: LiveOutcomeKind): LiveStatusView {
  switch (kind) {
    case 'websocket':
      return closeView(end) ?? rpcEndView(end)
    case 'event-stream':
      return eventStreamEndView(end)
    case 'graphql':
      return graphqlEndView(end)
    case 'rpc':
    case 'session':
      return rpcEndView(end)
  }
}

function rpcEndView(end: LiveEnd): LiveStatusView {
  const label = statusWithCode(end.status)
  const tone = end.status === 'OK' ? 'success' : 'server-error'
  return { label, tone, sentence: `Ended · ${label}${end.message ? ` · ${end.message}` : ''}` }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A close frame's code and reason (`details: {code, reason}`), shown as the server sent them. */
function closeView(end: LiveEnd): LiveStatusView | undefined {
  const details = end.details
  if (!isRecord(details) || typeof details.code !== 'number') return undefined
  const code = details.code
  const reason = typeof details.reason === 'string' ? details.reason : ''
  const sentence = reason
    ? `Closed ${code}: ${reason}`
    : `Closed ${code}${closeMeaning[code] ? ` (${closeMeaning[code]})` : ''}`
  return { label: `Closed ${code}`, tone: closeTone(code), sentence }
}

/** RFC 6455 §7.4.1 meanings, for closes that came without a reason. */
const closeMeaning: Record<number, string> = {
  1000: 'normal closure',
  1001: 'going away',
  1002: 'protocol error',
  1003: 'unsupported data',
  1005: 'no code given',
  1006: 'the connection dropped without a close frame',
  1007: 'invalid payload data',
  1008: 'policy violation',
  1009: 'message too big',
  1010: 'missing extension',
  1011: 'server error',
  1012: 'service restart',
  1013: 'try again later',
  1014: 'bad gateway',
  1015: 'TLS handshake failed',
}

function closeTone(code: number): StatusTone {
  if (code === 1000 || code === 1001 || code === 1005) return 'success'
  if (code === 1006 || code === 1011 || (code >= 1012 && code <= 1015)) return 'server-error'
  // Application codes (3000–4999) and the remaining protocol codes: the server said why; not a failure of ours.
  return 'client-error'
}

function eventStreamEndView(end: LiveEnd): LiveStatusView {
  const http = isRecord(end.details) && typeof end.details.http_status === 'number' ? end.details.http_status : null
  if (http !== null) {
    const isStreamStatus = http >= 200 && http < 300
    return {
      label: isStreamStatus ? 'Not an event stream' : `HTTP ${http}`,
      tone: isStreamStatus ? 'client-error' : httpStatusClass(http),
      sentence: end.message ?? `HTTP ${http}`,
    }
  }
  if (end.status === 'OK') {
    return {
      label: 'Stream ended',
      tone: 'success',
      sentence: `The server ended the stream.${end.message ? ` ${end.message}` : ''}`,
    }
  }
  return { label: 'Stream failed', tone: 'server-error', sentence: end.message ?? 'The stream failed.' }
}

function graphqlEndView(end: LiveEnd): LiveStatusView {
  const close = closeView(end)
  if (close) return close
  if (Array.isArray(end.details) && end.details.length > 0) {
    const count = end.details.length
    return {
      label: `${count} GraphQL error${count === 1 ? '' : 's'}`,
      tone: 'server-error',
      sentence: `Ended with ${count === 1 ? 'an error' : `${count} errors`}: ${end.message ?? ''}`.trimEnd(),
    }
  }
  if (isRecord(end.details) && Array.isArray(end.details.refused)) {
    // The addresses and answers are listed above the log; one line here cannot hold them.
    return { label: 'Refused', tone: 'server-error', sentence: 'No transport took the subscription (see above).' }
  }
  if (end.status === 'OK')
    return { label: 'Completed', tone: 'success', sentence: 'The server completed the subscription.' }
  return { label: 'Failed', tone: 'server-error', sentence: end.message ?? 'The subscription failed.' }
}
