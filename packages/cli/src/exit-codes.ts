/** The exit codes of the call commands, as `--help` documents them, and how outcomes map onto them. */
import type { InvokeResult, StatusName, WorkbenchErrorCode } from '@wirebench/core'

export const exitCodes = {
  /** The command did what was asked and the call ended OK. */
  ok: 0,
  /** The call completed with a non-OK status (HTTP 4xx/5xx, a gRPC status other than OK, GraphQL errors, an MCP tool error…). */
  notOk: 1,
  /** The command line was wrong: a flag, a method name, a message, an environment. */
  usage: 2,
  /** Discovery or the connection failed: nothing answered the call. */
  unreachable: 3,
  /** The call ran out of time (`--timeout`). */
  timeout: 4,
} as const

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes]

export const exitCodeHelp = `
Exit codes:
  0  success
  1  the call completed with a non-OK status (HTTP 4xx/5xx, a gRPC status other than OK, a GraphQL response with
     errors, an MCP tool error, a failed hub invocation, a stream or channel that ended with an error, an HTTP
     redirect, which is not followed), or an assertion of a saved request (--request) did not pass
  2  usage error (unknown flag, method not found, a -d that is not JSON, an environment that does not exist, a host
     the environment's credentials are not approved for)
  3  discovery or connection failure
  4  timeout`

/** `list` and `describe` call nothing: their exits are about discovery. */
export const discoveryExitCodeHelp = `
Exit codes:
  0  success
  2  usage error (unknown flag, a --url that is no address, a service or method not found, an environment that does
     not exist)
  3  discovery or connection failure: nothing was found at any --url
  4  timeout: discovery ran out of time (--timeout)`

const usageCodes: ReadonlySet<WorkbenchErrorCode> = new Set<WorkbenchErrorCode>([
  'invalid_request',
  'no_plugin',
  'not_found',
  'unsupported',
  'payload_too_large',
])

const unreachableCodes: ReadonlySet<WorkbenchErrorCode> = new Set<WorkbenchErrorCode>([
  'upstream_unreachable',
  'upstream_invalid',
  'no_services',
  'invalid_document',
  'blocked_target',
  'forbidden',
  'unauthorized',
  'busy',
])

/** The exit code of a call that failed with this error (a thrown WorkbenchError, not a result). */
export function exitCodeForError(code: WorkbenchErrorCode): ExitCode {
  if (code === 'timeout') return exitCodes.timeout
  if (usageCodes.has(code)) return exitCodes.usage
  if (unreachableCodes.has(code)) return exitCodes.unreachable
  return exitCodes.notOk
}

export function exitCodeForStatus(status: StatusName): ExitCode {
  return status === 'OK' ? exitCodes.ok : exitCodes.notOk
}

/** A GraphQL answer with `errors` is not OK even when the transport said 200. */
function hasGraphqlErrors(response: unknown): boolean {
  if (typeof response !== 'object' || response === null) return false
  const errors = (response as { errors?: unknown }).errors
  return Array.isArray(errors) && errors.length > 0
}

/**
 * The HTTP status of a call that answered with a redirect the relay did not follow (3xx): the workbench calls that OK,
 * but nothing the caller asked for came back, so the command line treats it like any other non-2xx status.
 */
export function unfollowedRedirect(result: InvokeResult): number | undefined {
  const status = Number(result.metadata['http_status'])
  return status >= 300 && status < 400 ? status : undefined
}

export function exitCodeForResult(result: InvokeResult, protocol: string): ExitCode {
  if (result.status !== 'OK' || unfollowedRedirect(result) !== undefined) return exitCodes.notOk
  if (protocol === 'graphql' && hasGraphqlErrors(result.response)) return exitCodes.notOk
  return exitCodes.ok
}
