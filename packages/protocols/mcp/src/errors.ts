/**
 * Maps what the MCP SDK and the network throw onto WorkbenchError, and JSON-RPC error codes onto status names. An error
 * the server answered (a JSON-RPC error response) is a call result, not an exception; these are for everything else.
 */
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { WorkbenchError } from '@wirebench/core'
import type { AuthChallenge, StatusName } from '@wirebench/core'
import { toNetworkError } from '@wirebench/transport'

export interface ErrorContext {
  /** The address as the user wrote it (no API-key query). */
  url: string
  /** The last authorization challenge the session's requests met. */
  challenge?: AuthChallenge | undefined
  /** The server refused even a freshly refreshed Connect token. */
  refusedFreshToken?: boolean | undefined
  signal?: AbortSignal
}

/** JSON-RPC's error codes and MCP's own, as numbers (the SDK's enum does not compare with plain codes). */
export const jsonRpcCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  connectionClosed: -32000,
  requestTimeout: -32001,
  resourceNotFound: -32002,
  /** The user must finish URL-mode elicitations before the request can go on (MCP 2025-11-25). */
  urlElicitationRequired: -32042,
} as const

/** The HTTP status a transport error carries, when it carries one. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const code = error.code
    return typeof code === 'number' && code >= 100 && code <= 599 ? code : undefined
  }
  const match = error instanceof Error ? /\(HTTP (\d{3})\)/.exec(error.message) : null
  return match ? Number(match[1]) : undefined
}

/** The reason the call's signal fired (`timeout`, `cancelled`), when it did. */
export function abortReason(signal: AbortSignal | undefined): WorkbenchError | undefined {
  if (!signal?.aborted) return undefined
  const reason: unknown = signal.reason
  return reason instanceof WorkbenchError ? reason : new WorkbenchError('cancelled', 'The call was cancelled.')
}

/** Throws the reason the signal fired with, as a WorkbenchError (`cancelled` when it carried none). */
export function throwIfAborted(signal: AbortSignal): void {
  const reason = abortReason(signal)
  if (reason) throw reason
}

export function unauthorized(
  url: string,
  challenge: AuthChallenge | undefined,
  status = 401,
  refusedFreshToken = false,
): WorkbenchError {
  const where = challenge?.resourceMetadata
    ? ` It names its protected-resource metadata at ${challenge.resourceMetadata} (MCP authorization: OAuth 2.1).`
    : ''
  const details: Record<string, unknown> = { upstreamStatus: status }
  if (challenge) details['authChallenge'] = challenge
  return new WorkbenchError(
    status === 403 ? 'forbidden' : 'unauthorized',
    `${url} answered HTTP ${status}${challenge ? ` (WWW-Authenticate: ${challenge.wwwAuthenticate})` : ''}.${where}`,
    {
      details,
      hint: refusedFreshToken
        ? 'The server refused even a freshly refreshed token, so the authorization was dropped: Reconnect (sign in again); if that is refused too, the server does not accept its own authorization server’s tokens.'
        : challenge?.resourceMetadata
          ? 'Get a token from its authorization server (Connect), or give the environment a bearer token for it.'
          : 'Give the active environment the credentials this server expects (bearer token, API key).',
    },
  )
}

/** Anything thrown while talking to a server, as a WorkbenchError a person can act on. */
export function toMcpError(error: unknown, context: ErrorContext): WorkbenchError {
  const aborted = abortReason(context.signal)
  if (aborted) return aborted
  if (error instanceof WorkbenchError) return error
  const status = httpStatusOf(error)
  if (status === 401 || status === 403) {
    return unauthorized(context.url, context.challenge, status, context.refusedFreshToken === true)
  }
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const what = status === undefined ? error.message : `HTTP ${status}: ${error.message}`
    return new WorkbenchError('upstream_error', `${context.url} refused the MCP request (${what}).`, {
      cause: error,
      ...(status === undefined ? {} : { details: { upstreamStatus: status } }),
    })
  }
  if (error instanceof McpError) {
    if (error.code === jsonRpcCodes.connectionClosed) {
      return new WorkbenchError(
        'upstream_unreachable',
        `The MCP session with ${context.url} closed: ${error.message}.`,
        {
          cause: error,
          hint: 'Call again: the workbench reconnects.',
        },
      )
    }
    if (error.code === jsonRpcCodes.requestTimeout) {
      return new WorkbenchError('timeout', `${context.url} did not answer in time (${error.message}).`, {
        cause: error,
      })
    }
    return new WorkbenchError('upstream_error', `${context.url} answered with an error: ${error.message}`, {
      cause: error,
    })
  }
  if (isZodError(error)) {
    return new WorkbenchError(
      'upstream_invalid',
      `${context.url} answered with a malformed MCP message: ${shortZod(error)}`,
      {
        cause: error,
      },
    )
  }
  if (error instanceof TypeError && error.message === 'fetch failed')
    return toNetworkError(error.cause ?? error, context)
  if (error instanceof Error && error.message.includes('protocol version is not supported')) {
    return new WorkbenchError('unsupported', `${context.url}: ${error.message}.`, { cause: error })
  }
  return toNetworkError(error, context)
}

function isZodError(error: unknown): error is Error & { issues: Array<{ path: PropertyKey[]; message: string }> } {
  return error instanceof Error && Array.isArray((error as { issues?: unknown }).issues)
}

function shortZod(error: Error & { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const first = error.issues[0]
  if (!first) return error.message
  const path = first.path.map(String).join('.')
  return `${path === '' ? 'the message' : path}: ${first.message}.`
}

/** JSON-RPC error codes (and MCP's) onto the nearest status name. */
export function statusOfJsonRpcCode(code: number): StatusName {
  switch (code) {
    case jsonRpcCodes.invalidParams:
    case jsonRpcCodes.invalidRequest:
    case jsonRpcCodes.parseError:
      return 'InvalidArgument'
    case jsonRpcCodes.methodNotFound:
      return 'Unimplemented'
    case jsonRpcCodes.internalError:
      return 'Internal'
    case jsonRpcCodes.requestTimeout:
      return 'DeadlineExceeded'
    case jsonRpcCodes.resourceNotFound:
      return 'NotFound'
    case jsonRpcCodes.urlElicitationRequired:
      return 'FailedPrecondition'
    default:
      return 'Unknown'
  }
}

export function unknownMethod(service: string, method: string, target: string): WorkbenchError {
  return new WorkbenchError('not_found', `${target} has no ${service.toLowerCase()} entry "${method}".`, {
    hint: 'Discover the URL again: the server may have changed its lists.',
  })
}

export function badMessage(what: string, reason: string, shape: string): WorkbenchError {
  return new WorkbenchError('invalid_request', `The MCP ${what} message is not valid: ${reason}.`, { hint: shape })
}
