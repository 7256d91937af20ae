/** Maps socket, DNS, TLS and undici failures of an outbound call onto WorkbenchError with the host and the cause named. */
import { WorkbenchError } from '@wirebench/core'
import { closedAfterHandshakeHint, tlsFailure } from './tls/tls-errors.js'

/** What the user can do about each socket-level cause. */
const socketHints: Record<string, string> = {
  ECONNREFUSED: 'Nothing is listening there: start the service, or check the host and port.',
  ENOTFOUND: 'Check the host name for typos, or that it resolves from this machine.',
  EAI_AGAIN: 'Check this machine’s network and DNS, then try again.',
  EHOSTUNREACH: 'Check that the host is up and reachable from this machine (VPN, firewall).',
  ENETUNREACH: 'Check this machine’s network connection (VPN, firewall).',
  ETIMEDOUT: 'The host did not accept the connection: check the address, VPN and firewall.',
  UND_ERR_CONNECT_TIMEOUT: 'The host did not accept the connection: check the address, VPN and firewall.',
  ECONNRESET: 'The server closed the connection: check its logs, and whether it expects TLS (https).',
  UND_ERR_SOCKET: 'The server closed the connection: check its logs, and whether it expects TLS (https).',
}

const socketCauses: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the peer',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'DNS lookup failed temporarily',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed while sending',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_SOCKET: 'socket closed unexpectedly',
  UND_ERR_CLOSED: 'the connection pool was closed',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'the response body stalled',
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let i = 0; i < 4 && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = current.cause
  }
  return undefined
}

export interface NetworkErrorContext {
  url: string
  /** True when the call's own deadline fired (see `createCallSignal`). */
  timedOut?: boolean
  budgetMs?: number
  /** The call presented a client certificate (mTLS): handshake failures are then about it first. */
  clientCertificate?: boolean
}

/** Turns anything an outbound request threw into a WorkbenchError a person can act on. */
export function toNetworkError(error: unknown, context: NetworkErrorContext): WorkbenchError {
  if (error instanceof WorkbenchError) return error
  const host = safeHost(context.url)
  if (context.timedOut) {
    const budget = context.budgetMs === undefined ? '' : ` after ${context.budgetMs} ms`
    return new WorkbenchError('timeout', `${context.url} did not answer in time${budget}.`, { cause: error })
  }
  if (error instanceof Error && (error.name === 'AbortError' || errorCode(error) === 'ABORT_ERR')) {
    return new WorkbenchError('cancelled', `The call to ${context.url} was cancelled.`, { cause: error })
  }
  if (isParserError(error)) {
    return new WorkbenchError(
      'upstream_invalid',
      `${host} did not answer with HTTP/1.1 (an HTTP/2-only or non-HTTP server?).`,
      {
        cause: error,
        details: { code: 'HTTP_PARSER' },
      },
    )
  }
  const code = errorCode(error)
  if (code === 'UND_ERR_INVALID_ARG' || code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN') {
    // The request could not be built from what the user gave (a header undici or Node refuses): nothing was sent.
    return new WorkbenchError('invalid_request', `The request to ${host} cannot be sent: ${safeReason(error)}.`, {
      cause: error,
      hint: 'Check the headers of the call: names are tokens, values have no line breaks.',
      details: { code },
    })
  }
  const tls = code === undefined ? undefined : tlsFailure(code, context.clientCertificate === true)
  if (tls) {
    return new WorkbenchError('upstream_unreachable', `TLS handshake with ${host} failed: ${tls.reason} (${code}).`, {
      cause: error,
      hint: tls.hint,
      details: { code },
    })
  }
  const known = code ? socketCauses[code] : undefined
  const reason = known ? `${known} (${code})` : error instanceof Error ? error.message : String(error)
  const hint = closedOverTls(code, context)
    ? closedAfterHandshakeHint(context.clientCertificate === true)
    : code
      ? socketHints[code]
      : undefined
  return new WorkbenchError('upstream_unreachable', `Cannot reach ${host}: ${reason}.`, {
    cause: error,
    details: code ? { code } : undefined,
    ...(hint ? { hint } : {}),
  })
}

/** undici's parser errors (`HPE_*`): something answered, but not in HTTP/1.1 (gRPC h2c, raw TCP services). */
function isParserError(error: unknown): boolean {
  let current: unknown = error
  for (let i = 0; i < 4 && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code
    if (current.name === 'HTTPParserError' || (typeof code === 'string' && code.startsWith('HPE_'))) return true
    current = current.cause
  }
  return false
}

/** An https connection closed or reset with no answer: what a TLS 1.3 server does to a certificate it refuses. */
function closedOverTls(code: string | undefined, context: NetworkErrorContext): boolean {
  return (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') && context.url.startsWith('https:')
}

/** Node's and undici's own words name the header, never its value; cut to one short line all the same. */
function safeReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat
}

function safeHost(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
