/** WebSocket-specific WorkbenchErrors: failed handshakes, refused upgrades, socket and TLS failures, unknown methods. */
import { WorkbenchError } from '@wirebench/core'
import { toNetworkError } from '@wirebench/transport'

export interface FailureContext {
  /** The address as the user wrote it (never the wire URL: that one carries the API key). */
  url: string
  signal: AbortSignal
  clientCertificate: boolean
}

/** Handshake answers `ws` rejects after a 101: the server speaks WebSocket, but not as the request asked. */
const handshakeProblems: Array<[RegExp, string]> = [
  [
    /Server sent no subprotocol/,
    'The server chose none of the subprotocols listed in Sec-WebSocket-Protocol: remove that header, or list one it supports.',
  ],
  [
    /invalid subprotocol|subprotocol but none was requested/,
    'The server chose a subprotocol that was not asked for: list the one it uses in the Sec-WebSocket-Protocol header.',
  ],
  [
    /Sec-WebSocket-Accept|Sec-WebSocket-Extensions|Upgrade header|Connection header/,
    'Check that the address is a WebSocket endpoint (and not a proxy that rewrites the upgrade).',
  ],
]

/** Turns whatever opening or using a socket threw into a WorkbenchError a person can act on. */
export function toSocketError(error: unknown, context: FailureContext): WorkbenchError {
  // The caller's own signal says why the call stopped (a `timeout` WorkbenchError at the deadline, or a cancel).
  if (context.signal.aborted) {
    const reason: unknown = context.signal.reason
    if (reason instanceof WorkbenchError) return reason
    return WorkbenchError.from(reason ?? error, 'cancelled')
  }
  if (error instanceof WorkbenchError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (/Opening handshake has timed out/.test(message)) {
    return new WorkbenchError('timeout', `${hostOf(context.url)} did not complete the WebSocket handshake in time.`, {
      cause: error,
    })
  }
  for (const [pattern, hint] of handshakeProblems) {
    if (pattern.test(message)) {
      return new WorkbenchError(
        'upstream_invalid',
        `WebSocket handshake with ${hostOf(context.url)} failed: ${message}.`,
        {
          cause: error,
          hint,
        },
      )
    }
  }
  // The transport's mapping reads the scheme to tell a TLS server closing on us from a plain reset; it gets no path
  // or query, since its messages may print the address and a query can hold a token.
  return toNetworkError(error, {
    url: originOf(context.url),
    clientCertificate: context.clientCertificate,
  })
}

/** The server answered the upgrade with an HTTP status instead of switching protocols. */
export function upgradeRefused(url: string, status: number, statusText: string): WorkbenchError {
  const words = statusText ? ` ${statusText}` : ''
  return new WorkbenchError('upstream_error', `${hostOf(url)} refused the WebSocket upgrade: HTTP ${status}${words}.`, {
    hint:
      status === 401 || status === 403
        ? 'Check the auth the server expects on the upgrade: headers (metadata), the API key, or the environment’s auth.'
        : 'Check the address, and the headers the server expects on the upgrade (metadata, auth, Sec-WebSocket-Protocol).',
    details: { status },
  })
}

export function unknownMethod(target: string, service: string, method: string): WorkbenchError {
  return new WorkbenchError('not_found', `${service}.${method} is not a method of ${target}.`, {
    hint: 'A WebSocket address has one method, connect; discover the address again.',
  })
}

/** `http(s)://host/` of a ws(s) address, without credentials, path or query. */
function originOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol === 'wss:' ? 'https:' : 'http:'}//${parsed.host}/`
  } catch {
    return 'http://invalid/'
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
